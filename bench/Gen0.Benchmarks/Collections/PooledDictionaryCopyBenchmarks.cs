using BenchmarkDotNet.Attributes;
using Gen0.Collections;

namespace Gen0.Benchmarks.Collections;

/// <summary>
/// Issue 16's copy row at the sizes it names: <see cref="PooledDictionary{TKey, TValue}"/> built from a
/// <see cref="Dictionary{TKey, TValue}"/> (the same comparer, so the core appends without duplicate lookups) against
/// <c>new Dictionary(dictionary)</c>, the baseline, at 10K and 1M random int keys.
/// </summary>
public class PooledDictionaryCopyBenchmarks
{
    private Dictionary<int, int> _dictionary = null!;

    [Params(10_000, 1_000_000)]
    public int N { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        var random = new Random(42);
        _dictionary = new Dictionary<int, int>(N);
        while (_dictionary.Count < N)
        {
            int key = random.Next();
            _dictionary[key] = key;
        }
    }

    [Benchmark(Baseline = true)]
    public int Dictionary_CopyConstructor() => new Dictionary<int, int>(_dictionary).Count;

    [Benchmark]
    public int PooledDictionary_FromDictionary()
    {
        using var dictionary = new PooledDictionary<int, int>(_dictionary);
        return dictionary.Count;
    }
}
