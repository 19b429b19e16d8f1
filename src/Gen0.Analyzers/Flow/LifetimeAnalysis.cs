using System;
using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FlowAnalysis;

namespace Gen0.Analyzers.Flow;

/// <summary>
/// A forward may-analysis over a <see cref="ControlFlowGraph"/> of one variable that receives a rental or a pooled
/// object. Each basic block gets the set of <see cref="Fact"/>s that may hold on entry: what the variable holds, the
/// values of the bool guards seen so far (so a rent and a return under the same flag stay on the same paths) and
/// which aliases (spans, segments, copies) refer to the rental. Finally regions are run on every branch that leaves
/// through them, catch regions are entered from every block of their try, and branches on <c>x == null</c>, on a
/// guard or on <c>TryRent</c> refine the facts on each edge. A second pass replays each block with its fixed-point
/// facts to report.
/// </summary>
/// <remarks>
/// The same analysis, run over a callee with one of its parameters as the variable and without reporting, makes
/// the callee's summary (<see cref="MethodSummaries"/>).
/// </remarks>
internal sealed partial class LifetimeAnalysis
{
    private const int Self = -1;
    private const int NotTracked = -2;

    private readonly ControlFlowGraph _graph;
    private readonly OwnershipModel _model;
    private readonly MethodSummaries? _summaries;
    private readonly ISymbol _variable;
    private readonly OwnershipKind _kind;
    private readonly Action<Diagnostic>? _report;
    private readonly FactSet[] _entryStates;
    private readonly HashSet<Location> _reported = new();
    private readonly bool _summarizingByValueParameter;
    private bool _reporting;
    private bool _branchIsReturn;
    private BasicBlock? _currentBlock;
    private bool _leaksOnNormalPath;
    private bool _releasedSomewhere;
    private Thrower? _thrower;
    private OwnershipState _detached;

    private LifetimeAnalysis(
        ControlFlowGraph graph,
        OwnershipModel model,
        MethodSummaries? summaries,
        ISymbol variable,
        OwnershipKind kind,
        HashSet<ISymbol> captured,
        Action<Diagnostic>? report)
    {
        _graph = graph;
        _model = model;
        _summaries = summaries;
        _variable = variable;
        _kind = kind;
        _report = report;
        _entryStates = new FactSet[graph.Blocks.Length];
        for (int i = 0; i < _entryStates.Length; i++)
        {
            _entryStates[i] = FactSet.Empty;
        }

        _summarizingByValueParameter = report is null && variable is IParameterSymbol { RefKind: RefKind.None or RefKind.In };
        Prepare(captured);
    }

    /// <summary>How an exception can leave while the rental is owned, in the order the message prefers them.</summary>
    private enum ThrowerKind
    {
        Throw,
        Await,
        Call,
    }

    /// <summary>Analyses <paramref name="local"/> and reports its GEN0002..GEN0005 and GEN0008 diagnostics at the source and its uses.</summary>
    public static void Run(
        ControlFlowGraph graph,
        OwnershipModel model,
        MethodSummaries? summaries,
        ILocalSymbol local,
        RentalSource source,
        HashSet<ISymbol> captured,
        Action<Diagnostic> report)
    {
        var analysis = new LifetimeAnalysis(graph, model, summaries, local, source.Kind, captured, report);
        analysis.Solve(OwnershipState.Unowned);
        analysis.ReportAll(source);
    }

