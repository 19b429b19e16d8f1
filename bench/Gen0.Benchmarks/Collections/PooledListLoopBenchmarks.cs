using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Gen0.Collections;

namespace Gen0.Benchmarks.Collections;

/// <summary>
/// Collections.Pooled's read scenarios: a foreach loop and an indexer loop over 100,000 ints. Reading does not
/// touch the pool, so the target is parity with <see cref="List{T}"/>.
/// </summary>
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class PooledListLoopBenchmarks
{
    private List<int> _list = [];
    private PooledList<int> _pooled = new();

    [Params(100_000)]
    public int N { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        _list = Enumerable.Range(0, N).ToList();
        _pooled = new PooledList<int>(_list);
    }

    [GlobalCleanup]
    public void GlobalCleanup() => _pooled.Dispose();

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("foreach")]
    public long List_Foreach()
    {
        long sum = 0;
        foreach (int x in _list)
        {
            sum += x;
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory("foreach")]
    public long PooledList_Foreach()
    {
        long sum = 0;
        foreach (int x in _pooled)
        {
            sum += x;
        }

        return sum;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("indexer")]
    public long List_Indexer()
    {
        long sum = 0;
        List<int> list = _list;
        for (int i = 0; i < list.Count; i++)
        {
            sum += list[i];
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory("indexer")]
    public long PooledList_Indexer()
    {
        long sum = 0;
        PooledList<int> list = _pooled;
        for (int i = 0; i < list.Count; i++)
        {
            sum += list[i];
        }

        return sum;
    }
}
