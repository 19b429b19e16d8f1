using System;
using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FlowAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Gen0.Analyzers.Flow;

/// <summary>
/// A forward may-analysis over a <see cref="ControlFlowGraph"/> of one local that receives a rental or a pooled
/// object. Each basic block gets the set of <see cref="OwnershipState"/>s the local may be in on entry; finally
/// regions are run on every branch that leaves through them (so <c>try/finally</c> and <c>using</c> are exact per
/// path), catch regions are entered from every block of their try, and branches on <c>x == null</c> drop the owned
/// state on their null edge. A second pass replays each block with its fixed-point state to report.
/// </summary>
internal sealed class LifetimeAnalysis
{
    private readonly ControlFlowGraph _graph;
    private readonly OwnershipModel _model;
    private readonly ILocalSymbol _local;
    private readonly OwnershipKind _kind;
    private readonly HashSet<CaptureId> _aliases;
    private readonly OwnershipState[] _entryStates;
    private readonly Dictionary<(ControlFlowRegion Region, OwnershipState Input), OwnershipState> _finallyCache = new();
    private readonly Action<Diagnostic> _report;
    private readonly HashSet<Location> _reported = new();
    private bool _reporting;
    private bool _branchIsReturn;
    private BasicBlock? _currentBlock;
    private bool _leaksOnNormalPath;
    private IOperation? _leakingThrow;
    private bool _releasedSomewhere;

    private LifetimeAnalysis(ControlFlowGraph graph, OwnershipModel model, ILocalSymbol local, OwnershipKind kind, HashSet<CaptureId> aliases, Action<Diagnostic> report)
    {
        _graph = graph;
        _model = model;
        _local = local;
        _kind = kind;
        _aliases = aliases;
        _report = report;
        _entryStates = new OwnershipState[graph.Blocks.Length];
    }

    /// <summary>Analyses <paramref name="local"/> and reports its GEN0002..GEN0005 diagnostics at <paramref name="source"/> and its uses.</summary>
    public static void Run(ControlFlowGraph graph, OwnershipModel model, ILocalSymbol local, OwnershipKind kind, IOperation source, HashSet<CaptureId> aliases, Action<Diagnostic> report)
    {
        var analysis = new LifetimeAnalysis(graph, model, local, kind, aliases, report);
        analysis.Solve();
        analysis.ReportAll(source);
    }

    private void Solve()
    {
        var pending = new SortedSet<int>();
        _entryStates[0] = OwnershipState.Unowned;
        pending.Add(0);
        while (pending.Count > 0)
        {
            int ordinal = pending.Min;
            pending.Remove(ordinal);
            BasicBlock block = _graph.Blocks[ordinal];
            OwnershipState exit = Transfer(block, _entryStates[ordinal]);
            SeedCatchHandlers(block, _entryStates[ordinal] | exit, pending);
            FollowSuccessors(block, exit, (target, state) =>
            {
                if (Merge(target, state))
                {
                    pending.Add(target);
                }
            });
        }
    }

    private void ReportAll(IOperation source)
    {
        _reporting = true;
        foreach (BasicBlock block in _graph.Blocks)
        {
            OwnershipState entry = _entryStates[block.Ordinal];
            if (entry == OwnershipState.None)
            {
                continue;
            }

            if (block.Kind == BasicBlockKind.Exit && (entry & OwnershipState.Owned) != 0)
            {
                _leaksOnNormalPath = true;
            }

            OwnershipState exit = Transfer(block, entry);
            FollowSuccessors(block, exit, static (_, _) => { });
        }

        _reporting = false;
        if (_kind == OwnershipKind.Pooled)
        {
            if (_leaksOnNormalPath)
            {
                Report(Gen0Diagnostics.UndisposedPooledObject, source, _local.Name);
            }

            return;
        }

        if (_leaksOnNormalPath)
        {
            Report(Gen0Diagnostics.RentWithoutReturn, source, _local.Name, "on every path");
        }
        else if (_leakingThrow is not null && _releasedSomewhere)
        {
            Report(Gen0Diagnostics.RentWithoutReturn, source, _local.Name, $"if '{DiagnosticText.Quote(_leakingThrow.Syntax)}' throws");
        }
    }

    private bool Merge(int ordinal, OwnershipState state)
    {
        OwnershipState merged = _entryStates[ordinal] | state;
        if (merged == _entryStates[ordinal])
        {
            return false;
        }

        _entryStates[ordinal] = merged;
        return true;
    }

