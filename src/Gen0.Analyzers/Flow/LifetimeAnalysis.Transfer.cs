using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FlowAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Gen0.Analyzers.Flow;

/// <summary>The transfer function: how each operation changes the facts, and the GEN0003/GEN0004 reports.</summary>
internal sealed partial class LifetimeAnalysis
{
    private FactSet Transfer(BasicBlock block, FactSet state)
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

    private void Visit(IOperation operation, ref FactSet state)
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
            case ILocalReferenceOperation or IParameterReferenceOperation or IFlowCaptureReferenceOperation:
                int who = Who(operation);
                if (who != NotTracked)
                {
                    OnReference(operation, who, ref state);
                }
                else if (FlagOf(operation) is { } flag && OwnershipModel.OutermostWrapper(operation).Parent is IArgumentOperation { Parameter.RefKind: RefKind.Ref or RefKind.Out })
                {
                    state = state.Select(f => f.WithFlag(flag, FlagValue.Unknown));
                }

                break;
            case ISimpleAssignmentOperation assignment:
                IOperation target = OwnershipModel.Unwrap(assignment.Target);
                if (IsVariable(target))
                {
                    OnAssignment(assignment.Value, ref state);
                }
                else if (target is ILocalReferenceOperation local && _aliasLocals.TryGetValue(local.Local, out int alias))
                {
                    OnAliasAssignment(alias, assignment.Value, ref state);
                }
                else if (FlagOf(target) is { } flag)
                {
                    OnFlagAssignment(flag, assignment.Value, ref state);
                }

                break;
            case ICompoundAssignmentOperation or ICoalesceAssignmentOperation or IIncrementOrDecrementOperation:
                IOperation written = operation switch
                {
                    ICompoundAssignmentOperation compound => compound.Target,
                    ICoalesceAssignmentOperation coalesce => coalesce.Target,
                    _ => ((IIncrementOrDecrementOperation)operation).Target,
                };
                if (FlagOf(OwnershipModel.Unwrap(written)) is { } changed)
                {
                    state = state.Select(f => f.WithFlag(changed, FlagValue.Unknown));
                }

                break;
            case IFlowCaptureOperation capture:
                if (_sourceCaptures.Contains(capture.Id))
                {
                    OnAssignment(capture.Value, ref state);
                }
                else if (_aliasCaptures.TryGetValue(capture.Id, out int captureAlias))
                {
                    OnAliasAssignment(captureAlias, capture.Value, ref state);
                }

