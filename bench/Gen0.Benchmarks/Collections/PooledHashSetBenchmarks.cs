using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Gen0.Collections;

namespace Gen0.Benchmarks.Collections;

/// <summary>
/// Collections.Pooled's published set scenarios, <see cref="PooledHashSet{T}"/> against <see cref="HashSet{T}"/>
/// (the baseline of each category): adding N elements to an empty set, Contains for every element, and a foreach
/// loop. The adds into a big set are in <see cref="PooledHashSetBigSetBenchmarks"/>. Collections.Pooled itself cannot
/// be restored from the served registry, so it is not in the table.
/// </summary>
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class PooledHashSetBenchmarks
{
    private int[] _items = [];
    private HashSet<int> _set = null!;
    private PooledHashSet<int> _pooled = null!;

    [Params(1_000, 10_000, 100_000)]
    public int N { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        var random = new Random(42);
        var items = new HashSet<int>();
        while (items.Count < N)
        {
            items.Add(random.Next());
        }

        _items = [.. items];
        _set = new HashSet<int>(_items);
        _pooled = new PooledHashSet<int>(_items);
    }

    [GlobalCleanup]
    public void GlobalCleanup() => _pooled.Dispose();

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("AddToEmpty")]
    public int AddToEmpty_HashSet()
    {
        var set = new HashSet<int>();
        foreach (int item in _items)
        {
            set.Add(item);
        }

        return set.Count;
    }

    [Benchmark]
    [BenchmarkCategory("AddToEmpty")]
    public int AddToEmpty_PooledHashSet()
    {
        using var set = new PooledHashSet<int>();
        foreach (int item in _items)
        {
            set.Add(item);
        }

        return set.Count;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("Contains")]
    public int Contains_HashSet()
    {
        HashSet<int> set = _set;
        int found = 0;
        foreach (int item in _items)
        {
            if (set.Contains(item))
            {
                found++;
            }
        }

        return found;
    }

    [Benchmark]
    [BenchmarkCategory("Contains")]
    public int Contains_PooledHashSet()
    {
        PooledHashSet<int> set = _pooled;
        int found = 0;
        foreach (int item in _items)
        {
            if (set.Contains(item))
            {
                found++;
            }
        }

        return found;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("Foreach")]
    public long Foreach_HashSet()
    {
        long sum = 0;
        foreach (int item in _set)
        {
            sum += item;
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory("Foreach")]
    public long Foreach_PooledHashSet()
    {
        long sum = 0;
        foreach (int item in _pooled)
        {
            sum += item;
        }

        return sum;
    }
}
