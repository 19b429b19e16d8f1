using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Gen0.Collections;

namespace Gen0.Benchmarks.Collections;

/// <summary>
/// String keys with the default comparer, the most common dictionary of a service: 1,024 <c>TryGetValue</c> calls
/// (about half hits, keys that are not the stored instances) against N keys, and filling a new dictionary with N keys.
/// The BCL hashes such keys with a non-randomized hash until a chain gets long; so do the Gen0 tables since
/// <c>NonRandomizedStringComparer</c>. <see cref="Dictionary{TKey, TValue}"/> is the baseline of each category.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class StringKeyLookupBenchmarks
{
    private string[] _keys = null!;
    private string[] _probes = null!;
    private Dictionary<string, int> _dictionary = null!;
    private PooledDictionary<string, int> _pooled = null!;
    private ChunkedDictionary<string, int> _chunked = null!;

    [Params(1_000, 100_000)]
    public int N { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        _keys = Enumerable.Range(0, N).Select(Key).ToArray();
        Random random = new(27);
        _probes = Enumerable.Range(0, 1024).Select(_ => Key(random.Next(2 * N))).ToArray();
        _dictionary = new Dictionary<string, int>();
        _pooled = new PooledDictionary<string, int>();
        _chunked = new ChunkedDictionary<string, int>();
        for (int i = 0; i < N; i++)
        {
            _dictionary.Add(_keys[i], i);
            _pooled.Add(_keys[i], i);
            _chunked.Add(_keys[i], i);
        }
    }

    [GlobalCleanup]
    public void GlobalCleanup()
    {
        _pooled.Dispose();
        _chunked.Dispose();
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("TryGetValue")]
    public long TryGetValue_Bcl()
    {
        long sum = 0;
        foreach (string probe in _probes)
        {
            sum += _dictionary.TryGetValue(probe, out int value) ? value : 0;
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory("TryGetValue")]
    public long TryGetValue_Pooled()
    {
        long sum = 0;
        foreach (string probe in _probes)
        {
            sum += _pooled.TryGetValue(probe, out int value) ? value : 0;
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory("TryGetValue")]
    public long TryGetValue_Chunked()
    {
        long sum = 0;
        foreach (string probe in _probes)
        {
            sum += _chunked.TryGetValue(probe, out int value) ? value : 0;
        }

        return sum;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("Fill")]
    public int Fill_Bcl()
    {
        var dictionary = new Dictionary<string, int>();
        foreach (string key in _keys)
        {
            dictionary.Add(key, 1);
        }

        return dictionary.Count;
    }

    [Benchmark]
    [BenchmarkCategory("Fill")]
    public int Fill_Pooled()
    {
        using var dictionary = new PooledDictionary<string, int>();
        foreach (string key in _keys)
        {
            dictionary.Add(key, 1);
        }

        return dictionary.Count;
    }

    [Benchmark]
    [BenchmarkCategory("Fill")]
    public int Fill_Chunked()
    {
        using var dictionary = new ChunkedDictionary<string, int>();
        foreach (string key in _keys)
        {
            dictionary.Add(key, 1);
        }

        return dictionary.Count;
    }

    // New string instances each time, so that a lookup compares characters rather than references.
    private static string Key(int i) => "user:" + i.ToString(System.Globalization.CultureInfo.InvariantCulture);
}
