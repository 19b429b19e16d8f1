using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using PeerSet = Collections.Pooled.PooledSet<int>;

namespace Gen0.PeerBenchmarks;

/// <summary>
/// Add <see cref="N"/> ints to a new set and drop it; then test every value (half of them present) against a filled
/// one. Collections.Pooled's <c>PooledSet</c> is the baseline in each category, beside <see cref="HashSet{T}"/> and
/// Gen0's <see cref="Collections.PooledHashSet{T}"/>.
/// </summary>
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class HashSetPeerBenchmarks
{
    private HashSet<int> _bcl = null!;
    private PeerSet _peer = null!;
    private Collections.PooledHashSet<int> _gen0 = null!;

    [Params(1_000, 100_000)]
    public int N { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        IEnumerable<int> evens = Enumerable.Range(0, N).Select(i => i * 2);
        _bcl = new HashSet<int>(evens);
        _peer = new PeerSet(evens);
        _gen0 = new Collections.PooledHashSet<int>(evens);
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
        var set = new HashSet<int>();
        for (int i = 0; i < N; i++)
        {
            set.Add(i);
        }

        return set.Count;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("Add")]
    public int Add_CollectionsPooled()
    {
        using var set = new PeerSet();
        for (int i = 0; i < N; i++)
        {
            set.Add(i);
        }

        return set.Count;
    }

    [Benchmark]
    [BenchmarkCategory("Add")]
    public int Add_Gen0()
    {
        using var set = new Collections.PooledHashSet<int>();
        for (int i = 0; i < N; i++)
        {
            set.Add(i);
        }

        return set.Count;
    }

    [Benchmark]
    [BenchmarkCategory("Contains")]
    public int Contains_Bcl()
    {
        int found = 0;
        HashSet<int> set = _bcl;
        for (int i = 0; i < N; i++)
        {
            found += set.Contains(i) ? 1 : 0;
        }

        return found;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("Contains")]
    public int Contains_CollectionsPooled()
    {
        int found = 0;
        PeerSet set = _peer;
        for (int i = 0; i < N; i++)
        {
            found += set.Contains(i) ? 1 : 0;
        }

        return found;
    }

    [Benchmark]
    [BenchmarkCategory("Contains")]
    public int Contains_Gen0()
    {
        int found = 0;
        Collections.PooledHashSet<int> set = _gen0;
        for (int i = 0; i < N; i++)
        {
            found += set.Contains(i) ? 1 : 0;
        }

        return found;
    }
}