    /// <summary>An exception thrown anywhere in a try block may enter its catch handlers with the state seen there.</summary>
    private void SeedCatchHandlers(BasicBlock block, OwnershipState state, SortedSet<int> pending)
    {
        for (ControlFlowRegion? region = block.EnclosingRegion; region is not null; region = region.EnclosingRegion)
        {
            if (region.Kind != ControlFlowRegionKind.Try || region.EnclosingRegion is not { Kind: ControlFlowRegionKind.TryAndCatch } tryAndCatch)
            {
                continue;
            }

            foreach (ControlFlowRegion handler in tryAndCatch.NestedRegions)
            {
                if (handler.Kind is ControlFlowRegionKind.Catch or ControlFlowRegionKind.FilterAndHandler && Merge(handler.FirstBlockOrdinal, state))
                {
                    pending.Add(handler.FirstBlockOrdinal);
                }
            }
        }
    }

    private void FollowSuccessors(BasicBlock block, OwnershipState exit, Action<int, OwnershipState> flowTo)
    {
        if (block.ConditionalSuccessor is { } conditional)
        {
            bool whenTrue = block.ConditionKind == ControlFlowConditionKind.WhenTrue;
            Follow(conditional, Refine(block, exit, whenTrue), flowTo);
            if (block.FallThroughSuccessor is { } otherwise)
            {
                Follow(otherwise, Refine(block, exit, !whenTrue), flowTo);
            }
        }
        else if (block.FallThroughSuccessor is { } fallThrough)
        {
            Follow(fallThrough, exit, flowTo);
        }
    }

    private void Follow(ControlFlowBranch branch, OwnershipState state, Action<int, OwnershipState> flowTo)
    {
        foreach (ControlFlowRegion finallyRegion in branch.FinallyRegions)
        {
            flowTo(finallyRegion.FirstBlockOrdinal, state);
            state = RunFinally(finallyRegion, state);
        }

        if (branch.Semantics is ControlFlowBranchSemantics.Throw or ControlFlowBranchSemantics.Rethrow)
        {
            CheckExceptionPath(branch.Source, branch.Source.BranchValue ?? (IOperation?)null, state);
        }

        if (branch.Destination is { } destination)
        {
            flowTo(destination.Ordinal, state);
        }
    }

    /// <summary>On the edge where the branch proves the local null, it owns nothing.</summary>
    private OwnershipState Refine(BasicBlock block, OwnershipState state, bool conditionValue)
    {
        if (block.BranchValue is not { } condition || state == OwnershipState.None)
        {
            return state;
        }

        bool? nullWhenTrue = NullWhenTrue(OwnershipModel.Unwrap(condition));
        if (nullWhenTrue is null)
        {
            return state;
        }

        return nullWhenTrue.Value == conditionValue ? OwnershipState.Unowned : state;
    }

    private bool? NullWhenTrue(IOperation condition)
    {
        switch (condition)
        {
            case IIsNullOperation isNull when IsTracked(isNull.Operand):
                return true;
            case IUnaryOperation { OperatorKind: UnaryOperatorKind.Not } not:
                return !NullWhenTrue(OwnershipModel.Unwrap(not.Operand));
            case IBinaryOperation { OperatorKind: BinaryOperatorKind.Equals or BinaryOperatorKind.NotEquals } binary:
                bool equals = binary.OperatorKind == BinaryOperatorKind.Equals;
                if ((IsTracked(binary.LeftOperand) && IsNull(binary.RightOperand)) || (IsTracked(binary.RightOperand) && IsNull(binary.LeftOperand)))
                {
                    return equals;
                }

                return null;
            case IIsPatternOperation pattern when IsTracked(pattern.Value):
                return pattern.Pattern switch
                {
                    IConstantPatternOperation constant when IsNull(constant.Value) => true,
                    INegatedPatternOperation { Pattern: IConstantPatternOperation constant } when IsNull(constant.Value) => false,
                    IRecursivePatternOperation or IDeclarationPatternOperation { MatchesNull: false } or ITypePatternOperation => false,
                    _ => null,
                };
            default:
                return null;
        }
    }

    private static bool IsNull(IOperation operation) => OwnershipModel.Unwrap(operation).ConstantValue is { HasValue: true, Value: null };

    private bool IsTracked(IOperation operation) => OwnershipModel.Unwrap(operation) switch
    {
        ILocalReferenceOperation reference => SymbolEqualityComparer.Default.Equals(reference.Local, _local),
        IFlowCaptureReferenceOperation capture => _aliases.Contains(capture.Id),
        _ => false,
    };

