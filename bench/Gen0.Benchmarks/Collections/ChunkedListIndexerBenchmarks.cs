using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Gen0.Collections;

namespace Gen0.Benchmarks.Collections;

/// <summary>Summing a list of ints through its indexer, in a <c>for</c> loop over <c>Count</c>.</summary>
[BenchmarkCategory("ChunkedListIndexer")]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
public class ChunkedListIndexerBenchmarks
{
    private List<int> _list = null!;
    private ChunkedList<int> _chunked = null!;

    [Params(1_000, 100_000, 1_000_000, 10_000_000)]
    public int N { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        _list = Enumerable.Range(0, N).ToList();
        _chunked = _list.ToChunkedList();
    }

    [Benchmark(Baseline = true)]
    public long StandardList()
    {
        List<int> list = _list;
        long sum = 0;
        for (int i = 0; i < list.Count; i++)
        {
            sum += list[i];
        }

        return sum;
    }

    [Benchmark]
    public long ChunkedList()
    {
        ChunkedList<int> list = _chunked;
        long sum = 0;
        for (int i = 0; i < list.Count; i++)
        {
            sum += list[i];
        }

        return sum;
    }
}
