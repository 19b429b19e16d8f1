using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Formatting;

namespace Gen0.Analyzers.CodeFixes;

/// <summary>
/// GEN0002 and GEN0008: for <c>var x = pool.Rent(...);</c> directly in a block, wraps the rest of the block in
/// <c>try { ... } finally { pool.Return(x); }</c> and drops the block's own top-level <c>pool.Return(x);</c>
/// statements, which the finally now does. Offered when the pool expression can be evaluated twice without side
/// effects (a name or a chain of member accesses such as <c>ArrayPool&lt;byte&gt;.Shared</c>).
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(RentWithoutReturnCodeFix)), Shared]
public sealed class RentWithoutReturnCodeFix : CodeFixProvider
{
    /// <inheritdoc />
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Gen0Diagnostics.RentWithoutReturnId, Gen0Diagnostics.RentLostOnExceptionId);

    /// <inheritdoc />
    public override FixAllProvider? GetFixAllProvider() => null;

    /// <inheritdoc />
    public override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        SyntaxNode? root = await context.Document.GetSyntaxRootAsync(context.CancellationToken).ConfigureAwait(false);
        if (root?.FindNode(context.Span, getInnermostNodeForTie: true) is not { } node
            || node.FirstAncestorOrSelf<InvocationExpressionSyntax>() is not { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Rent" } rent }
            || !IsPure(rent.Expression)
            || rent.Parent?.Parent is not EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax variable }
            || variable.Parent?.Parent is not LocalDeclarationStatementSyntax declaration
            || declaration.Parent is not BlockSyntax block
            || declaration.Declaration.Variables.Count != 1
            || block.Statements.IndexOf(declaration) == block.Statements.Count - 1)
        {
            return;
        }

        context.RegisterCodeFix(
            CodeAction.Create("Return it in a finally block", c => WrapAsync(context.Document, block, declaration, rent.Expression, variable.Identifier.ValueText, c), nameof(RentWithoutReturnCodeFix)),
            context.Diagnostics);
    }

    private static bool IsPure(ExpressionSyntax expression) => expression switch
    {
        IdentifierNameSyntax or GenericNameSyntax or ThisExpressionSyntax or PredefinedTypeSyntax => true,
        MemberAccessExpressionSyntax member => IsPure(member.Expression),
        _ => false,
    };

    private static async Task<Document> WrapAsync(Document document, BlockSyntax block, LocalDeclarationStatementSyntax declaration, ExpressionSyntax pool, string local, CancellationToken cancellationToken)
    {
        SyntaxNode root = (await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))!;
        int index = block.Statements.IndexOf(declaration);
        string returnText = $"{pool.WithoutTrivia()}.Return({local})";
        List<StatementSyntax> body = block.Statements.Skip(index + 1)
            .Where(s => !(s is ExpressionStatementSyntax { Expression: InvocationExpressionSyntax call } && call.WithoutTrivia().ToString() == returnText))
            .ToList();
        if (body.Count == 0)
        {
            body.Add(SyntaxFactory.EmptyStatement());
        }

        TryStatementSyntax tryStatement = SyntaxFactory.TryStatement(
            SyntaxFactory.Block(body),
            default,
            SyntaxFactory.FinallyClause(SyntaxFactory.Block(SyntaxFactory.ParseStatement(returnText + ";"))))
            .WithAdditionalAnnotations(Formatter.Annotation);
        BlockSyntax updated = block.WithStatements(SyntaxFactory.List(block.Statements.Take(index + 1).Append(tryStatement)));
        return document.WithSyntaxRoot(root.ReplaceNode(block, updated));
    }
}
