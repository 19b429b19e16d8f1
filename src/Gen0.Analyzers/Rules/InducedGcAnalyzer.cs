using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace Gen0.Analyzers.Rules;

/// <summary>GEN0007: <c>GC.Collect(...)</c>, any overload, outside test projects (see <see cref="TestProjects"/>).</summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class InducedGcAnalyzer : DiagnosticAnalyzer
{
    /// <inheritdoc />
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Gen0Diagnostics.InducedGc);

    /// <inheritdoc />
    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(start =>
        {
            INamedTypeSymbol? gc = start.Compilation.GetTypeByMetadataName("System.GC");
            if (gc is null || TestProjects.IsTestProject(start.Compilation, start.Options))
            {
                return;
            }

            start.RegisterOperationAction(
                c =>
                {
                    var invocation = (IInvocationOperation)c.Operation;
                    if (invocation.TargetMethod.Name == "Collect" && SymbolEqualityComparer.Default.Equals(invocation.TargetMethod.ContainingType, gc))
                    {
                        c.ReportDiagnostic(Diagnostic.Create(Gen0Diagnostics.InducedGc, invocation.Syntax.GetLocation()));
                    }
                },
                OperationKind.Invocation);
        });
    }
}
