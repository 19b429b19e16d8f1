using BenchmarkDotNet.Attributes;
using Gen0.Scopes;

namespace Gen0.Benchmarks.Scopes;

/// <summary>
/// What a scope costs on its own: disposing <see cref="Objects"/> objects by hand (the baseline) against beginning a
/// scope, registering them in it and ending it; and the cost of a nested Required scope that joins the ambient one.
/// The objects are allocated once and their <c>Dispose</c> does nothing, so only the scope's work is measured.
/// Dispose.Scope, the peer, could not be restored from the served registry, so it is not in the table.
/// </summary>
public class DisposeScopeOverheadBenchmarks
{
    private CountingDisposable[] _objects = null!;

    [Params(1, 4, 12, 16, 256)]
    public int Objects { get; set; }

    [GlobalSetup]
    public void GlobalSetup() => _objects = Enumerable.Range(0, Objects).Select(_ => new CountingDisposable()).ToArray();

    [Benchmark(Baseline = true)]
    public int ManualDispose()
    {
        CountingDisposable[] objects = _objects;
        for (int i = objects.Length - 1; i >= 0; i--)
        {
            objects[i].Dispose();
        }

        return objects.Length;
    }

    [Benchmark]
    public int Scope()
    {
        using DisposeScope scope = DisposeScope.BeginScope();
        foreach (CountingDisposable item in _objects)
        {
            item.RegisterDisposeScope();
        }

        return scope.Count;
    }

    [Benchmark]
    public int ScopeAsync()
    {
        DisposeScope scope = DisposeScope.BeginScope();
        foreach (CountingDisposable item in _objects)
        {
            item.RegisterDisposeScope();
        }

        int count = scope.Count;
        ValueTask pending = scope.DisposeAsync();
        pending.GetAwaiter().GetResult(); // completes synchronously: the objects are IDisposable only
        return count;
    }

    /// <summary>
    /// An async scope across an <see langword="await"/> (issue 16's 1.46x row): half the objects are registered before
    /// a yield and half after it, from whatever thread the continuation runs on, and the scope ends with
    /// <see langword="await using"/>.
    /// </summary>
    [Benchmark]
    public async Task<int> ScopeAcrossAwait()
    {
        CountingDisposable[] objects = _objects;
        int half = objects.Length / 2;
        await using DisposeScope scope = DisposeScope.BeginScope();
        for (int i = 0; i < half; i++)
        {
            objects[i].RegisterDisposeScope();
        }

        await Task.Yield();
        for (int i = half; i < objects.Length; i++)
        {
            objects[i].RegisterDisposeScope();
        }

        return scope.Count;
    }

    [Benchmark]
    public int NestedRequiredScope()
    {
        using DisposeScope outer = DisposeScope.BeginScope();
        using (DisposeScope.BeginScope())
        {
            foreach (CountingDisposable item in _objects)
            {
                item.RegisterDisposeScope();
            }
        }

        return outer.Count;
    }

    private sealed class CountingDisposable : IDisposable
    {
        public int Disposals { get; private set; }

        public void Dispose() => Disposals++;
    }
}
