using System.Buffers;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Gen0.Collections;

namespace Gen0.Benchmarks.Collections;

/// <summary>
/// Seed 004's set tables: a new set filled by <c>UnionWith</c> of three overlapping int ranges, small
/// (0..300, 100..700, 300..1300) and large (0..30,000, 10,000..70,000, 30,000..130,000; the BCL set's arrays reach
/// the LOH). The pooled variant rents bucket and entry chunks from the shared pools and disposes the set.
/// </summary>
[BenchmarkCategory("ChunkedHashSetUnionWith")]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
public class ChunkedHashSetUnionWithBenchmarks
{
    private int[][] _source = null!;

    [Params("Small", "Large")]
    public string Source { get; set; } = "Small";

    [GlobalSetup]
    public void GlobalSetup()
    {
        int scale = Source == "Small" ? 1 : 100;
        _source =
        [
            Enumerable.Range(0, 300 * scale).ToArray(),
            Enumerable.Range(100 * scale, 600 * scale).ToArray(),
            Enumerable.Range(300 * scale, 1000 * scale).ToArray(),
        ];
    }

    [Benchmark(Baseline = true)]
    public HashSet<int> StandardHashSet()
    {
        HashSet<int> set = new();
        foreach (int[] array in _source)
        {
            set.UnionWith(array);
        }

        return set;
    }

    [Benchmark]
    public ChunkedHashSet<int> ChunkedHashSet()
    {
        ChunkedHashSet<int> set = new();
        foreach (int[] array in _source)
        {
            set.UnionWith(array);
        }

        return set;
    }

    [Benchmark]
    public int ChunkedHashSetPooled()
    {
        using ChunkedHashSet<int> set = new(null, ArrayPool<int>.Shared);
        foreach (int[] array in _source)
        {
            set.UnionWith(array);
        }

        return set.Count;
    }
}
