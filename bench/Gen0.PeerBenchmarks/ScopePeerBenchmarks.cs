using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using PeerScope = Dispose.Scope.DisposeScope;
using PeerScopeExtensions = Dispose.Scope.DisposableExtensions;

namespace Gen0.PeerBenchmarks;

/// <summary>
/// A dispose scope's own cost: begin a scope, register <see cref="Registrations"/> objects whose <c>Dispose</c> does
/// nothing, end it; synchronously, and with an <c>await</c> between beginning the scope and registering (the scope
/// flows through the async context). Dispose.Scope is the baseline in each category.
/// </summary>
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class ScopePeerBenchmarks
{
    private NoOpDisposable[] _objects = null!;

    [Params(1, 10)]
    public int Registrations { get; set; }

    [GlobalSetup]
    public void GlobalSetup() => _objects = Enumerable.Range(0, Registrations).Select(_ => new NoOpDisposable()).ToArray();

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("Sync")]
    public int Sync_DisposeScope()
    {
        using PeerScope scope = PeerScope.BeginScope();
        foreach (NoOpDisposable item in _objects)
        {
            PeerScopeExtensions.RegisterDisposeScope(item);
        }

        return _objects.Length;
    }

    [Benchmark]
    [BenchmarkCategory("Sync")]
    public int Sync_Gen0()
    {
        using Scopes.DisposeScope scope = Scopes.DisposeScope.BeginScope();
        foreach (NoOpDisposable item in _objects)
        {
            Scopes.DisposeScopeExtensions.RegisterDisposeScope(item);
        }

        return _objects.Length;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("Async")]
    public async Task<int> Async_DisposeScope()
    {
        using PeerScope scope = PeerScope.BeginScope();
        await Task.Yield();
        foreach (NoOpDisposable item in _objects)
        {
            PeerScopeExtensions.RegisterDisposeScope(item);
        }

        return _objects.Length;
    }

    [Benchmark]
    [BenchmarkCategory("Async")]
    public async Task<int> Async_Gen0()
    {
        await using Scopes.DisposeScope scope = Scopes.DisposeScope.BeginScope();
        await Task.Yield();
        foreach (NoOpDisposable item in _objects)
        {
            Scopes.DisposeScopeExtensions.RegisterDisposeScope(item);
        }

        return _objects.Length;
    }

    /// <summary>
    /// As <see cref="Async_Gen0"/> with a plain <see langword="using"/>, the statement the Dispose.Scope row uses (it has
    /// no <c>DisposeAsync</c>): the difference between the two Gen0 rows is what <see langword="await using"/> itself
    /// costs (a larger state machine and one more completed await), not the scope.
    /// </summary>
    [Benchmark]
    [BenchmarkCategory("Async")]
    public async Task<int> Async_Gen0_Using()
    {
        using Scopes.DisposeScope scope = Scopes.DisposeScope.BeginScope();
        await Task.Yield();
        foreach (NoOpDisposable item in _objects)
        {
            Scopes.DisposeScopeExtensions.RegisterDisposeScope(item);
        }

        return _objects.Length;
    }

    private sealed class NoOpDisposable : IDisposable
    {
        public void Dispose()
        {
        }
    }
}
