using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Gen0.Collections;

namespace Gen0.Benchmarks.Collections;

/// <summary>
/// Seed 001's GetSomeClass workload: a data layer builds a list of N objects and returns it; the caller sums a
/// field. Three ways: <see cref="List{T}"/>; <see cref="PooledList{T}"/> disposed by the caller with <c>using</c>;
/// and <see cref="PooledList{T}"/> never disposed (the mistake the seed measures: every array is rented and
/// dropped, so the pool only adds cost). GC is not forced between iterations, so the collections each variant
/// causes are part of its time. The Dispose.Scope variant lives with the scopes' benchmarks. The other categories
/// copy an existing sequence (an array, a list, LINQ chains with and without a known count) with .NET's
/// <c>ToList()</c> as the baseline against <c>ToPooledList()</c> disposed after use.
/// </summary>
[GcForce(false)]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class GetSomeClassBenchmarks
{
    private int[] _ids = null!;
    private SomeClass[] _array = null!;
    private List<SomeClass> _list = null!;

    [Params(100_000, 1_000_000)]
    public int N { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        _ids = Enumerable.Range(0, N).ToArray();
        _array = [.. BuildList(N)];
        _list = BuildList(N);
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("Build")]
    public decimal GetSomeClass()
    {
        List<SomeClass> list = BuildList(N);
        return Sum(list);
    }

    [Benchmark]
    [BenchmarkCategory("Build")]
    public decimal GetSomeClassUsePooledUsing()
    {
        using PooledList<SomeClass> list = BuildPooledList(N);
        return Sum(list);
    }

    [Benchmark]
    [BenchmarkCategory("Build")]
    public decimal GetSomeClassUsePooled()
    {
        PooledList<SomeClass> list = BuildPooledList(N);
        return Sum(list);
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("FromArray")]
    public decimal ArrayToList() => Sum(_array.ToList());

    [Benchmark]
    [BenchmarkCategory("FromArray")]
    public decimal ArrayToPooledList()
    {
        using PooledList<SomeClass> list = _array.ToPooledList();
        return Sum(list);
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("FromList")]
    public decimal ListToList() => Sum(_list.ToList());

    [Benchmark]
    [BenchmarkCategory("FromList")]
    public decimal ListToPooledList()
    {
        using PooledList<SomeClass> list = _list.ToPooledList();
        return Sum(list);
    }

    // Select over an array: LINQ knows the count, so the pooled list rents its final array once.
    [Benchmark(Baseline = true)]
    [BenchmarkCategory("FromLinqSelect")]
    public decimal SelectToList() => Sum(_ids.Select(static i => new SomeClass(i, i * 0.5m)).ToList());

    [Benchmark]
    [BenchmarkCategory("FromLinqSelect")]
    public decimal SelectToPooledList()
    {
        using PooledList<SomeClass> list = _ids.Select(static i => new SomeClass(i, i * 0.5m)).ToPooledList();
        return Sum(list);
    }

    // Where: no count, so the pooled list grows through the pool while .NET builds in segments and copies once.
    [Benchmark(Baseline = true)]
    [BenchmarkCategory("FromLinqWhere")]
    public decimal WhereToList() => Sum(_array.Where(static x => (x.Id & 1) == 0).ToList());

    [Benchmark]
    [BenchmarkCategory("FromLinqWhere")]
    public decimal WhereToPooledList()
    {
        using PooledList<SomeClass> list = _array.Where(static x => (x.Id & 1) == 0).ToPooledList();
        return Sum(list);
    }

    private static List<SomeClass> BuildList(int n)
    {
        List<SomeClass> list = new();
        for (int i = 0; i < n; i++)
        {
            list.Add(new SomeClass(i, i * 0.5m));
        }

        return list;
    }

    private static PooledList<SomeClass> BuildPooledList(int n)
    {
        PooledList<SomeClass> list = new();
        for (int i = 0; i < n; i++)
        {
            list.Add(new SomeClass(i, i * 0.5m));
        }

        return list;
    }

    private static decimal Sum(List<SomeClass> list) => Sum(System.Runtime.InteropServices.CollectionsMarshal.AsSpan(list));

    private static decimal Sum(PooledList<SomeClass> list) => Sum(list.AsSpan());

    private static decimal Sum(ReadOnlySpan<SomeClass> items)
    {
        decimal total = 0;
        foreach (SomeClass item in items)
        {
            total += item.Amount;
        }

        return total;
    }

    public sealed class SomeClass(int id, decimal amount)
    {
        public int Id { get; } = id;

        public decimal Amount { get; } = amount;
    }
}
