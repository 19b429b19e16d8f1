using System.Buffers;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Gen0.Collections;

namespace Gen0.Benchmarks.Collections;

/// <summary>
/// Seed 004's first table: adding 500 ints (one small array) and 50,000 ints (past the LOH threshold for
/// <see cref="List{T}"/>) to a new list, and 1,000,000 ints (issue 16's row). The pooled variants rent chunks from <see cref="ArrayPool{T}.Shared"/>:
/// a new list that is disposed, and one list reused (cleared) across operations, which allocates nothing.
/// </summary>
[BenchmarkCategory("ChunkedListAdd")]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
public class ChunkedListAddBenchmarks
{
    private ChunkedList<int> _reused = null!;

    [Params(500, 50_000, 1_000_000)]
    public int N { get; set; }

    [GlobalSetup]
    public void GlobalSetup() => _reused = new ChunkedList<int>(ArrayPool<int>.Shared);

    [GlobalCleanup]
    public void GlobalCleanup() => _reused.Dispose();

    [Benchmark(Baseline = true)]
    public List<int> StandardList()
    {
        List<int> list = new();
        for (int i = 0; i < N; i++)
        {
            list.Add(i);
        }

        return list;
    }

    [Benchmark]
    public ChunkedList<int> ChunkedList()
    {
        ChunkedList<int> list = new();
        for (int i = 0; i < N; i++)
        {
            list.Add(i);
        }

        return list;
    }

    [Benchmark]
    public int ChunkedListPooled()
    {
        using ChunkedList<int> list = new(ArrayPool<int>.Shared);
        for (int i = 0; i < N; i++)
        {
            list.Add(i);
        }

        return list.Count;
    }

    [Benchmark]
    public int ChunkedListPooledReused()
    {
        ChunkedList<int> list = _reused;
        list.Clear();
        for (int i = 0; i < N; i++)
        {
            list.Add(i);
        }

        return list.Count;
    }
}
