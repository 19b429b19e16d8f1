using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using PeerList = Collections.Pooled.PooledList<int>;

namespace Gen0.PeerBenchmarks;

/// <summary>
/// Add <see cref="N"/> ints to a new list and drop it; then read a filled list with <c>foreach</c> and with the
/// indexer. Collections.Pooled's <c>PooledList</c> is the baseline in each category, beside <see cref="List{T}"/> and
/// Gen0's <see cref="Collections.PooledList{T}"/>.
/// </summary>
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class ListPeerBenchmarks
{
    private List<int> _bcl = null!;
    private PeerList _peer = null!;
    private Collections.PooledList<int> _gen0 = null!;

    [Params(1_000, 100_000)]
    public int N { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        _bcl = Enumerable.Range(0, N).ToList();
        _peer = new PeerList(_bcl);
        _gen0 = new Collections.PooledList<int>(_bcl);
    }

    [GlobalCleanup]
    public void GlobalCleanup()
    {
        _peer.Dispose();
        _gen0.Dispose();
    }

    [Benchmark]
    [BenchmarkCategory("Add")]
    public int Add_Bcl()
    {
        var list = new List<int>();
        for (int i = 0; i < N; i++)
        {
            list.Add(i);
        }

        return list.Count;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("Add")]
    public int Add_CollectionsPooled()
    {
        using var list = new PeerList();
        for (int i = 0; i < N; i++)
        {
            list.Add(i);
        }

        return list.Count;
    }

    [Benchmark]
    [BenchmarkCategory("Add")]
    public int Add_Gen0()
    {
        using var list = new Collections.PooledList<int>();
        for (int i = 0; i < N; i++)
        {
            list.Add(i);
        }

        return list.Count;
    }

    [Benchmark]
    [BenchmarkCategory("Foreach")]
    public long Foreach_Bcl()
    {
        long sum = 0;
        foreach (int item in _bcl)
        {
            sum += item;
        }

        return sum;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("Foreach")]
    public long Foreach_CollectionsPooled()
    {
        long sum = 0;
        foreach (int item in _peer)
        {
            sum += item;
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory("Foreach")]
    public long Foreach_Gen0()
    {
        long sum = 0;
        foreach (int item in _gen0)
        {
            sum += item;
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory("Indexer")]
    public long Indexer_Bcl()
    {
        long sum = 0;
        List<int> list = _bcl;
        for (int i = 0; i < list.Count; i++)
        {
            sum += list[i];
        }

        return sum;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("Indexer")]
    public long Indexer_CollectionsPooled()
    {
        long sum = 0;
        PeerList list = _peer;
        for (int i = 0; i < list.Count; i++)
        {
            sum += list[i];
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory("Indexer")]
    public long Indexer_Gen0()
    {
        long sum = 0;
        Collections.PooledList<int> list = _gen0;
        for (int i = 0; i < list.Count; i++)
        {
            sum += list[i];
        }

        return sum;
    }
}
