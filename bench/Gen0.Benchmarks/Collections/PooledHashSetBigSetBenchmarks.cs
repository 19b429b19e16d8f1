using BenchmarkDotNet.Attributes;
using Gen0.Collections;

namespace Gen0.Benchmarks.Collections;

/// <summary>
/// Collections.Pooled's "add into a big set" scenario: 100 or 10,000 adds into a set that is full, so that the first
/// add doubles the table. The set holds 7,199,369 elements (the largest tabled prime below the seed's 8M, so the set
/// is exactly at capacity); each iteration builds a fresh one in <c>IterationSetup</c>, which is not measured, and
/// measures one invocation. <see cref="HashSet{T}"/> is the baseline.
/// </summary>
[InvocationCount(1)]
public class PooledHashSetBigSetBenchmarks
{
    private const int BigSetSize = 7_199_369;

    private HashSet<int>? _set;
    private PooledHashSet<int>? _pooled;

    [Params(100, 10_000)]
    public int Adds { get; set; }

    [IterationSetup(Target = nameof(AddToBigSet_HashSet))]
    public void SetupHashSet()
    {
#pragma warning disable GEN0001 // Deliberate: the BCL baseline, whose big bucket arrays are what the benchmark compares.
        _set = new HashSet<int>(BigSetSize);
#pragma warning restore GEN0001
        for (int i = 0; i < BigSetSize; i++)
        {
            _set.Add(i);
        }
    }

    [IterationCleanup(Target = nameof(AddToBigSet_HashSet))]
    public void CleanupHashSet() => _set = null;

    [IterationSetup(Target = nameof(AddToBigSet_PooledHashSet))]
    public void SetupPooledHashSet()
    {
        _pooled = new PooledHashSet<int>(BigSetSize);
        for (int i = 0; i < BigSetSize; i++)
        {
            _pooled.Add(i);
        }
    }

    [IterationCleanup(Target = nameof(AddToBigSet_PooledHashSet))]
    public void CleanupPooledHashSet()
    {
        _pooled?.Dispose();
        _pooled = null;
    }

    [Benchmark(Baseline = true)]
    public int AddToBigSet_HashSet()
    {
        HashSet<int> set = _set!;
        for (int i = 0; i < Adds; i++)
        {
            set.Add(BigSetSize + i);
        }

        return set.Count;
    }

    [Benchmark]
    public int AddToBigSet_PooledHashSet()
    {
        PooledHashSet<int> set = _pooled!;
        for (int i = 0; i < Adds; i++)
        {
            set.Add(BigSetSize + i);
        }

        return set.Count;
    }
}
