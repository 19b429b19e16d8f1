using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Gen0.Collections;

namespace Gen0.Benchmarks.Collections;

/// <summary>
/// Issue 27: counting with one lookup per key, <c>CollectionsMarshal.GetValueRefOrAddDefault</c> on
/// <see cref="Dictionary{TKey, TValue}"/> (the baseline) against <see cref="PooledCollectionsMarshal"/> on the pooled
/// and chunked dictionaries: a new dictionary counts N int keys drawn from N / 4 distinct ones, then is dropped (the
/// pooled and chunked ones disposed). "Update" reads and bumps a present key with <c>GetValueRefOrNullRef</c> on a
/// filled dictionary, 1,024 times.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class ValueRefBenchmarks
{
    private int[] _keys = null!;
    private int[] _probes = null!;
    private Dictionary<int, long> _dictionary = null!;
    private PooledDictionary<int, long> _pooled = null!;
    private ChunkedDictionary<int, long> _chunked = null!;

    [Params(1_000, 100_000)]
    public int N { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        Random random = new(42);
        _keys = [.. Enumerable.Range(0, N).Select(_ => random.Next(Math.Max(1, N / 4)))];
        _probes = [.. Enumerable.Range(0, 1024).Select(_ => _keys[random.Next(N)])];
        _dictionary = [];
        _pooled = new PooledDictionary<int, long>();
        _chunked = new ChunkedDictionary<int, long>();
        foreach (int key in _keys)
        {
            _dictionary[key] = 0;
            _pooled[key] = 0;
            _chunked[key] = 0;
        }
    }

    [GlobalCleanup]
    public void GlobalCleanup()
    {
        _pooled.Dispose();
        _chunked.Dispose();
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("Count")]
    public int Count_Bcl()
    {
        Dictionary<int, long> counts = [];
        foreach (int key in _keys)
        {
            CollectionsMarshal.GetValueRefOrAddDefault(counts, key, out _)++;
        }

        return counts.Count;
    }

    [Benchmark]
    [BenchmarkCategory("Count")]
    public int Count_Pooled()
    {
        using PooledDictionary<int, long> counts = new();
        foreach (int key in _keys)
        {
            PooledCollectionsMarshal.GetValueRefOrAddDefault(counts, key, out _)++;
        }

        return counts.Count;
    }

    [Benchmark]
    [BenchmarkCategory("Count")]
    public int Count_Chunked()
    {
        using ChunkedDictionary<int, long> counts = new();
        foreach (int key in _keys)
        {
            PooledCollectionsMarshal.GetValueRefOrAddDefault(counts, key, out _)++;
        }

        return counts.Count;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("Update")]
    public long Update_Bcl()
    {
        Dictionary<int, long> dictionary = _dictionary;
        long sum = 0;
        foreach (int probe in _probes)
        {
            sum += ++CollectionsMarshal.GetValueRefOrNullRef(dictionary, probe);
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory("Update")]
    public long Update_Pooled()
    {
        PooledDictionary<int, long> dictionary = _pooled;
        long sum = 0;
        foreach (int probe in _probes)
        {
            sum += ++PooledCollectionsMarshal.GetValueRefOrNullRef(dictionary, probe);
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory("Update")]
    public long Update_Chunked()
    {
        ChunkedDictionary<int, long> dictionary = _chunked;
        long sum = 0;
        foreach (int probe in _probes)
        {
            sum += ++PooledCollectionsMarshal.GetValueRefOrNullRef(dictionary, probe);
        }

        return sum;
    }
}
