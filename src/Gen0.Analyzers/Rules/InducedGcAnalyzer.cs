using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace Gen0.Analyzers.Rules;

/// <summary>
/// GEN0007: <c>GC.Collect(...)</c>, any overload, and <c>GC.GetTotalMemory(true)</c> (which forces a full collection
/// first), outside test projects (see <see cref="TestProjects"/>). <c>GetTotalMemory</c> with an argument that is not
/// the constant <c>true</c> is not reported: it collects only when its caller asks.
/// </summary>
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
                    if (!SymbolEqualityComparer.Default.Equals(invocation.TargetMethod.ContainingType, gc))
                    {
                        return;
                    }

                    if (invocation.TargetMethod.Name == "Collect")
                    {
                        c.ReportDiagnostic(Diagnostic.Create(Gen0Diagnostics.InducedGc, invocation.Syntax.GetLocation(), "GC.Collect"));
                    }
                    else if (invocation.TargetMethod.Name == "GetTotalMemory" && invocation.Arguments.Length == 1
                        && invocation.Arguments[0].Value.ConstantValue is { HasValue: true, Value: true })
                    {
                        c.ReportDiagnostic(Diagnostic.Create(Gen0Diagnostics.InducedGc, invocation.Syntax.GetLocation(), "GC.GetTotalMemory(true)"));
                    }
                },
                OperationKind.Invocation);
        });
    }
}