                break;
        }

        if (operation is IInvocationOperation or IObjectCreationOperation or IDynamicInvocationOperation or IDynamicObjectCreationOperation or IAwaitOperation
            && _kind == OwnershipKind.Rental && state.Has(OwnershipState.Owned) && !_model.IsBenign(operation) && !RentsIntoVariable(operation))
        {
            CheckExceptionPath(_currentBlock!, operation, operation is IAwaitOperation ? ThrowerKind.Await : ThrowerKind.Call, state);
        }
    }

    /// <summary>A call that fills the variable through <c>ref</c>/<c>out</c>: if it throws, it has not handed anything over.</summary>
    private bool RentsIntoVariable(IOperation operation)
    {
        if (operation is IInvocationOperation invocation)
        {
            foreach (IArgumentOperation argument in invocation.Arguments)
            {
                if (argument.Parameter is { RefKind: RefKind.Ref or RefKind.Out } && IsVariable(OwnershipModel.Unwrap(argument.Value)))
                {
                    return true;
                }
            }
        }

        return false;
    }

    private int? FlagOf(IOperation operation) => operation switch
    {
        ILocalReferenceOperation local when _flags.TryGetValue(local.Local, out int index) => index,
        IParameterReferenceOperation parameter when _flags.TryGetValue(parameter.Parameter, out int index) => index,
        _ => null,
    };

    /// <summary>The variable gets a new value: a new rental, the same object again, or something that is not ours.</summary>
    private void OnAssignment(IOperation value, ref FactSet state)
    {
        value = OwnershipModel.Unwrap(value);
        if (value is IFlowCaptureReferenceOperation capture && _sourceCaptures.Contains(capture.Id))
        {
            return; // set when the capture received the rent (or the other branch's value)
        }

        bool fresh = _model.IsSource(value, out OwnershipKind kind) && kind == _kind;
        int same = fresh ? NotTracked : DerivedFrom(value);
        state = state.Select(f =>
        {
            if (Refers(f, same))
            {
                return f;
            }

            Overwrite(f);
            return f.With(fresh ? OwnershipState.Owned : OwnershipState.Unowned).WithoutAliases();
        });
    }

    /// <summary>Whatever the variable held is gone: a leak if it was still owned.</summary>
    private void Overwrite(Fact fact)
    {
        if (_summarizingByValueParameter)
        {
            if (!fact.Is(OwnershipState.Unowned))
            {
                _detached |= fact.Ownership;
            }
        }
        else if (fact.Is(OwnershipState.Owned) && _reporting)
        {
            _leaksOnNormalPath = true;
        }
    }

    private void OnAliasAssignment(int alias, IOperation value, ref FactSet state)
    {
        int from = DerivedFrom(value);
        state = state.Select(f => f.WithAlias(alias, Refers(f, from)));
    }

    private void OnFlagAssignment(int flag, IOperation value, ref FactSet state)
    {
        value = OwnershipModel.Unwrap(value);
        if (value.ConstantValue is { HasValue: true, Value: bool constant })
        {
            state = state.Select(f => f.WithFlag(flag, constant ? FlagValue.True : FlagValue.False));
        }
        else if (value is IInvocationOperation invocation && IsTryRentOfVariable(invocation))
        {
            state = state.SelectMany((f, into) =>
            {
                into.Add(f.WithFlag(flag, FlagValue.True));
                into.Add(f.With(OwnershipState.Unowned).WithoutAliases().WithFlag(flag, FlagValue.False));
            });
        }
        else if (FlagOf(value) is { } copied && copied != flag)
        {
            state = state.Select(f => f.WithFlag(flag, f.Flag(copied)));
        }
        else if (value is IUnaryOperation { OperatorKind: UnaryOperatorKind.Not } not && FlagOf(OwnershipModel.Unwrap(not.Operand)) is { } negated)
        {
            state = state.Select(f => f.WithFlag(flag, f.Flag(negated) switch
            {
                FlagValue.True => FlagValue.False,
                FlagValue.False => FlagValue.True,
                _ => FlagValue.Unknown,
            }));
        }
        else
        {
            state = state.Select(f => f.WithFlag(flag, FlagValue.Unknown));
        }
    }

    private bool IsTryRentOfVariable(IInvocationOperation invocation)
    {
        if (!_model.IsTryRent(invocation))
        {
            return false;
        }

        foreach (IArgumentOperation argument in invocation.Arguments)
        {
            if (argument.Parameter is { RefKind: RefKind.Out } && IsVariable(OwnershipModel.Unwrap(argument.Value)))
            {
                return true;
            }
        }

        return false;
    }

    private void OnReference(IOperation reference, int who, ref FactSet state)
    {
        IOperation outer = reference;
        bool viaView = false;
        while (outer.Parent is { } parent)
        {
            // A view's source is its receiver, its operand, or (static and extension methods, constructors) its first argument.
            IOperation view = parent is IArgumentOperation { Parent: { } call } ? call : parent;
            if (!_model.TryGetViewSource(view, out IOperation inner) || inner != outer)
            {
                break;
            }

            viaView |= view is not (IConversionOperation or IParenthesizedOperation or IDeclarationExpressionOperation);
            outer = view;
        }

        switch (outer.Parent)
        {
            case ISimpleAssignmentOperation assignment when assignment.Target == outer:
                return; // handled at the assignment, after its value ran
            case ISimpleAssignmentOperation assignment:
                IOperation target = OwnershipModel.Unwrap(assignment.Target);
                if (target is IDiscardOperation || IsVariable(target) || (target is ILocalReferenceOperation local && _aliasLocals.ContainsKey(local.Local)))
                {
                    return; // a copy or a view kept in a tracked alias (or the variable itself again)
                }

                Escape(reference, who, ref state);
                return;
            case IFlowCaptureOperation capture:
                if (!_sameCaptures.Contains(capture.Id) && !_aliasCaptures.ContainsKey(capture.Id) && !_sourceCaptures.Contains(capture.Id))
                {
                    Escape(reference, who, ref state);
                }

                return;
            case IIsNullOperation or IIsPatternOperation:
                return;
            case IBinaryOperation binary when IsNull(binary.LeftOperand) || IsNull(binary.RightOperand):
                return;
            case IArgumentOperation argument:
                OnArgument(argument, reference, who, viaView, ref state);
                return;
            case IInvocationOperation invocation when invocation.Instance == outer:
                if (_kind == OwnershipKind.Pooled && !viaView && OwnershipModel.IsDispose(invocation.TargetMethod))
                {
                    Release(invocation, who, reportTwice: false, ref state);
                    return;
                }

                Use(reference, who, ref state);
                return;
            case IReturnOperation:
            case IArrayInitializerOperation:
            case ITupleOperation:
            case IMethodReferenceOperation:
            case IPropertyInitializerOperation:
            case IFieldInitializerOperation:
            case IAnonymousObjectCreationOperation:
                Escape(reference, who, ref state);
                return;
            case null when _branchIsReturn:
                Escape(reference, who, ref state);
                return;
            default:
                Use(reference, who, ref state);
                return;
        }
    }

    private void OnArgument(IArgumentOperation argument, IOperation reference, int who, bool viaView, ref FactSet state)
    {
        IParameterSymbol? parameter = argument.Parameter;
        if (parameter is { RefKind: RefKind.Ref or RefKind.Out })
        {
            if (who == Self && !viaView && argument.Parent is IInvocationOperation call && FollowRefOrOut(call, parameter, ref state))
            {
                return;
            }

            Escape(reference, who, ref state);
            return;
        }

        if (argument.Parent is not IInvocationOperation invocation)
        {
            Escape(reference, who, ref state); // constructors and delegates keep what they are given
            return;
        }

        if (_model.IsReturn(invocation, argument))
        {
            if (_kind == OwnershipKind.Rental)
            {
                Release(invocation, who, reportTwice: true, ref state);
            }
            else
            {
                Escape(reference, who, ref state);
            }

            return;
        }

        if (_model.IsRegistration(invocation.TargetMethod))
        {
            Escape(reference, who, ref state);
            return;
        }

        if (parameter is not null && _summaries?.ForArgument(invocation.TargetMethod, parameter, _kind) is { } effect)
        {
            switch (effect)
            {
                case CallEffect.Release:
                    Release(invocation, who, reportTwice: _kind == OwnershipKind.Rental, ref state);
                    return;
                case CallEffect.Escape:
                    // An array parked by a helper and still used after is lent; a pooled object registered with an
                    // owner of the project and then filled (list.Add after tracker.Track(list)) is handed over.
                    Escape(reference, who, ref state, _kind == OwnershipKind.Rental ? OwnershipState.Lent : OwnershipState.Escaped);
                    return;
                default:
                    Use(reference, who, ref state);
                    return;
            }
        }

        bool isThisArgument = invocation.TargetMethod.IsExtensionMethod && parameter is { Ordinal: 0 };
        if (!isThisArgument && parameter is not null
            && (OwnershipModel.IsOwningParameter(parameter)
                || (OwnershipModel.IsDeclaredInSource(invocation.TargetMethod) && !OwnershipModel.OverridesLibraryMethod(invocation.TargetMethod))))
        {
            Escape(reference, who, ref state);
            return;
        }

        Use(reference, who, ref state);
    }

    /// <summary>
    /// <c>pool.TryRent(out x)</c> rents into x; a method of this compilation whose summary says what it does with a
    /// <c>ref</c>/<c>out</c> parameter (renting into it, returning it, keeping it) is followed. False: unknown callee.
    /// </summary>
    private bool FollowRefOrOut(IInvocationOperation call, IParameterSymbol parameter, ref FactSet state)
    {
        bool isOut = parameter.RefKind == RefKind.Out;
        if (isOut && _model.IsTryRent(call))
        {
            state = state.Select(f =>
            {
                Overwrite(f);
                return f.With(OwnershipState.Owned).WithoutAliases();
            });
            return true;
        }

        if (_summaries is null)
        {
            return false;
        }

        OwnershipState? fromOwned = isOut ? null : _summaries.ForRefArgument(call.TargetMethod, parameter, _kind, OwnershipState.Owned);
        OwnershipState? fromUnowned = _summaries.ForRefArgument(call.TargetMethod, parameter, _kind, OwnershipState.Unowned);
        if (fromUnowned is null || (!isOut && fromOwned is null))
        {
            return false;
        }

        state = state.SelectMany((f, into) =>
        {
            if (isOut)
            {
                Overwrite(f);
            }

            OwnershipState outcomes = !isOut && f.Is(OwnershipState.Owned) ? fromOwned!.Value : fromUnowned.Value;
            foreach (OwnershipState outcome in new[] { OwnershipState.Owned, OwnershipState.Released, OwnershipState.Escaped, OwnershipState.Unowned })
            {
                if ((outcomes & outcome) != 0)
                {
                    into.Add(f.With(outcome).WithoutAliases());
                }
            }
        });
        return true;
    }

    private void Release(IInvocationOperation invocation, int who, bool reportTwice, ref FactSet state)
    {
        if (_reporting && reportTwice && state.Any(f => Refers(f, who) && f.Is(OwnershipState.Released)))
        {
            Report(Gen0Diagnostics.DoubleReturn, invocation, _variable.Name);
        }

        _releasedSomewhere |= _reporting;
        state = state.Select(f => Refers(f, who) && (f.Is(OwnershipState.Owned) || f.Is(OwnershipState.Lent)) ? f.With(OwnershipState.Released) : f);
    }

    private void Escape(IOperation reference, int who, ref FactSet state, OwnershipState to = OwnershipState.Escaped)
    {
        if (_reporting && state.Any(f => Refers(f, who) && f.Is(OwnershipState.Released)))
        {
            Use(reference, who, ref state);
        }

        state = state.Select(f => Refers(f, who) && (f.Is(OwnershipState.Owned) || f.Is(OwnershipState.Lent)) ? f.With(to) : f);
    }

    private void Use(IOperation reference, int who, ref FactSet state)
    {
        // Still used after a method of the project kept it: that method only parked it (a borrow), so it is ours again.
        // Reading its length is not such a use (growth code sizes the next array from the one it just handed over).
        if (state.Any(f => Refers(f, who) && f.Is(OwnershipState.Lent)) && !IsLengthRead(reference))
        {
            state = state.Select(f => Refers(f, who) && f.Is(OwnershipState.Lent) ? f.With(OwnershipState.Owned) : f);
        }

        if (_reporting && state.Any(f => Refers(f, who) && f.Is(OwnershipState.Released)))
        {
            string what = _kind == OwnershipKind.Rental ? "returned to its pool" : "disposed";
            string name = NameOf(reference);
            Report(
                Gen0Diagnostics.UseAfterReturn,
                reference,
                name,
                name == _variable.Name ? "it was " + what : $"'{_variable.Name}', which it refers to, was {what}");
        }
    }

    private static bool IsLengthRead(IOperation reference) =>
        OwnershipModel.OutermostWrapper(reference).Parent is IPropertyReferenceOperation { Property.Name: "Length" or "LongLength" or "Count" or "IsEmpty" };

    private string NameOf(IOperation reference) => reference switch
    {
        ILocalReferenceOperation local => local.Local.Name,
        _ => _variable.Name,
    };

    private static bool IsNull(IOperation operation) => OwnershipModel.Unwrap(operation).ConstantValue is { HasValue: true, Value: null };
}
