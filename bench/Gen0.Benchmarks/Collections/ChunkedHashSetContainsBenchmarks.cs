using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Gen0.Collections;

namespace Gen0.Benchmarks.Collections;

/// <summary>1,024 <c>Contains</c> calls (about half of them hits) on a set of N ints.</summary>
[BenchmarkCategory("ChunkedHashSetContains")]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
public class ChunkedHashSetContainsBenchmarks
{
    private HashSet<int> _set = null!;
    private ChunkedHashSet<int> _chunked = null!;
    private int[] _probes = null!;

    [Params(1_000, 100_000, 10_000_000)]
    public int N { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        _set = new HashSet<int>(Enumerable.Range(0, N));
        _chunked = new ChunkedHashSet<int>(Enumerable.Range(0, N));
        Random random = new(7);
        _probes = Enumerable.Range(0, 1024).Select(_ => random.Next(2 * N)).ToArray();
    }

    [Benchmark(Baseline = true)]
    public int StandardHashSet()
    {
        HashSet<int> set = _set;
        int hits = 0;
        foreach (int probe in _probes)
        {
            if (set.Contains(probe))
            {
                hits++;
            }
        }

        return hits;
    }

    [Benchmark]
    public int ChunkedHashSet()
    {
        ChunkedHashSet<int> set = _chunked;
        int hits = 0;
        foreach (int probe in _probes)
        {
            if (set.Contains(probe))
            {
                hits++;
            }
        }

        return hits;
    }
}
