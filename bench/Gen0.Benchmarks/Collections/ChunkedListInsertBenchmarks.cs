using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Gen0.Collections;

namespace Gen0.Benchmarks.Collections;

/// <summary>Inserting one int in the middle of a list and removing it again (two moves of half the list).</summary>
[BenchmarkCategory("ChunkedListInsert")]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
public class ChunkedListInsertBenchmarks
{
    private List<int> _list = null!;
    private ChunkedList<int> _chunked = null!;

    [Params(1_000, 100_000, 10_000_000)]
    public int N { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        _list = Enumerable.Range(0, N).ToList();
        _chunked = _list.ToChunkedList();
    }

    [Benchmark(Baseline = true)]
    public int StandardList()
    {
        _list.Insert(N / 2, -1);
        _list.RemoveAt(N / 2);
        return _list.Count;
    }

    [Benchmark]
    public int ChunkedList()
    {
        _chunked.Insert(N / 2, -1);
        _chunked.RemoveAt(N / 2);
        return _chunked.Count;
    }
}
