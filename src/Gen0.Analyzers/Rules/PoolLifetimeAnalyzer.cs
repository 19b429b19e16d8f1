using System.Collections.Generic;
using System.Collections.Immutable;
using Gen0.Analyzers.Flow;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.FlowAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Gen0.Analyzers.Rules;

/// <summary>
/// GEN0002 rent without return, GEN0003 use after return, GEN0004 double return, GEN0005 undisposed pooled object
/// and GEN0008 rental lost when an exception is thrown: one control-flow analysis per local that receives a rental or
/// a pooled object, in every method, lambda and local function body.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class PoolLifetimeAnalyzer : DiagnosticAnalyzer
{
    /// <inheritdoc />
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(
        Gen0Diagnostics.RentWithoutReturn,
        Gen0Diagnostics.UseAfterReturn,
        Gen0Diagnostics.DoubleReturn,
        Gen0Diagnostics.UndisposedPooledObject,
        Gen0Diagnostics.RentLostOnException);

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

            var summaries = new MethodSummaries(start.Compilation, model, start.CancellationToken);
            start.RegisterOperationBlockAction(block => AnalyzeBlock(block, model, summaries));
        });
    }

    private static void AnalyzeBlock(OperationBlockAnalysisContext context, OwnershipModel model, MethodSummaries summaries)
    {
        var seen = new HashSet<IOperation>();
        foreach (IOperation block in context.OperationBlocks)
        {
            IOperation root = block;
            while (root.Parent is not null)
            {
                root = root.Parent;
            }

            // Bodies only: field, property and parameter initializers hold no locals worth tracking. A body with no
            // rent, pooled creation or ref/out call into this compilation needs no control-flow graph at all.
            if (root is not (IMethodBodyOperation or IConstructorBodyOperation or IBlockOperation) || !seen.Add(root) || !IsWorthAnalyzing(root, model))
            {
                continue;
            }

            HashSet<ISymbol> captured = CapturedSymbols.Of(root, context.OwningSymbol);
            AnalyzeGraph(context.GetControlFlowGraph(block), model, summaries, captured, context.ReportDiagnostic);
        }
    }

    /// <summary>False when the body has errors (the analysis would guess) or nothing that can produce a rental.</summary>
    private static bool IsWorthAnalyzing(IOperation root, OwnershipModel model)
    {
        bool candidate = false;
        foreach (IOperation operation in root.Descendants())
        {
            switch (operation)
            {
                case IInvalidOperation:
                    return false;
                case IInvocationOperation or IObjectCreationOperation or IAwaitOperation when !candidate:
                    candidate = model.IsSource(operation, out _) || HasRefOrOutIntoSource(operation, model);
                    break;
            }
        }

        return candidate;
    }

    private static bool HasRefOrOutIntoSource(IOperation operation, OwnershipModel model)
    {
        if (operation is not IInvocationOperation invocation)
        {
            return false;
        }

        if (model.IsTryRent(invocation))
        {
            return true;
        }

        if (!OwnershipModel.IsDeclaredInSource(invocation.TargetMethod))
        {
            return false;
        }

        foreach (IArgumentOperation argument in invocation.Arguments)
        {
            if (argument.Parameter is { RefKind: RefKind.Ref or RefKind.Out } parameter && model.MayHoldRental(parameter.Type))
            {
                return true;
            }
        }

        return false;
    }

    private static void AnalyzeGraph(ControlFlowGraph graph, OwnershipModel model, MethodSummaries summaries, HashSet<ISymbol> captured, System.Action<Diagnostic> report)
    {
        var tracked = new Dictionary<ILocalSymbol, RentalSource>(SymbolEqualityComparer.Default);
        var sourceCaptures = new Dictionary<CaptureId, RentalSource>();
        var nested = new List<IFlowAnonymousFunctionOperation>();
        foreach (BasicBlock block in graph.Blocks)
        {
            foreach (IOperation statement in block.Operations)
            {
                ReportDiscarded(statement, model, report);
                foreach (IOperation operation in statement.DescendantsAndSelf())
                {
                    Collect(operation, model, summaries, captured, tracked, sourceCaptures, nested);
                }
            }

            if (block.BranchValue is { } branchValue)
            {
                foreach (IOperation operation in branchValue.DescendantsAndSelf())
                {
                    Collect(operation, model, summaries, captured, tracked, sourceCaptures, nested);
                }
            }
        }

        foreach (KeyValuePair<ILocalSymbol, RentalSource> entry in tracked)
        {
            LifetimeAnalysis.Run(graph, model, summaries, entry.Key, entry.Value, captured, report);
        }

        foreach (IMethodSymbol localFunction in graph.LocalFunctions)
        {
            AnalyzeGraph(graph.GetLocalFunctionControlFlowGraph(localFunction), model, summaries, captured, report);
        }

        foreach (IFlowAnonymousFunctionOperation function in nested)
        {
            AnalyzeGraph(graph.GetAnonymousFunctionControlFlowGraph(function), model, summaries, captured, report);
        }
    }

    /// <summary>
    /// Finds the locals to track: assigned a rent or pooled object (directly, or through one branch of a conditional
    /// expression), rented into by <c>pool.TryRent(out x)</c>, or by a method of this compilation through a
    /// <c>ref</c>/<c>out</c> argument.
    /// </summary>
    private static void Collect(
        IOperation operation,
        OwnershipModel model,
        MethodSummaries summaries,
        HashSet<ISymbol> captured,
        Dictionary<ILocalSymbol, RentalSource> tracked,
        Dictionary<CaptureId, RentalSource> sourceCaptures,
        List<IFlowAnonymousFunctionOperation> nested)
    {
        switch (operation)
        {
            case IFlowAnonymousFunctionOperation function:
                nested.Add(function);
                break;
            case IFlowCaptureOperation capture when model.IsSource(capture.Value, out OwnershipKind kind, out bool reclaimed):
                sourceCaptures[capture.Id] = new RentalSource(kind, OwnershipModel.Unwrap(capture.Value), reclaimed);
                break;
            case ISimpleAssignmentOperation { Target: ILocalReferenceOperation target } assignment when Trackable(target.Local, captured):
                if (model.IsSource(assignment.Value, out OwnershipKind assignedKind, out bool assignedReclaimed))
                {
                    Track(tracked, target.Local, new RentalSource(assignedKind, OwnershipModel.Unwrap(assignment.Value), assignedReclaimed));
                }
                else if (OwnershipModel.Unwrap(assignment.Value) is IFlowCaptureReferenceOperation reference && sourceCaptures.TryGetValue(reference.Id, out RentalSource viaCapture))
                {
                    Track(tracked, target.Local, viaCapture);
                }

                break;
            case IArgumentOperation { Parameter: { RefKind: RefKind.Ref or RefKind.Out } parameter, Parent: IInvocationOperation call } argument
                when OwnershipModel.Unwrap(argument.Value) is ILocalReferenceOperation local && Trackable(local.Local, captured):
                if (parameter.RefKind == RefKind.Out && model.IsTryRent(call))
                {
                    Track(tracked, local.Local, new RentalSource(OwnershipKind.Rental, call, lossReclaimed: false));
                }
                else if (!model.MayHoldRental(parameter.Type))
                {
                    break;
                }
                else if (RentsInto(summaries, call.TargetMethod, parameter, OwnershipKind.Rental))
                {
                    Track(tracked, local.Local, new RentalSource(OwnershipKind.Rental, call, lossReclaimed: parameter.Type is IArrayTypeSymbol));
                }
                else if (RentsInto(summaries, call.TargetMethod, parameter, OwnershipKind.Pooled))
                {
                    Track(tracked, local.Local, new RentalSource(OwnershipKind.Pooled, call, lossReclaimed: false));
                }

                break;
        }
    }

    private static bool Trackable(ILocalSymbol local, HashSet<ISymbol> captured) => !local.IsRef && !captured.Contains(local);

    private static bool RentsInto(MethodSummaries summaries, IMethodSymbol method, IParameterSymbol parameter, OwnershipKind kind) =>
        summaries.ForRefArgument(method, parameter, kind, OwnershipState.Unowned) is { } outcome && (outcome & OwnershipState.Owned) != 0;

    /// <summary>The earliest source in the text names the diagnostic's location.</summary>
    private static void Track(Dictionary<ILocalSymbol, RentalSource> tracked, ILocalSymbol local, RentalSource source)
    {
        if (!tracked.TryGetValue(local, out RentalSource known) || source.Operation.Syntax.SpanStart < known.Operation.Syntax.SpanStart)
        {
            tracked[local] = source;
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
}