    /// <summary>The state after a finally region ran with <paramref name="input"/>, without reporting.</summary>
    private OwnershipState RunFinally(ControlFlowRegion region, OwnershipState input)
    {
        if (input == OwnershipState.None)
        {
            return input;
        }

        if (_finallyCache.TryGetValue((region, input), out OwnershipState cached))
        {
            return cached;
        }

        bool reporting = _reporting;
        BasicBlock? current = _currentBlock;
        _reporting = false;
        var states = new Dictionary<int, OwnershipState> { [region.FirstBlockOrdinal] = input };
        var pending = new SortedSet<int> { region.FirstBlockOrdinal };
        OwnershipState output = OwnershipState.None;
        while (pending.Count > 0)
        {
            int ordinal = pending.Min;
            pending.Remove(ordinal);
            BasicBlock block = _graph.Blocks[ordinal];
            OwnershipState exit = Transfer(block, states[ordinal]);
            FollowWithin(block, exit);
        }

        _reporting = reporting;
        _currentBlock = current;
        _finallyCache[(region, input)] = output;
        return output;

        void FollowWithin(BasicBlock block, OwnershipState exit)
        {
            if (block.ConditionalSuccessor is { } conditional)
            {
                bool whenTrue = block.ConditionKind == ControlFlowConditionKind.WhenTrue;
                Step(conditional, Refine(block, exit, whenTrue));
                if (block.FallThroughSuccessor is { } otherwise)
                {
                    Step(otherwise, Refine(block, exit, !whenTrue));
                }
            }
            else if (block.FallThroughSuccessor is { } fallThrough)
            {
                Step(fallThrough, exit);
            }
        }

        void Step(ControlFlowBranch branch, OwnershipState state)
        {
            foreach (ControlFlowRegion nested in branch.FinallyRegions)
            {
                state = RunFinally(nested, state);
            }

            if (branch.Semantics == ControlFlowBranchSemantics.StructuredExceptionHandling)
            {
                output |= state;
            }
            else if (branch.Destination is { } destination
                && destination.Ordinal >= region.FirstBlockOrdinal && destination.Ordinal <= region.LastBlockOrdinal)
            {
                OwnershipState previous = states.TryGetValue(destination.Ordinal, out OwnershipState known) ? known : OwnershipState.None;
                if ((previous | state) != previous)
                {
                    states[destination.Ordinal] = previous | state;
                    pending.Add(destination.Ordinal);
                }
            }
        }
    }

    private OwnershipState Transfer(BasicBlock block, OwnershipState state)
    {
        _currentBlock = block;
        foreach (IOperation operation in block.Operations)
        {
            _branchIsReturn = false;
            Visit(operation, ref state);
        }

        if (block.BranchValue is { } branchValue)
        {
            _branchIsReturn = block.FallThroughSuccessor?.Semantics == ControlFlowBranchSemantics.Return;
            Visit(branchValue, ref state);
            _branchIsReturn = false;
        }

        return state;
    }

    private void Visit(IOperation operation, ref OwnershipState state)
    {
        if (operation is IFlowAnonymousFunctionOperation)
        {
            return;
        }

        foreach (IOperation child in operation.ChildOperations)
        {
            Visit(child, ref state);
        }

        switch (operation)
        {
            case ILocalReferenceOperation reference when SymbolEqualityComparer.Default.Equals(reference.Local, _local):
                OnReference(reference, ref state);
                break;
            case IFlowCaptureReferenceOperation capture when _aliases.Contains(capture.Id):
                OnReference(capture, ref state);
                break;
            case ISimpleAssignmentOperation assignment when OwnershipModel.Unwrap(assignment.Target) is ILocalReferenceOperation target
                && SymbolEqualityComparer.Default.Equals(target.Local, _local):
                OnAssignment(assignment, ref state);
                break;
            case IInvocationOperation or IObjectCreationOperation or IDynamicInvocationOperation or IDynamicObjectCreationOperation or IAwaitOperation:
                if (_kind == OwnershipKind.Rental && (state & OwnershipState.Owned) != 0)
                {
                    CheckExceptionPath(_currentBlock!, operation, state);
                }

                break;
        }
    }

    private void OnAssignment(ISimpleAssignmentOperation assignment, ref OwnershipState state)
    {
        if ((state & OwnershipState.Owned) != 0 && _reporting)
        {
            // Overwritten (or redeclared by the next loop iteration) while still holding its rental.
            _leaksOnNormalPath = true;
        }

        state = _model.IsSource(assignment.Value, out OwnershipKind kind) && kind == _kind ? OwnershipState.Owned : OwnershipState.Unowned;
    }

