using System.Collections.Generic;
using System.Collections.Immutable;
using Gen0.Analyzers.Flow;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.FlowAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Gen0.Analyzers.Rules;

/// <summary>
/// GEN0002 rent without return, GEN0003 use after return, GEN0004 double return and GEN0005 undisposed pooled
/// object: one control-flow analysis per local that receives a rental or a pooled object, in every method, lambda
/// and local function body.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class PoolLifetimeAnalyzer : DiagnosticAnalyzer
{
    /// <inheritdoc />
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(
        Gen0Diagnostics.RentWithoutReturn,
        Gen0Diagnostics.UseAfterReturn,
        Gen0Diagnostics.DoubleReturn,
        Gen0Diagnostics.UndisposedPooledObject);

    /// <inheritdoc />
    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(start =>
        {
            var model = new OwnershipModel(KnownTypes.Create(start.Compilation));
            if (model.Types.ArrayPool is null && model.Types.Pool is null)
            {
                return;
            }

            start.RegisterOperationBlockAction(block => AnalyzeBlock(block, model));
        });
    }

    private static void AnalyzeBlock(OperationBlockAnalysisContext context, OwnershipModel model)
    {
        var seen = new HashSet<IOperation>();
        foreach (IOperation block in context.OperationBlocks)
        {
            IOperation root = block;
            while (root.Parent is not null)
            {
                root = root.Parent;
            }

            // Bodies only: field, property and parameter initializers hold no locals worth tracking.
            if (root is not (IMethodBodyOperation or IConstructorBodyOperation or IBlockOperation) || !seen.Add(root) || HasErrors(root))
            {
                continue;
            }

            HashSet<ILocalSymbol> captured = CapturedLocals(root, context.OwningSymbol);
            AnalyzeGraph(context.GetControlFlowGraph(block), model, captured, context.ReportDiagnostic);
        }
    }

    private static bool HasErrors(IOperation root)
    {
        foreach (IOperation operation in root.Descendants())
        {
            if (operation is IInvalidOperation)
            {
                return true;
            }
        }

        return false;
    }

    private static void AnalyzeGraph(ControlFlowGraph graph, OwnershipModel model, HashSet<ILocalSymbol> captured, System.Action<Diagnostic> report)
    {
        var tracked = new Dictionary<ILocalSymbol, (OwnershipKind Kind, IOperation Source)>(SymbolEqualityComparer.Default);
        var captures = new Dictionary<ILocalSymbol, HashSet<CaptureId>>(SymbolEqualityComparer.Default);
        var nested = new List<IFlowAnonymousFunctionOperation>();
        foreach (BasicBlock block in graph.Blocks)
        {
            foreach (IOperation statement in block.Operations)
            {
                ReportDiscarded(statement, model, report);
                foreach (IOperation operation in statement.DescendantsAndSelf())
                {
                    Collect(operation, model, captured, tracked, captures, nested);
                }
            }

            if (block.BranchValue is { } branchValue)
            {
                foreach (IOperation operation in branchValue.DescendantsAndSelf())
                {
                    Collect(operation, model, captured, tracked, captures, nested);
                }
            }
        }

        foreach (KeyValuePair<ILocalSymbol, (OwnershipKind Kind, IOperation Source)> entry in tracked)
        {
            HashSet<CaptureId> aliases = captures.TryGetValue(entry.Key, out HashSet<CaptureId>? ids) ? ids : new HashSet<CaptureId>();
            LifetimeAnalysis.Run(graph, model, entry.Key, entry.Value.Kind, entry.Value.Source, aliases, report);
        }

        foreach (IMethodSymbol localFunction in graph.LocalFunctions)
        {
            AnalyzeGraph(graph.GetLocalFunctionControlFlowGraph(localFunction), model, captured, report);
        }

        foreach (IFlowAnonymousFunctionOperation function in nested)
        {
            AnalyzeGraph(graph.GetAnonymousFunctionControlFlowGraph(function), model, captured, report);
        }
    }

    private static void Collect(
        IOperation operation,
        OwnershipModel model,
        HashSet<ILocalSymbol> captured,
        Dictionary<ILocalSymbol, (OwnershipKind Kind, IOperation Source)> tracked,
        Dictionary<ILocalSymbol, HashSet<CaptureId>> captures,
        List<IFlowAnonymousFunctionOperation> nested)
    {
        switch (operation)
        {
            case IFlowAnonymousFunctionOperation function:
                nested.Add(function);
                break;
            case ISimpleAssignmentOperation { Target: ILocalReferenceOperation target } assignment
                when !target.Local.IsRef && !captured.Contains(target.Local) && model.IsSource(assignment.Value, out OwnershipKind kind):
                IOperation source = OwnershipModel.Unwrap(assignment.Value);
                if (!tracked.TryGetValue(target.Local, out (OwnershipKind Kind, IOperation Source) known)
                    || source.Syntax.SpanStart < known.Source.Syntax.SpanStart)
                {
                    tracked[target.Local] = (kind, source);
                }

                break;
            case IFlowCaptureOperation capture when OwnershipModel.Unwrap(capture.Value) is ILocalReferenceOperation reference:
                if (!captures.TryGetValue(reference.Local, out HashSet<CaptureId>? ids))
                {
                    captures[reference.Local] = ids = new HashSet<CaptureId>();
                }

                ids.Add(capture.Id);
                break;
        }
    }

    /// <summary><c>pool.Rent(n);</c> or <c>_ = new PooledList&lt;T&gt;();</c>: the result is lost at once.</summary>
    private static void ReportDiscarded(IOperation statement, OwnershipModel model, System.Action<Diagnostic> report)
    {
        if (statement is IExpressionStatementOperation expressionStatement)
        {
            statement = expressionStatement.Operation;
        }

        IOperation value = statement is ISimpleAssignmentOperation { Target: IDiscardOperation } discard ? discard.Value : statement;
        if (!model.IsSource(value, out OwnershipKind kind))
        {
            return;
        }

        IOperation source = OwnershipModel.Unwrap(value);
        report(kind == OwnershipKind.Rental
            ? Diagnostic.Create(Gen0Diagnostics.RentWithoutReturn, source.Syntax.GetLocation(), DiagnosticText.Quote(source.Syntax), "(its result is discarded)")
            : Diagnostic.Create(Gen0Diagnostics.UndisposedPooledObject, source.Syntax.GetLocation(), DiagnosticText.Quote(source.Syntax)));
    }

    /// <summary>Locals read or written inside a lambda or local function other than the one declaring them.</summary>
    private static HashSet<ILocalSymbol> CapturedLocals(IOperation root, ISymbol owner)
    {
        var captured = new HashSet<ILocalSymbol>(SymbolEqualityComparer.Default);
        Walk(root, owner);
        return captured;

        void Walk(IOperation operation, ISymbol function)
        {
            switch (operation)
            {
                case IAnonymousFunctionOperation lambda:
                    function = lambda.Symbol;
                    break;
                case ILocalFunctionOperation localFunction:
                    function = localFunction.Symbol;
                    break;
                case ILocalReferenceOperation reference when !SymbolEqualityComparer.Default.Equals(reference.Local.ContainingSymbol, function):
                    captured.Add(reference.Local);
                    break;
            }

            foreach (IOperation child in operation.ChildOperations)
            {
                Walk(child, function);
            }
        }
    }
}
