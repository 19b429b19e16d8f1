using System.Collections.Immutable;
using System.Composition;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Gen0.Analyzers.CodeFixes;

/// <summary>
/// GEN0005: turns <c>var x = new PooledList&lt;T&gt;();</c> into <c>using var x = ...;</c>. Offered only where a using
/// declaration is legal and keeps meaning: a local declaration directly in a block whose local is never reassigned.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(UndisposedPooledObjectCodeFix)), Shared]
public sealed class UndisposedPooledObjectCodeFix : CodeFixProvider
{
    /// <inheritdoc />
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Gen0Diagnostics.UndisposedPooledObjectId);

    /// <inheritdoc />
    public override FixAllProvider GetFixAllProvider() => WellKnownFixAllProviders.BatchFixer;

    /// <inheritdoc />
    public override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        SyntaxNode? root = await context.Document.GetSyntaxRootAsync(context.CancellationToken).ConfigureAwait(false);
        if (root?.FindNode(context.Span, getInnermostNodeForTie: true) is not { } node
            || node.FirstAncestorOrSelf<LocalDeclarationStatementSyntax>() is not { } declaration
            || declaration.UsingKeyword.IsKind(SyntaxKind.UsingKeyword)
            || declaration.Parent is not BlockSyntax block
            || declaration.Declaration.Variables.Count != 1
            || SyntaxHelpers.IsReassigned(block, declaration.Declaration.Variables[0].Identifier.ValueText))
        {
            return;
        }

        context.RegisterCodeFix(
            CodeAction.Create("Add 'using'", c => AddUsingAsync(context.Document, declaration, c), nameof(UndisposedPooledObjectCodeFix)),
            context.Diagnostics);
    }

    private static async Task<Document> AddUsingAsync(Document document, LocalDeclarationStatementSyntax declaration, CancellationToken cancellationToken)
    {
        SyntaxNode root = (await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))!;
        LocalDeclarationStatementSyntax updated = declaration
            .WithoutLeadingTrivia()
            .WithUsingKeyword(SyntaxFactory.Token(SyntaxKind.UsingKeyword).WithTrailingTrivia(SyntaxFactory.Space))
            .WithLeadingTrivia(declaration.GetLeadingTrivia());
        return document.WithSyntaxRoot(root.ReplaceNode(declaration, updated));
    }
}
