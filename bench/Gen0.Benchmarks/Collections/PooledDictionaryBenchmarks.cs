using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Gen0.Collections;

namespace Gen0.Benchmarks.Collections;

/// <summary>
/// Collections.Pooled's published dictionary scenarios, <see cref="PooledDictionary{TKey, TValue}"/> against
/// <see cref="Dictionary{TKey, TValue}"/> (the baseline of each category): adding N keys to an empty dictionary,
/// constructing from an existing dictionary, ContainsKey and TryGetValue for every key, and a foreach loop.
/// Collections.Pooled itself cannot be restored from the served registry, so it is not in the table.
/// </summary>
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class PooledDictionaryBenchmarks
{
    private int[] _keys = [];
    private Dictionary<int, int> _dictionary = null!;
    private PooledDictionary<int, int> _pooled = null!;

    [Params(1_000, 10_000, 100_000)]
    public int N { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        var random = new Random(42);
        var keys = new HashSet<int>();
        while (keys.Count < N)
        {
            keys.Add(random.Next());
        }

        _keys = [.. keys];
        _dictionary = _keys.ToDictionary(k => k, k => k);
        _pooled = new PooledDictionary<int, int>(_dictionary);
    }

    [GlobalCleanup]
    public void GlobalCleanup() => _pooled.Dispose();

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("Add")]
    public int Add_Dictionary()
    {
        var dictionary = new Dictionary<int, int>();
        foreach (int key in _keys)
        {
            dictionary.Add(key, key);
        }

        return dictionary.Count;
    }

    [Benchmark]
    [BenchmarkCategory("Add")]
    public int Add_PooledDictionary()
    {
        using var dictionary = new PooledDictionary<int, int>();
        foreach (int key in _keys)
        {
            dictionary.Add(key, key);
        }

        return dictionary.Count;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("Construct")]
    public int Construct_Dictionary() => new Dictionary<int, int>(_dictionary).Count;

    [Benchmark]
    [BenchmarkCategory("Construct")]
    public int Construct_PooledDictionary_FromDictionary()
    {
        using var dictionary = new PooledDictionary<int, int>(_dictionary);
        return dictionary.Count;
    }

    [Benchmark]
    [BenchmarkCategory("Construct")]
    public int Construct_PooledDictionary_FromPooled()
    {
        using var dictionary = new PooledDictionary<int, int>(_pooled);
        return dictionary.Count;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("ContainsKey")]
    public int ContainsKey_Dictionary()
    {
        Dictionary<int, int> dictionary = _dictionary;
        int found = 0;
        foreach (int key in _keys)
        {
            if (dictionary.ContainsKey(key))
            {
                found++;
            }
        }

        return found;
    }

    [Benchmark]
    [BenchmarkCategory("ContainsKey")]
    public int ContainsKey_PooledDictionary()
    {
        PooledDictionary<int, int> dictionary = _pooled;
        int found = 0;
        foreach (int key in _keys)
        {
            if (dictionary.ContainsKey(key))
            {
                found++;
            }
        }

        return found;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("TryGetValue")]
    public long TryGetValue_Dictionary()
    {
        Dictionary<int, int> dictionary = _dictionary;
        long sum = 0;
        foreach (int key in _keys)
        {
            if (dictionary.TryGetValue(key, out int value))
            {
                sum += value;
            }
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory("TryGetValue")]
    public long TryGetValue_PooledDictionary()
    {
        PooledDictionary<int, int> dictionary = _pooled;
        long sum = 0;
        foreach (int key in _keys)
        {
            if (dictionary.TryGetValue(key, out int value))
            {
                sum += value;
            }
        }

        return sum;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("Foreach")]
    public long Foreach_Dictionary()
    {
        long sum = 0;
        foreach (KeyValuePair<int, int> pair in _dictionary)
        {
            sum += pair.Value;
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory("Foreach")]
    public long Foreach_PooledDictionary()
    {
        long sum = 0;
        foreach (KeyValuePair<int, int> pair in _pooled)
        {
            sum += pair.Value;
        }

        return sum;
    }
}
