using System.Collections.Concurrent;
using BenchmarkDotNet.Attributes;
using Gen0.Collections;
using PeerExtensions = Collections.Pooled.PooledExtensions;
using PeerList = Collections.Pooled.PooledList<Gen0.PeerBenchmarks.GetSomeClassPeerBenchmarks.SomeClassEntity>;
using PeerScope = Dispose.Scope.DisposeScope;
using PeerScopeExtensions = Dispose.Scope.PooledDisposeScopeExtensions;
using PeerVmList = Collections.Pooled.PooledList<Gen0.PeerBenchmarks.GetSomeClassPeerBenchmarks.SomeClassVm>;

namespace Gen0.PeerBenchmarks;

/// <summary>
/// Seed 001's GetSomeClass table as Dispose.Scope's own benchmark runs it: a "database" of 10,000 entities is
/// filtered into a list, projected into a list of view models, and the count is taken, on up to 4 parallel workers.
/// The .NET 10 <c>ToList()</c> chain is the baseline; beside it Collections.Pooled with <c>using</c> and with a
/// Dispose.Scope scope, and Gen0 with <c>using</c> and with its own scope.
/// </summary>
public class GetSomeClassPeerBenchmarks
{
    private const int Calls = 200;
    private static readonly ParallelOptions s_parallel = new() { MaxDegreeOfParallelism = 4 };
    private static readonly SomeClassEntity[] s_database = Enumerable.Range(0, 10_000)
        .Select(i => new SomeClassEntity { F1 = i, F2 = i + 1, F3 = i.ToString(System.Globalization.CultureInfo.InvariantCulture) })
        .ToArray();

    [Benchmark(Baseline = true)]
    public int List() => Run(() => s_database.Where(c => true).ToList().Select(ToVm).ToList().Count);

    [Benchmark]
    public int CollectionsPooledUsing() => Run(() =>
    {
        using PeerList entities = PeerExtensions.ToPooledList(s_database.Where(c => true));
        using PeerVmList vms = PeerExtensions.ToPooledList(entities.Select(ToVm));
        return vms.Count;
    });

    [Benchmark]
    public int DisposeScope() => Run(() =>
    {
        using PeerScope scope = PeerScope.BeginScope();
        PeerList entities = PeerScopeExtensions.ToPooledListScope(s_database.Where(c => true));
        return PeerScopeExtensions.ToPooledListScope(entities.Select(ToVm)).Count;
    });

    [Benchmark]
    public int Gen0Using() => Run(() =>
    {
        using PooledList<SomeClassEntity> entities = s_database.Where(c => true).ToPooledList();
        using PooledList<SomeClassVm> vms = entities.Select(ToVm).ToPooledList();
        return vms.Count;
    });

    [Benchmark]
    public int Gen0Scope() => Run(() =>
    {
        using Scopes.DisposeScope scope = Scopes.DisposeScope.BeginScope();
        PooledList<SomeClassEntity> entities = Scopes.PooledCollectionScopeExtensions.ToPooledListScope(s_database.Where(c => true));
        return Scopes.PooledCollectionScopeExtensions.ToPooledListScope(entities.Select(ToVm)).Count;
    });

    private static SomeClassVm ToVm(SomeClassEntity s) => new() { F1 = s.F1, F2 = s.F2, F3 = s.F3 };

    private static int Run(Func<int> call)
    {
        var counts = new ConcurrentBag<int>();
        Parallel.For(0, Calls, s_parallel, _ => counts.Add(call()));
        return counts.Count;
    }

    /// <summary>A row of the simulated database.</summary>
    public sealed class SomeClassEntity
    {
        public int F1 { get; init; }

        public int F2 { get; init; }

        public string F3 { get; init; } = string.Empty;
    }

    /// <summary>The view model the API returns.</summary>
    public sealed class SomeClassVm
    {
        public int F1 { get; init; }

        public int F2 { get; init; }

        public string F3 { get; init; } = string.Empty;
    }
}
