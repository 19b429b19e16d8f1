using BenchmarkDotNet.Attributes;
using Gen0.Collections;

namespace Gen0.Benchmarks.Collections;

/// <summary>
/// Seed 001's GetSomeClass workload: a data layer builds a list of N objects and returns it; the caller sums a
/// field. Three ways: <see cref="List{T}"/>; <see cref="PooledList{T}"/> disposed by the caller with <c>using</c>;
/// and <see cref="PooledList{T}"/> never disposed (the mistake the seed measures: every array is rented and
/// dropped, so the pool only adds cost). GC is not forced between iterations, so the collections each variant
/// causes are part of its time. The Dispose.Scope variant lives with the scopes' benchmarks.
/// </summary>
[GcForce(false)]
public class GetSomeClassBenchmarks
{
    [Params(100_000, 1_000_000)]
    public int N { get; set; }

    [Benchmark(Baseline = true)]
    public decimal GetSomeClass()
    {
        List<SomeClass> list = BuildList(N);
        return Sum(list);
    }

    [Benchmark]
    public decimal GetSomeClassUsePooledUsing()
    {
        using PooledList<SomeClass> list = BuildPooledList(N);
        return Sum(list);
    }

    [Benchmark]
    public decimal GetSomeClassUsePooled()
    {
        PooledList<SomeClass> list = BuildPooledList(N);
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
