using BenchmarkDotNet.Attributes;
using Gen0.Collections;
using Gen0.Scopes;

namespace Gen0.Benchmarks.Scopes;

/// <summary>
/// Seed 001's GetSomeClass table: a "data layer" returns a list of freshly created objects that the caller
/// consumes, as <see cref="List{T}"/> (the baseline), as <see cref="PooledList{T}"/> disposed with <see langword="using"/>,
/// as a <see cref="PooledList{T}"/> registered in a <see cref="DisposeScope"/> begun per call (the unit of work, like a
/// request), and as a <see cref="PooledList{T}"/> never disposed (the pool drains and every list allocates). The
/// lists outgrow the Large Object Heap threshold, as 001's did. Dispose.Scope and Collections.Pooled, the peers,
/// could not be restored from the served registry, so they are not in the table.
/// </summary>
public class GetSomeClassBenchmarks
{
    private const int Calls = 20;

    [Params(20_000)]
    public int Items { get; set; }

    [Benchmark(Baseline = true)]
    public long GetSomeClass()
    {
        long total = 0;
        for (int call = 0; call < Calls; call++)
        {
            List<SomeClass> list = GetList(Items);
            total += Consume(list);
        }

        return total;
    }

    [Benchmark]
    public long GetSomeClassUsePooledUsing()
    {
        long total = 0;
        for (int call = 0; call < Calls; call++)
        {
            using PooledList<SomeClass> list = GetPooledList(Items);
            total += Consume(list);
        }

        return total;
    }

    [Benchmark]
    public long GetSomeClassUsePooledScope()
    {
        long total = 0;
        for (int call = 0; call < Calls; call++)
        {
            using (DisposeScope.BeginScope())
            {
                PooledList<SomeClass> list = GetPooledListScope(Items);
                total += Consume(list);
            }
        }

        return total;
    }

    [Benchmark]
    public long GetSomeClassUsePooled()
    {
        long total = 0;
        for (int call = 0; call < Calls; call++)
        {
            PooledList<SomeClass> list = GetPooledList(Items); // never disposed: its arrays never go back
            total += Consume(list);
        }

        return total;
    }

    private static List<SomeClass> GetList(int items)
    {
        List<SomeClass> list = [];
        for (int i = 0; i < items; i++)
        {
            list.Add(new SomeClass(i));
        }

        return list;
    }

    private static PooledList<SomeClass> GetPooledList(int items)
    {
        PooledList<SomeClass> list = new();
        for (int i = 0; i < items; i++)
        {
            list.Add(new SomeClass(i));
        }

        return list;
    }

    // As Dispose.Scope's ToPooledListScope(): built, then registered in the ambient scope.
    private static PooledList<SomeClass> GetPooledListScope(int items) => GetPooledList(items).RegisterDisposeScope();

    private static long Consume(IReadOnlyList<SomeClass> list)
    {
        long sum = 0;
        for (int i = 0; i < list.Count; i++)
        {
            sum += list[i].Value;
        }

        return sum;
    }

    private sealed class SomeClass(int value)
    {
        public int Value { get; } = value;

        public string Name { get; } = "some class";
    }
}
