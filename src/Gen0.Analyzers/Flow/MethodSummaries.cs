using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FlowAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Gen0.Analyzers.Flow;

/// <summary>
/// Summaries of the methods of the analysed compilation: for a parameter that receives a rental, whether the method
/// borrows it, returns it to its pool, or keeps it (<see cref="ForArgument"/>), and for a <c>ref</c>/<c>out</c>
/// parameter, what it holds when the method returns (<see cref="ForRefArgument"/>; a helper that rents into a ref
/// parameter is followed). Made by running <see cref="LifetimeAnalysis"/> over the callee, nested callees up to
/// <see cref="MaxDepth"/> deep; recursion, virtual and interface methods, local functions and methods with errors
/// get no summary (the caller then takes the call as a hand-over and stays silent). One instance per compilation.
/// </summary>
internal sealed class MethodSummaries
{
    private const int MaxDepth = 3;

    private readonly Compilation _compilation;
    private readonly OwnershipModel _model;
    private readonly CancellationToken _cancellationToken;
    private readonly ConcurrentDictionary<SyntaxTree, SemanticModel> _semanticModels;
    private readonly ConcurrentDictionary<IMethodSymbol, MethodBody?> _bodies;
    private readonly ConcurrentDictionary<(IMethodSymbol Method, int Ordinal, OwnershipKind Kind, OwnershipState Input), OwnershipState?> _outcomes;

    /// <summary>The summaries being made on this call path, outermost first: a callee met again is recursion.</summary>
    private readonly ImmutableArray<(IMethodSymbol Method, int Ordinal)> _active;

    public MethodSummaries(Compilation compilation, OwnershipModel model, CancellationToken cancellationToken)
    {
        _compilation = compilation;
        _model = model;
        _cancellationToken = cancellationToken;
        _semanticModels = new ConcurrentDictionary<SyntaxTree, SemanticModel>();
        _bodies = new ConcurrentDictionary<IMethodSymbol, MethodBody?>(SymbolEqualityComparer.Default);
        _outcomes = new ConcurrentDictionary<(IMethodSymbol, int, OwnershipKind, OwnershipState), OwnershipState?>(new OutcomeKeyComparer());
        _active = ImmutableArray<(IMethodSymbol, int)>.Empty;
    }

    /// <summary>The same caches, one frame deeper.</summary>
    private MethodSummaries(MethodSummaries outer, (IMethodSymbol Method, int Ordinal) frame)
    {
        _compilation = outer._compilation;
        _model = outer._model;
        _cancellationToken = outer._cancellationToken;
        _semanticModels = outer._semanticModels;
        _bodies = outer._bodies;
        _outcomes = outer._outcomes;
        _active = outer._active.Add(frame);
    }

    /// <summary>What <paramref name="method"/> does with a rental passed by value to <paramref name="parameter"/>; null when unknown.</summary>
    public CallEffect? ForArgument(IMethodSymbol method, IParameterSymbol parameter, OwnershipKind kind)
    {
        if (Outcome(method, parameter.Ordinal, kind, OwnershipState.Owned) is not { } exits)
        {
            return null;
        }

        return exits switch
        {
            OwnershipState.None or OwnershipState.Owned => CallEffect.Borrow,
            OwnershipState.Released => CallEffect.Release,
            _ => CallEffect.Escape,
        };
    }

    /// <summary>
    /// The states a <c>ref</c>/<c>out</c> argument may hold after the call when it entered in <paramref name="input"/>;
    /// null when unknown, or when a bool-returning method leaves it in different states (a TryX whose result tells
    /// which, a correlation not followed across calls).
    /// </summary>
    public OwnershipState? ForRefArgument(IMethodSymbol method, IParameterSymbol parameter, OwnershipKind kind, OwnershipState input)
    {
        if (Outcome(method, parameter.Ordinal, kind, input) is not { } exits)
        {
            return null;
        }

        bool several = (exits & (exits - 1)) != 0;
        return several && method.ReturnType.SpecialType == SpecialType.System_Boolean ? null : exits;
    }

