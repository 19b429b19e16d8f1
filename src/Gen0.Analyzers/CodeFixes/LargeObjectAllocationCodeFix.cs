using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Gen0.Analyzers.Rules;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace Gen0.Analyzers.CodeFixes;

/// <summary>
/// GEN0001: replaces <c>new List&lt;T&gt;(n)</c>, <c>new HashSet&lt;T&gt;(n)</c>, <c>new Dictionary&lt;K, V&gt;(n)</c> by
/// their chunked twins (same arguments) and <c>new MemoryStream(n)</c> by <c>new PooledMemoryStream()</c>, but only
/// where the new type fits the place: a <c>var</c> local, or a target typed as an interface or base class the
/// replacement also implements. Arrays get no automatic fix: a pooled array is longer than asked and must be
/// returned, which only the author can place.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(LargeObjectAllocationCodeFix)), Shared]
public sealed class LargeObjectAllocationCodeFix : CodeFixProvider
{
    /// <inheritdoc />
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Gen0Diagnostics.LargeObjectAllocationId);

    /// <inheritdoc />
    public override FixAllProvider GetFixAllProvider() => WellKnownFixAllProviders.BatchFixer;

    /// <inheritdoc />
    public override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        Diagnostic diagnostic = context.Diagnostics[0];
        if (!diagnostic.Properties.TryGetValue(LargeObjectAllocationAnalyzer.ReplacementProperty, out string? replacementName) || replacementName is null)
        {
            return;
        }

        SyntaxNode? root = await context.Document.GetSyntaxRootAsync(context.CancellationToken).ConfigureAwait(false);
        SemanticModel? model = await context.Document.GetSemanticModelAsync(context.CancellationToken).ConfigureAwait(false);
        if (root?.FindNode(context.Span, getInnermostNodeForTie: true) is not ObjectCreationExpressionSyntax creation
            || model?.Compilation.GetTypeByMetadataName(replacementName) is not { } replacementDefinition
            || model.GetOperation(creation, context.CancellationToken) is not IObjectCreationOperation { Type: INamedTypeSymbol created } operation)
        {
            return;
        }

        bool isStream = replacementDefinition.Arity == 0;
        INamedTypeSymbol replacement = isStream ? replacementDefinition : replacementDefinition.Construct(created.TypeArguments.ToArray());
        if (!FitsTarget(operation, replacement, model.Compilation))
        {
            return;
        }

        string title = $"Use {replacementDefinition.Name}";
        context.RegisterCodeFix(
            CodeAction.Create(title, c => ReplaceAsync(context.Document, creation, replacementDefinition, isStream, c), nameof(LargeObjectAllocationCodeFix)),
            diagnostic);
    }

    private static bool FitsTarget(IObjectCreationOperation creation, INamedTypeSymbol replacement, Compilation compilation)
    {
        if (creation.Parent is IConversionOperation { Type: { } target } && !SymbolEqualityComparer.Default.Equals(target, creation.Type))
        {
            return compilation.ClassifyCommonConversion(replacement, target) is { IsImplicit: true, IsUserDefined: false };
        }

        // No conversion: the creation's own type flows on, which only a 'var' local lets change.
        return creation.Syntax.Parent is EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Type.IsVar: true } } };
    }

    private static async Task<Document> ReplaceAsync(Document document, ObjectCreationExpressionSyntax creation, INamedTypeSymbol replacement, bool isStream, CancellationToken cancellationToken)
    {
        var root = (CompilationUnitSyntax)(await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))!;
        TypeSyntax type = creation.Type is GenericNameSyntax generic
            ? generic.WithIdentifier(SyntaxFactory.Identifier(replacement.Name))
            : SyntaxFactory.IdentifierName(replacement.Name);
        ObjectCreationExpressionSyntax updated = creation
            .WithType(type.WithTriviaFrom(creation.Type))
            .WithArgumentList(isStream ? SyntaxFactory.ArgumentList() : creation.ArgumentList);
        root = root.ReplaceNode(creation, updated);
        return document.WithSyntaxRoot(SyntaxHelpers.AddUsingIfMissing(root, replacement.ContainingNamespace.ToDisplayString()));
    }
}
