using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FlowAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Gen0.Analyzers.Flow;

/// <summary>Finds, before the flow runs, the captures, aliases and guards that matter for the tracked variable.</summary>
internal sealed partial class LifetimeAnalysis
{
    /// <summary>Flow captures holding the tracked variable itself (<c>x?.Dispose()</c>, <c>using (x = new ...)</c>, spilled arguments).</summary>
    private readonly HashSet<CaptureId> _sameCaptures = new();

    /// <summary>Flow captures that receive a rent in one branch of <c>flag ? pool.Rent(n) : new T[n]</c> and are then assigned to the variable.</summary>
    private readonly HashSet<CaptureId> _sourceCaptures = new();

    private readonly Dictionary<ISymbol, int> _aliasLocals = new(SymbolEqualityComparer.Default);
    private readonly Dictionary<CaptureId, int> _aliasCaptures = new();
    private readonly Dictionary<ISymbol, int> _flags = new(SymbolEqualityComparer.Default);

    private static IEnumerable<IOperation> AllOperations(ControlFlowGraph graph)
    {
        foreach (BasicBlock block in graph.Blocks)
        {
            foreach (IOperation statement in block.Operations)
            {
                foreach (IOperation operation in statement.DescendantsAndSelf())
                {
                    yield return operation;
                }
            }

            if (block.BranchValue is { } branchValue)
            {
                foreach (IOperation operation in branchValue.DescendantsAndSelf())
                {
                    yield return operation;
                }
            }
        }
    }

    private void Prepare(HashSet<ISymbol> captured)
    {
        var sourceCaptureCandidates = new HashSet<CaptureId>();
        var assignedFromCapture = new HashSet<CaptureId>();
        var assignments = new List<(IOperation Target, IOperation Value)>();
        foreach (IOperation operation in AllOperations(_graph))
        {
            switch (operation)
            {
                case IFlowCaptureOperation capture:
                    IOperation value = OwnershipModel.Unwrap(capture.Value);
                    if (IsVariable(value) || (value is ISimpleAssignmentOperation assignment && IsVariable(OwnershipModel.Unwrap(assignment.Target))))
                    {
                        _sameCaptures.Add(capture.Id);
                    }
                    else if (_model.IsSource(value, out OwnershipKind kind) && kind == _kind)
                    {
                        sourceCaptureCandidates.Add(capture.Id);
                    }

                    assignments.Add((capture, capture.Value));
                    break;
                case ISimpleAssignmentOperation simple:
                    IOperation target = OwnershipModel.Unwrap(simple.Target);
                    if (IsVariable(target) && OwnershipModel.Unwrap(simple.Value) is IFlowCaptureReferenceOperation source)
                    {
                        assignedFromCapture.Add(source.Id);
                    }

                    if (target is ILocalReferenceOperation { Local: { IsRef: false } local } && !captured.Contains(local)
                        && !SymbolEqualityComparer.Default.Equals(local, _variable))
                    {
                        assignments.Add((target, simple.Value));
                    }

                    break;
            }
        }

        foreach (CaptureId id in sourceCaptureCandidates)
        {
            if (assignedFromCapture.Contains(id))
            {
                _sourceCaptures.Add(id);
            }
        }

        FindAliases(assignments);
        FindFlags(captured);
    }

    /// <summary>Locals and captures assigned a view or copy of the variable or of another alias, to a fixed point.</summary>
    private void FindAliases(List<(IOperation Target, IOperation Value)> assignments)
    {
        bool changed = true;
        while (changed)
        {
            changed = false;
            foreach ((IOperation target, IOperation value) in assignments)
            {
                if (IsAliasTarget(target) || DerivedFrom(value) == NotTracked)
                {
                    continue;
                }

                int index = _aliasLocals.Count + _aliasCaptures.Count;
                if (index >= Fact.MaxAliases)
                {
                    return;
                }

                if (target is ILocalReferenceOperation local)
                {
                    _aliasLocals[local.Local] = index;
                }
                else if (target is IFlowCaptureOperation capture && !_sameCaptures.Contains(capture.Id) && !_sourceCaptures.Contains(capture.Id))
                {
                    _aliasCaptures[capture.Id] = index;
                }
                else
                {
                    continue;
                }

                changed = true;
            }
        }
    }

    private bool IsAliasTarget(IOperation target) => target switch
    {
        ILocalReferenceOperation local => _aliasLocals.ContainsKey(local.Local),
        IFlowCaptureOperation capture => _aliasCaptures.ContainsKey(capture.Id) || _sameCaptures.Contains(capture.Id),
        _ => true,
    };

    /// <summary>Bool locals and by-value parameters that some branch tests directly (or negated), up to <see cref="Fact.MaxFlags"/>.</summary>
    private void FindFlags(HashSet<ISymbol> captured)
    {
        foreach (BasicBlock block in _graph.Blocks)
        {
            if (_flags.Count == Fact.MaxFlags)
            {
                return;
            }

            if (block.BranchValue is not { } condition)
            {
                continue;
            }

            IOperation tested = OwnershipModel.Unwrap(condition);
            while (tested is IUnaryOperation { OperatorKind: UnaryOperatorKind.Not } not)
            {
                tested = OwnershipModel.Unwrap(not.Operand);
            }

            ISymbol? symbol = tested switch
            {
                ILocalReferenceOperation { Local: { IsRef: false } local } => local,
                IParameterReferenceOperation { Parameter.RefKind: RefKind.None or RefKind.In } parameter => parameter.Parameter,
                _ => null,
            };
            if (symbol is not null && tested.Type?.SpecialType == SpecialType.System_Boolean && !captured.Contains(symbol) && !_flags.ContainsKey(symbol))
            {
                _flags[symbol] = _flags.Count;
            }
        }
    }

    /// <summary>True for a reference to the tracked variable (a local, or in a summary, a parameter).</summary>
    private bool IsVariable(IOperation operation) => operation switch
    {
        ILocalReferenceOperation local => SymbolEqualityComparer.Default.Equals(local.Local, _variable),
        IParameterReferenceOperation parameter => SymbolEqualityComparer.Default.Equals(parameter.Parameter, _variable),
        _ => false,
    };

    /// <summary><see cref="Self"/>, an alias index, or <see cref="NotTracked"/> for a variable or capture reference.</summary>
    private int Who(IOperation reference) => reference switch
    {
        ILocalReferenceOperation local when SymbolEqualityComparer.Default.Equals(local.Local, _variable) => Self,
        ILocalReferenceOperation local when _aliasLocals.TryGetValue(local.Local, out int index) => index,
        IParameterReferenceOperation parameter when SymbolEqualityComparer.Default.Equals(parameter.Parameter, _variable) => Self,
        IFlowCaptureReferenceOperation capture when _sameCaptures.Contains(capture.Id) => Self,
        IFlowCaptureReferenceOperation capture when _aliasCaptures.TryGetValue(capture.Id, out int index) => index,
        _ => NotTracked,
    };

    /// <summary>Which tracked variable <paramref name="value"/> is, or is a view of.</summary>
    private int DerivedFrom(IOperation value)
    {
        while (_model.TryGetViewSource(value, out IOperation inner))
        {
            value = inner;
        }

        return Who(value);
    }

    private static bool Refers(Fact fact, int who) => who == Self || (who >= 0 && fact.Alias(who));
}
