using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using PeerDictionary = Collections.Pooled.PooledDictionary<int, int>;

namespace Gen0.PeerBenchmarks;

/// <summary>
/// Add <see cref="N"/> int pairs to a new dictionary and drop it; then look every key up in a filled one.
/// Collections.Pooled's <c>PooledDictionary</c> is the baseline in each category, beside <see cref="Dictionary{TKey, TValue}"/>
/// and Gen0's <see cref="Collections.PooledDictionary{TKey, TValue}"/>.
/// </summary>
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class DictionaryPeerBenchmarks
{
    private Dictionary<int, int> _bcl = null!;
    private PeerDictionary _peer = null!;
    private Collections.PooledDictionary<int, int> _gen0 = null!;

    [Params(1_000, 100_000)]
    public int N { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        _bcl = Enumerable.Range(0, N).ToDictionary(i => i, i => i);
        _peer = new PeerDictionary(_bcl);
        _gen0 = new Collections.PooledDictionary<int, int>(_bcl);
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
        var dictionary = new Dictionary<int, int>();
        for (int i = 0; i < N; i++)
        {
            dictionary.Add(i, i);
        }

        return dictionary.Count;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("Add")]
    public int Add_CollectionsPooled()
    {
        using var dictionary = new PeerDictionary();
        for (int i = 0; i < N; i++)
        {
            dictionary.Add(i, i);
        }

        return dictionary.Count;
    }

    [Benchmark]
    [BenchmarkCategory("Add")]
    public int Add_Gen0()
    {
        using var dictionary = new Collections.PooledDictionary<int, int>();
        for (int i = 0; i < N; i++)
        {
            dictionary.Add(i, i);
        }

        return dictionary.Count;
    }

    [Benchmark]
    [BenchmarkCategory("TryGetValue")]
    public long TryGetValue_Bcl()
    {
        long sum = 0;
        Dictionary<int, int> dictionary = _bcl;
        for (int i = 0; i < N; i++)
        {
            dictionary.TryGetValue(i, out int value);
            sum += value;
        }

        return sum;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("TryGetValue")]
    public long TryGetValue_CollectionsPooled()
    {
        long sum = 0;
        PeerDictionary dictionary = _peer;
        for (int i = 0; i < N; i++)
        {
            dictionary.TryGetValue(i, out int value);
            sum += value;
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory("TryGetValue")]
    public long TryGetValue_Gen0()
    {
        long sum = 0;
        Collections.PooledDictionary<int, int> dictionary = _gen0;
        for (int i = 0; i < N; i++)
        {
            dictionary.TryGetValue(i, out int value);
            sum += value;
        }

        return sum;
    }
}
