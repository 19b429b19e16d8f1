using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Gen0.Collections;

namespace Gen0.Benchmarks.Collections;

/// <summary>
/// <c>new PooledList&lt;int&gt;(IEnumerable)</c> from a sequence that is no collection: a LINQ <c>Select</c> over a list,
/// whose count is known without enumerating (the list rents its final array once), and an iterator, whose count is
/// not (the list grows). <see cref="List{T}"/>'s constructor is the baseline; the pooled list is disposed, so its
/// arrays go back to the pool.
/// </summary>
[BenchmarkCategory("PooledListFromSequence")]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
public class PooledListFromSequenceBenchmarks
{
    private List<int> _source = [];

    [Params(100, 10_000, 1_000_000)]
    public int N { get; set; }

    [GlobalSetup]
    public void GlobalSetup() => _source = Enumerable.Range(0, N).ToList();

    [Benchmark(Baseline = true)]
    public int List_FromSelect() => new List<int>(_source.Select(i => i + 1)).Count;

    [Benchmark]
    public int PooledList_FromSelect()
    {
        using PooledList<int> list = new(_source.Select(i => i + 1));
        return list.Count;
    }

    [Benchmark]
    public int List_FromIterator() => new List<int>(Iterate(N)).Count;

    [Benchmark]
    public int PooledList_FromIterator()
    {
        using PooledList<int> list = new(Iterate(N));
        return list.Count;
    }

    private static IEnumerable<int> Iterate(int count)
    {
        for (int i = 0; i < count; i++)
        {
            yield return i;
        }
    }
}
