using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Gen0.Collections;

namespace Gen0.Benchmarks.Collections;

/// <summary>Refilling a list with the same shuffled ints and sorting it (the refill is part of both measurements).</summary>
[BenchmarkCategory("ChunkedListSort")]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
public class ChunkedListSortBenchmarks
{
    private int[] _source = null!;
    private List<int> _list = null!;
    private ChunkedList<int> _chunked = null!;

    [Params(1_000, 100_000, 10_000_000)]
    public int N { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        Random random = new(42);
        _source = Enumerable.Range(0, N).Select(_ => random.Next()).ToArray();
        _list = new List<int>(N);
        _chunked = new ChunkedList<int>(N);
    }

    [Benchmark(Baseline = true)]
    public int StandardList()
    {
        _list.Clear();
        _list.AddRange(_source);
        _list.Sort();
        return _list[N / 2];
    }

    [Benchmark]
    public int ChunkedList()
    {
        _chunked.Clear();
        _chunked.AddRange(_source);
        _chunked.Sort();
        return _chunked[N / 2];
    }
}