    private void OnReference(IOperation reference, ref OwnershipState state)
    {
        IOperation wrapper = OwnershipModel.OutermostWrapper(reference);
        switch (wrapper.Parent)
        {
            case ISimpleAssignmentOperation assignment when assignment.Target == wrapper:
                return; // handled at the assignment, after its value ran
            case ISimpleAssignmentOperation assignment:
                if (assignment.Target is not IDiscardOperation)
                {
                    state = OwnershipState.Escaped;
                }

                return;
            case IFlowCaptureOperation:
                return; // an alias: its capture references are classified instead
            case IIsNullOperation or IIsPatternOperation:
                return;
            case IBinaryOperation binary when IsNull(binary.LeftOperand) || IsNull(binary.RightOperand):
                return;
            case IArgumentOperation argument:
                OnArgument(argument, reference, ref state);
                return;
            case IInvocationOperation invocation when invocation.Instance == wrapper:
                if (_kind == OwnershipKind.Pooled && OwnershipModel.IsDispose(invocation.TargetMethod))
                {
                    state = OwnershipState.Released;
                    return;
                }

                OnUse(reference, state);
                return;
            case IReturnOperation:
            case IArrayInitializerOperation:
            case ITupleOperation:
            case IMethodReferenceOperation:
            case IPropertyInitializerOperation:
            case IFieldInitializerOperation:
            case IAnonymousObjectCreationOperation:
                state = OwnershipState.Escaped;
                return;
            case null when _branchIsReturn:
                state = OwnershipState.Escaped;
                return;
            default:
                OnUse(reference, state);
                return;
        }
    }

    private void OnArgument(IArgumentOperation argument, IOperation reference, ref OwnershipState state)
    {
        if (argument.Parameter is { RefKind: RefKind.Ref or RefKind.Out })
        {
            state = OwnershipState.Escaped;
            return;
        }

        if (argument.Parent is not IInvocationOperation invocation)
        {
            state = OwnershipState.Escaped; // constructors and delegates keep what they are given
            return;
        }

        if (_kind == OwnershipKind.Rental && _model.IsReturn(invocation, argument))
        {
            if ((state & OwnershipState.Released) != 0 && _reporting)
            {
                Report(Gen0Diagnostics.DoubleReturn, invocation, _local.Name);
            }

            state = OwnershipState.Released;
            _releasedSomewhere |= _reporting;
            return;
        }

        if (_model.IsRegistration(invocation.TargetMethod))
        {
            state = OwnershipState.Escaped;
            return;
        }

        bool isThisArgument = invocation.TargetMethod.IsExtensionMethod && argument.Parameter is { Ordinal: 0 };
        if (!isThisArgument && argument.Parameter is { } parameter
            && (OwnershipModel.IsOwningParameter(parameter) || OwnershipModel.IsDeclaredInSource(invocation.TargetMethod)))
        {
            state = OwnershipState.Escaped;
            return;
        }

        OnUse(reference, state);
    }

    private void OnUse(IOperation reference, OwnershipState state)
    {
        if ((state & OwnershipState.Released) != 0 && _reporting)
        {
            Report(Gen0Diagnostics.UseAfterReturn, reference, _local.Name, _kind == OwnershipKind.Rental ? "returned to its pool" : "disposed");
        }
    }

    /// <summary>
    /// An exception at <paramref name="thrower"/> leaks the rental unless an enclosing finally releases it or a
    /// catch handler (analysed as ordinary flow) catches every exception.
    /// </summary>
    private void CheckExceptionPath(BasicBlock block, IOperation? thrower, OwnershipState state)
    {
        if (!_reporting || _kind != OwnershipKind.Rental || (state & OwnershipState.Owned) == 0 || _leakingThrow is not null)
        {
            return;
        }

        for (ControlFlowRegion? region = block.EnclosingRegion; region is not null; region = region.EnclosingRegion)
        {
            if (region.Kind != ControlFlowRegionKind.Try || region.EnclosingRegion is not { } handler)
            {
                continue;
            }

            if (handler.Kind == ControlFlowRegionKind.TryAndFinally
                && (RunFinally(handler.NestedRegions[1], OwnershipState.Owned) & OwnershipState.Owned) == 0)
            {
                return;
            }

            if (handler.Kind == ControlFlowRegionKind.TryAndCatch && CatchesEverything(handler))
            {
                return;
            }
        }

        _leakingThrow = thrower ?? block.BranchValue;
        _leakingThrow ??= block.Operations.Length > 0 ? block.Operations[block.Operations.Length - 1] : null;
    }

    private static bool CatchesEverything(ControlFlowRegion tryAndCatch)
    {
        foreach (ControlFlowRegion handler in tryAndCatch.NestedRegions)
        {
            if (handler.Kind == ControlFlowRegionKind.Catch
                && (handler.ExceptionType is null
                    || handler.ExceptionType.SpecialType == SpecialType.System_Object
                    || handler.ExceptionType.ToDisplayString() == "System.Exception"))
            {
                return true;
            }
        }

        return false;
    }

    private void Report(DiagnosticDescriptor descriptor, IOperation at, params object[] arguments)
    {
        Location location = at.Syntax.GetLocation();
        if (_reported.Add(location))
        {
            _report(Diagnostic.Create(descriptor, location, arguments));
        }
    }
}
