using System;
using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FlowAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Gen0.Analyzers.Flow;

/// <summary>Edges, edge refinements, finally and catch regions, and the exception path.</summary>
internal sealed partial class LifetimeAnalysis
{
    private readonly Dictionary<(ControlFlowRegion Region, FactSet Input), FactSet> _regionCache = new();

    /// <summary>An exception thrown anywhere in a try block may enter its catch handlers with the facts seen there.</summary>
    private void SeedCatchHandlers(BasicBlock block, FactSet state, SortedSet<int> pending)
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

    private void FollowSuccessors(BasicBlock block, FactSet exit, Action<int, FactSet> flowTo)
    {
        if (block.ConditionalSuccessor is { } conditional)
        {
            bool whenTrue = block.ConditionKind == ControlFlowConditionKind.WhenTrue;
            Follow(block, conditional, Refine(block, exit, whenTrue), flowTo);
            if (block.FallThroughSuccessor is { } otherwise)
            {
                Follow(block, otherwise, Refine(block, exit, !whenTrue), flowTo);
            }
        }
        else if (block.FallThroughSuccessor is { } fallThrough)
        {
            Follow(block, fallThrough, exit, flowTo);
        }
    }

    private void Follow(BasicBlock block, ControlFlowBranch branch, FactSet state, Action<int, FactSet> flowTo)
    {
        foreach (ControlFlowRegion finallyRegion in branch.FinallyRegions)
        {
            flowTo(finallyRegion.FirstBlockOrdinal, state);
            state = RunRegion(finallyRegion, state);
        }

        if (branch.Semantics is ControlFlowBranchSemantics.Throw or ControlFlowBranchSemantics.Rethrow && state.Has(OwnershipState.Owned))
        {
            CheckExceptionPath(block, block.BranchValue, ThrowerKind.Throw, state);
        }

        if (branch.Destination is { } destination)
        {
            flowTo(destination.Ordinal, state);
        }
    }

    /// <summary>The facts on the edge taken when the block's condition is <paramref name="conditionValue"/>.</summary>
    private FactSet Refine(BasicBlock block, FactSet state, bool conditionValue) =>
        block.BranchValue is { } condition && !state.IsEmpty ? RefineBy(OwnershipModel.Unwrap(condition), state, conditionValue) : state;

    private FactSet RefineBy(IOperation condition, FactSet state, bool value)
    {
        if (condition.ConstantValue is { HasValue: true, Value: bool constant })
        {
            return constant == value ? state : FactSet.Empty; // the CFG keeps the edge of while (true) that never runs
        }

        if (condition is IUnaryOperation { OperatorKind: UnaryOperatorKind.Not } not)
        {
            return RefineBy(OwnershipModel.Unwrap(not.Operand), state, !value);
        }

        if (FlagOf(condition) is { } flag)
        {
            FlagValue known = value ? FlagValue.True : FlagValue.False;
            return state.Where(f => f.Flag(flag) != (value ? FlagValue.False : FlagValue.True)).Select(f => f.WithFlag(flag, known));
        }

        if (condition is IInvocationOperation invocation && IsTryRentOfVariable(invocation))
        {
            return value ? state : state.Select(f => f.Is(OwnershipState.Owned) ? f.With(OwnershipState.Unowned).WithoutAliases() : f);
        }

        if (NullTest(condition, out int who) is { } nullWhenTrue && nullWhenTrue == value)
        {
            // On the edge where the variable (or an alias of it) is null, it holds nothing of ours.
            return state.Select(f => Refers(f, who) && f.Is(OwnershipState.Owned) ? f.With(OwnershipState.Unowned).WithoutAliases() : f);
        }

        return state;
    }

