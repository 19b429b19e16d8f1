using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Gen0.Analyzers.CodeFixes;

/// <summary>Small syntax edits the fixes share.</summary>
internal static class SyntaxHelpers
{
    /// <summary>Adds <c>using <paramref name="namespaceName"/>;</c> to the file unless it is already imported there.</summary>
    public static CompilationUnitSyntax AddUsingIfMissing(CompilationUnitSyntax root, string namespaceName)
    {
        if (root.Usings.Any(u => u.Name?.ToString() == namespaceName)
            || root.DescendantNodes().OfType<BaseNamespaceDeclarationSyntax>().Any(n => n.Usings.Any(u => u.Name?.ToString() == namespaceName)))
        {
            return root;
        }

        return root.AddUsings(SyntaxFactory.UsingDirective(SyntaxFactory.ParseName(namespaceName)).WithTrailingTrivia(SyntaxFactory.ElasticCarriageReturnLineFeed));
    }

    /// <summary>True when <paramref name="name"/> is assigned, or passed by ref or out, anywhere in <paramref name="scope"/>.</summary>
    public static bool IsReassigned(SyntaxNode scope, string name) =>
        scope.DescendantNodes().Any(node => node switch
        {
            AssignmentExpressionSyntax assignment => assignment.Left is IdentifierNameSyntax target && target.Identifier.ValueText == name,
            ArgumentSyntax argument => !argument.RefKindKeyword.IsKind(SyntaxKind.None) && argument.Expression is IdentifierNameSyntax passed && passed.Identifier.ValueText == name,
            PrefixUnaryExpressionSyntax or PostfixUnaryExpressionSyntax => node.ChildNodes().OfType<IdentifierNameSyntax>().Any(n => n.Identifier.ValueText == name),
            _ => false,
        });
}
