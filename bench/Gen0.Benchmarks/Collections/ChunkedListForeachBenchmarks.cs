using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Gen0.Collections;

namespace Gen0.Benchmarks.Collections;

/// <summary>Summing a list of ints with <c>foreach</c> (the struct enumerators).</summary>
[BenchmarkCategory("ChunkedListForeach")]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
public class ChunkedListForeachBenchmarks
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
        long sum = 0;
        foreach (int item in _list)
        {
            sum += item;
        }

        return sum;
    }

    [Benchmark]
    public long ChunkedList()
    {
        long sum = 0;
        foreach (int item in _chunked)
        {
            sum += item;
        }

        return sum;
    }

    /// <summary>The same sum over <see cref="ChunkedList{T}.GetChunks"/>: a plain loop over each chunk's span.</summary>
    [Benchmark]
    public long ChunkedListGetChunks()
    {
        long sum = 0;
        foreach (ReadOnlySpan<int> chunk in _chunked.GetChunks())
        {
            foreach (int item in chunk)
            {
                sum += item;
            }
        }

        return sum;
    }
}