    /// <summary>True when the condition is true exactly when a tracked variable is null, false for the reverse.</summary>
    private bool? NullTest(IOperation condition, out int who)
    {
        who = NotTracked;
        switch (condition)
        {
            case IIsNullOperation isNull when (who = Who(OwnershipModel.Unwrap(isNull.Operand))) != NotTracked:
                return true;
            case IBinaryOperation { OperatorKind: BinaryOperatorKind.Equals or BinaryOperatorKind.NotEquals } binary:
                bool equals = binary.OperatorKind == BinaryOperatorKind.Equals;
                if (IsNull(binary.RightOperand) && (who = Who(OwnershipModel.Unwrap(binary.LeftOperand))) != NotTracked)
                {
                    return equals;
                }

                if (IsNull(binary.LeftOperand) && (who = Who(OwnershipModel.Unwrap(binary.RightOperand))) != NotTracked)
                {
                    return equals;
                }

                return null;
            case IIsPatternOperation pattern when (who = Who(OwnershipModel.Unwrap(pattern.Value))) != NotTracked:
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

    /// <summary>
    /// The facts on every way out of a finally or catch region entered with <paramref name="input"/> (run without
    /// reporting): the end of a finally, a branch out of the region, a throw or rethrow.
    /// </summary>
    private FactSet RunRegion(ControlFlowRegion region, FactSet input)
    {
        if (input.IsEmpty)
        {
            return input;
        }

        if (_regionCache.TryGetValue((region, input), out FactSet? cached))
        {
            return cached;
        }

        bool reporting = _reporting;
        BasicBlock? current = _currentBlock;
        _reporting = false;
        var states = new Dictionary<int, FactSet> { [region.FirstBlockOrdinal] = input };
        var pending = new SortedSet<int> { region.FirstBlockOrdinal };
        FactSet output = FactSet.Empty;
        while (pending.Count > 0)
        {
            int ordinal = pending.Min;
            pending.Remove(ordinal);
            BasicBlock block = _graph.Blocks[ordinal];
            FactSet exit = Transfer(block, states[ordinal]);
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

        _reporting = reporting;
        _currentBlock = current;
        _regionCache[(region, input)] = output;
        return output;

        void Step(ControlFlowBranch branch, FactSet state)
        {
            foreach (ControlFlowRegion nested in branch.FinallyRegions)
            {
                if (Contains(region, nested.FirstBlockOrdinal))
                {
                    state = RunRegion(nested, state);
                }
            }

            if (branch.Destination is { } destination && Contains(region, destination.Ordinal)
                && branch.Semantics != ControlFlowBranchSemantics.StructuredExceptionHandling)
            {
                FactSet previous = states.TryGetValue(destination.Ordinal, out FactSet? known) ? known : FactSet.Empty;
                FactSet merged = previous.Union(state);
                if (!merged.Equals(previous))
                {
                    states[destination.Ordinal] = merged;
                    pending.Add(destination.Ordinal);
                }
            }
            else
            {
                output = output.Union(state);
            }
        }
    }

    private static bool Contains(ControlFlowRegion region, int ordinal) => ordinal >= region.FirstBlockOrdinal && ordinal <= region.LastBlockOrdinal;

    /// <summary>
    /// An exception at <paramref name="thrower"/> loses the rental unless the finally or catch handler it runs in
    /// releases it further on (item 3 of issue 29: a call earlier in the same finally does not skip the Return after
    /// it), an enclosing finally releases it, or a catch handler (analysed as ordinary flow) catches every exception.
    /// </summary>
    private void CheckExceptionPath(BasicBlock block, IOperation? thrower, ThrowerKind kind, FactSet state)
    {
        if (!_reporting || _kind != OwnershipKind.Rental)
        {
            return;
        }

        FactSet owned = state.Where(f => f.Is(OwnershipState.Owned));
        if (owned.IsEmpty)
        {
            return;
        }

        for (ControlFlowRegion? region = block.EnclosingRegion; region is not null; region = region.EnclosingRegion)
        {
            switch (region.Kind)
            {
                case ControlFlowRegionKind.Finally or ControlFlowRegionKind.Catch or ControlFlowRegionKind.FilterAndHandler
                    when !RunRegion(region, owned).Has(OwnershipState.Owned):
                    return;
                case ControlFlowRegionKind.Try when region.EnclosingRegion is { Kind: ControlFlowRegionKind.TryAndFinally } tryAndFinally
                    && !RunRegion(tryAndFinally.NestedRegions[1], owned).Has(OwnershipState.Owned):
                    return;
                case ControlFlowRegionKind.Try when region.EnclosingRegion is { Kind: ControlFlowRegionKind.TryAndCatch } tryAndCatch && CatchesEverything(tryAndCatch):
                    return;
            }
        }

        int position = thrower?.Syntax.SpanStart ?? block.BranchValue?.Syntax.SpanStart ?? int.MaxValue;
        if (_thrower is null || kind < _thrower.Kind || (kind == _thrower.Kind && position < _thrower.Position))
        {
            _thrower = new Thrower(kind, thrower, position);
        }
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
}