    private OwnershipState? Outcome(IMethodSymbol method, int ordinal, OwnershipKind kind, OwnershipState input)
    {
        method = method.OriginalDefinition;
        if (method.PartialImplementationPart is { } implementation)
        {
            method = implementation;
        }

        if (!IsSummarizable(method))
        {
            return null;
        }

        var key = (method, ordinal, kind, input);
        // Only calls from outside any summary read and fill the cache, so that a result never depends on which
        // summary happened to be made first (the depth limit cuts nested ones short).
        if (_active.IsEmpty && _outcomes.TryGetValue(key, out OwnershipState? known))
        {
            return known;
        }

        foreach ((IMethodSymbol Method, int Ordinal) frame in _active)
        {
            if (frame.Ordinal == ordinal && SymbolEqualityComparer.Default.Equals(frame.Method, method))
            {
                return null; // recursion
            }
        }

        if (_active.Length >= MaxDepth)
        {
            return null; // not cached: a shallower caller may still get a summary
        }

        OwnershipState? outcome = new MethodSummaries(this, (method, ordinal)).Compute(method, ordinal, kind, input);
        if (_active.IsEmpty)
        {
            _outcomes.TryAdd(key, outcome);
        }

        return outcome;
    }

    private OwnershipState? Compute(IMethodSymbol method, int ordinal, OwnershipKind kind, OwnershipState input)
    {
        if (BodyOf(method) is not { } body || ordinal >= method.Parameters.Length)
        {
            return null;
        }

        IParameterSymbol parameter = method.Parameters[ordinal];
        if (body.Captured.Contains(parameter))
        {
            return null;
        }

        return LifetimeAnalysis.Summarize(body.Graph, _model, this, parameter, kind, input, body.Captured);
    }

    private static bool IsSummarizable(IMethodSymbol method) =>
        method.MethodKind == MethodKind.Ordinary
        && !method.IsAbstract
        && !method.IsExtern
        && !method.IsVirtual
        && (!method.IsOverride || method.IsSealed)
        && method.ContainingType.TypeKind != TypeKind.Interface
        && method.DeclaringSyntaxReferences.Length == 1;

    private MethodBody? BodyOf(IMethodSymbol method) => _bodies.GetOrAdd(method, m =>
    {
        SyntaxNode syntax = m.DeclaringSyntaxReferences[0].GetSyntax(_cancellationToken);
        if (!_compilation.ContainsSyntaxTree(syntax.SyntaxTree))
        {
            return null;
        }

#pragma warning disable RS1030 // Only for callees that receive a rental (rare), one model per tree, cached for the compilation.
        SemanticModel semanticModel = _semanticModels.GetOrAdd(syntax.SyntaxTree, tree => _compilation.GetSemanticModel(tree));
#pragma warning restore RS1030
        if (semanticModel.GetOperation(syntax, _cancellationToken) is not IMethodBodyOperation operation)
        {
            return null;
        }

        foreach (IOperation descendant in operation.Descendants())
        {
            if (descendant is IInvalidOperation)
            {
                return null;
            }
        }

        return new MethodBody(ControlFlowGraph.Create(operation, _cancellationToken), CapturedSymbols.Of(operation, m));
    });

    private sealed class MethodBody
    {
        public MethodBody(ControlFlowGraph graph, HashSet<ISymbol> captured)
        {
            Graph = graph;
            Captured = captured;
        }

        public ControlFlowGraph Graph { get; }

        public HashSet<ISymbol> Captured { get; }
    }

    private sealed class OutcomeKeyComparer : IEqualityComparer<(IMethodSymbol Method, int Ordinal, OwnershipKind Kind, OwnershipState Input)>
    {
        public bool Equals((IMethodSymbol Method, int Ordinal, OwnershipKind Kind, OwnershipState Input) x, (IMethodSymbol Method, int Ordinal, OwnershipKind Kind, OwnershipState Input) y) =>
            x.Ordinal == y.Ordinal && x.Kind == y.Kind && x.Input == y.Input && SymbolEqualityComparer.Default.Equals(x.Method, y.Method);

        public int GetHashCode((IMethodSymbol Method, int Ordinal, OwnershipKind Kind, OwnershipState Input) key) =>
            (SymbolEqualityComparer.Default.GetHashCode(key.Method) * 31) + (key.Ordinal * 7) + ((int)key.Kind * 3) + (int)key.Input;
    }
}