    /// <summary>
    /// What a callee does with <paramref name="parameter"/> when it enters in state <paramref name="input"/>: the set
    /// of states it may leave in on a normal exit (for a by-value parameter, also when it is reassigned; a null
    /// parameter is left out).
    /// </summary>
    public static OwnershipState Summarize(
        ControlFlowGraph graph,
        OwnershipModel model,
        MethodSummaries summaries,
        IParameterSymbol parameter,
        OwnershipKind kind,
        OwnershipState input,
        HashSet<ISymbol> captured)
    {
        var analysis = new LifetimeAnalysis(graph, model, summaries, parameter, kind, captured, report: null);
        analysis.Solve(input);
        OwnershipState exits = analysis._entryStates[graph.Blocks.Length - 1].Ownerships();
        if (analysis._summarizingByValueParameter)
        {
            exits = (exits & ~OwnershipState.Unowned) | analysis._detached;
        }

        // To the callee's caller, lent on is kept.
        return (exits & OwnershipState.Lent) != 0 ? (exits & ~OwnershipState.Lent) | OwnershipState.Escaped : exits;
    }

    private void Solve(OwnershipState initial)
    {
        var pending = new SortedSet<int>();
        _entryStates[0] = FactSet.Of(Fact.Of(initial));
        pending.Add(0);
        while (pending.Count > 0)
        {
            int ordinal = pending.Min;
            pending.Remove(ordinal);
            BasicBlock block = _graph.Blocks[ordinal];
            FactSet entry = _entryStates[ordinal];
            FactSet exit = Transfer(block, entry);
            SeedCatchHandlers(block, entry.Union(exit), pending);
            FollowSuccessors(block, exit, (target, state) =>
            {
                if (Merge(target, state))
                {
                    pending.Add(target);
                }
            });
        }
    }

    private void ReportAll(RentalSource source)
    {
        _reporting = true;
        foreach (BasicBlock block in _graph.Blocks)
        {
            FactSet entry = _entryStates[block.Ordinal];
            if (entry.IsEmpty)
            {
                continue;
            }

            if (block.Kind == BasicBlockKind.Exit && entry.Has(OwnershipState.Owned))
            {
                _leaksOnNormalPath = true;
            }

            FactSet exit = Transfer(block, entry);
            FollowSuccessors(block, exit, static (_, _) => { });
        }

        _reporting = false;
        if (_kind == OwnershipKind.Pooled)
        {
            if (_leaksOnNormalPath)
            {
                Report(Gen0Diagnostics.UndisposedPooledObject, source.Operation, _variable.Name);
            }

            return;
        }

        if (_leaksOnNormalPath)
        {
            Report(Gen0Diagnostics.RentWithoutReturn, source.Operation, _variable.Name, "on every path");
        }
        else if (_thrower is { } thrower && _releasedSomewhere)
        {
            string reason = thrower.Kind == ThrowerKind.Throw
                ? $"'throw{(thrower.Operation is null ? ";" : " " + DiagnosticText.Quote(thrower.Operation.Syntax))}' runs"
                : $"'{DiagnosticText.Quote(thrower.Operation!.Syntax)}' throws";
            if (source.LossReclaimed)
            {
                Report(Gen0Diagnostics.RentLostOnException, source.Operation, _variable.Name, reason);
            }
            else
            {
                Report(Gen0Diagnostics.RentWithoutReturn, source.Operation, _variable.Name, "when " + reason);
            }
        }
    }

    private bool Merge(int ordinal, FactSet state)
    {
        FactSet merged = _entryStates[ordinal].Union(state);
        if (merged.Equals(_entryStates[ordinal]))
        {
            return false;
        }

        _entryStates[ordinal] = merged;
        return true;
    }

    private void Report(DiagnosticDescriptor descriptor, IOperation at, params object[] arguments)
    {
        Location location = at.Syntax.GetLocation();
        if (_report is not null && _reported.Add(location))
        {
            _report(Diagnostic.Create(descriptor, location, arguments));
        }
    }

    /// <summary>The best candidate so far for the message of an exception-path finding.</summary>
    private sealed class Thrower
    {
        public Thrower(ThrowerKind kind, IOperation? operation, int position)
        {
            Kind = kind;
            Operation = operation;
            Position = position;
        }

        public ThrowerKind Kind { get; }

        public IOperation? Operation { get; }

        public int Position { get; }
    }
}
