using Gen0.Buffers;
using Gen0.Collections;

namespace Gen0.Tests.Collections.FaultInjection;

/// <summary>
/// Issue 25, fault injection: an <c>ArrayPool</c> whose <c>Rent</c> throws at the 1st, 2nd, ... nth rent of a growth,
/// resize, rehash, <c>TrimExcess</c>, set operation, sort or copy constructor, for every pooled and chunked collection
/// (chunked ones with 16-element chunks and 8-chunk directories, so that an operation rents many arrays). After the
/// failure the collection holds what it held (all-or-nothing operations) or a consistent state (operations the BCL
/// also applies element by element: <c>UnionWith</c>, the set operations, <c>Sort</c>), the same operation then
/// succeeds, and once disposed every array rented came back exactly once (a double return throws in the guarded
/// pools underneath). A constructor that fails returns what it rented before throwing.
/// </summary>
public sealed class CollectionFaultInjectionTests
{
    private static readonly int[] s_many = [.. Enumerable.Range(1_000, 300)];

    [Fact]
    public void PooledList_EveryRentFails()
    {
        static PooledList<int> Full(FaultPools pools) => Fill(new PooledList<int>(0, pools.Of<int>()), 64, (l, i) => l.Add(i));
        static string State(PooledList<int> l) => $"{l.Count}/{l.Capacity}: {string.Join(",", l)}";
        EveryRentFails(Full, State, l => l.Add(-1));
        EveryRentFails(Full, State, l => l.Insert(3, -1));
        EveryRentFails(Full, State, l => l.AddRange(s_many));
        EveryRentFails(Full, State, l => l.InsertRange(7, s_many));
        EveryRentFails(Full, State, l => l.EnsureCapacity(1_000));
        EveryRentFails(Full, State, l => l.Capacity = 1_000);
        EveryRentFails(pools => Trimmable(Full(pools), l => l.RemoveRange(5, 50)), State, l => l.TrimExcess());
        EveryConstructorRentFails(pools => new PooledList<int>(Enumerable.Range(0, 300).Where(_ => true), pools.Of<int>()));
        EveryConstructorRentFails(pools => new PooledList<int>(s_many, pools.Of<int>()));
    }

    [Fact]
    public void PooledStack_EveryRentFails()
    {
        static PooledStack<int> Full(FaultPools pools) => Fill(new PooledStack<int>(0, pools.Of<int>()), 64, (s, i) => s.Push(i));
        static string State(PooledStack<int> s) => $"{s.Count}/{s.Capacity}: {string.Join(",", s)}";
        EveryRentFails(Full, State, s => s.Push(-1));
        EveryRentFails(Full, State, s => s.EnsureCapacity(1_000));
        EveryRentFails(pools => Trimmable(Full(pools), s => Repeat(50, () => s.Pop())), State, s => s.TrimExcess());
        EveryRentFails(pools => Trimmable(Full(pools), s => Repeat(50, () => s.Pop())), State, s => s.TrimExcess(20));
        EveryConstructorRentFails(pools => new PooledStack<int>(Enumerable.Range(0, 300).Where(_ => true), pools.Of<int>()));
    }

    [Fact]
    public void PooledQueue_EveryRentFails()
    {
        // Full, and wrapped around the end of its array: growth must unwrap it.
        static PooledQueue<int> Full(FaultPools pools)
        {
            PooledQueue<int> queue = Fill(new PooledQueue<int>(0, pools.Of<int>()), 64, (q, i) => q.Enqueue(i));
            Repeat(20, () => queue.Enqueue(queue.Dequeue() + 100));
            return queue;
        }

        static string State(PooledQueue<int> q) => $"{q.Count}/{q.Capacity}: {string.Join(",", q)}";
        EveryRentFails(Full, State, q => q.Enqueue(-1));
        EveryRentFails(Full, State, q => q.EnsureCapacity(1_000));
        EveryRentFails(pools => Trimmable(Full(pools), q => Repeat(50, () => q.Dequeue())), State, q => q.TrimExcess());
        EveryRentFails(pools => Trimmable(Full(pools), q => Repeat(50, () => q.Dequeue())), State, q => q.TrimExcess(20));
        EveryConstructorRentFails(pools => new PooledQueue<int>(Enumerable.Range(0, 300).Where(_ => true), pools.Of<int>()));
    }

    [Fact]
    public void PooledDictionary_EveryRentFails()
    {
        static PooledDictionary<int, int> Full(FaultPools pools)
        {
            var dictionary = new PooledDictionary<int, int>(0, null, ClearMode.Auto, pools.Of<int>(), pools.Of<PooledDictionary<int, int>.Entry>());
            // Full: the next new key rehashes.
            for (int i = 0; dictionary.Count < 100 || dictionary.Count < dictionary.Capacity; i++)
            {
                dictionary.Add(i, -i);
            }

            return dictionary;
        }

        static string State(PooledDictionary<int, int> d) => $"{d.Count}/{d.Capacity}: {string.Join(",", d)}";
        EveryRentFails(Full, State, d => d.Add(-1, 1));
        EveryRentFails(Full, State, d => d[-2] = 2);
        EveryRentFails(Full, State, d => d.EnsureCapacity(1_000));
        EveryRentFails(pools => Trimmable(Full(pools), d => Repeat(90, i => d.Remove(i))), State, d => d.TrimExcess());
        EveryRentFails(pools => Trimmable(Full(pools), d => Repeat(90, i => d.Remove(i))), State, d => d.TrimExcess(d.Count + 1));
        EveryConstructorRentFails(pools => new PooledDictionary<int, int>(s_many.Select(i => KeyValuePair.Create(i, i)), null, ClearMode.Auto, pools.Of<int>(), pools.Of<PooledDictionary<int, int>.Entry>()));
    }

    [Fact]
    public void PooledHashSet_EveryRentFails()
    {
        static PooledHashSet<int> Full(FaultPools pools)
        {
            var set = new PooledHashSet<int>(0, null, ClearMode.Auto, pools.Of<int>(), pools.Of<PooledHashSet<int>.Entry>());
            // Full: the next new item rehashes.
            for (int i = 0; set.Count < 100 || set.Count < set.Capacity; i++)
            {
                set.Add(i);
            }

            return set;
        }

        static string State(PooledHashSet<int> s) => $"{s.Count}/{s.Capacity}: {string.Join(",", s)}";
        EveryRentFails(Full, State, s => s.Add(-1));
        EveryRentFails(Full, State, s => s.EnsureCapacity(1_000));
        EveryRentFails(pools => Trimmable(Full(pools), s => Repeat(90, i => s.Remove(i))), State, s => s.TrimExcess());
        EveryRentFails(pools => Trimmable(Full(pools), s => Repeat(90, i => s.Remove(i))), State, s => s.TrimExcess(s.Count + 1));
        int[] overlapping = [.. Enumerable.Range(-20, 60)];
        EveryRentFails(Full, State, s => s.UnionWith(s_many), consistent: SetIsConsistent);
        EveryRentFails(Full, State, s => s.IntersectWith(overlapping), consistent: SetIsConsistent, mayRentNothing: true);
        EveryRentFails(Full, State, s => s.ExceptWith(overlapping), consistent: SetIsConsistent, mayRentNothing: true);
        EveryRentFails(Full, State, s => s.SymmetricExceptWith(overlapping), consistent: SetIsConsistent, mayRentNothing: true);
        EveryConstructorRentFails(pools => new PooledHashSet<int>(s_many, null, ClearMode.Auto, pools.Of<int>(), pools.Of<PooledHashSet<int>.Entry>()));
    }

    [Fact]
    public void ChunkedList_EveryRentFails()
    {
        static ChunkedList<int> Full(FaultPools pools) => Fill(new ChunkedList<int>(16, 8, pools.Of<int>()), 160, (l, i) => l.Add(i));
        static string State(ChunkedList<int> l) => $"{l.Count}/{l.Capacity}: {string.Join(",", l)}";
        EveryRentFails(Full, State, l => l.Add(-1));
        EveryRentFails(Full, State, l => l.Insert(3, -1));
        EveryRentFails(Full, State, l => l.AddRange(s_many));
        EveryRentFails(Full, State, l => l.InsertRange(7, s_many));
        EveryRentFails(Full, State, l => l.Capacity = 1_000);
        EveryRentFails(pools => Trimmable(Full(pools), l => l.RemoveRange(3, 150)), State, l => l.TrimExcess());
        EveryRentFails(pools => Shuffled(Full(pools)), State, l => l.Sort(), consistent: l => Assert.Equal(Enumerable.Range(0, 160), l.OrderBy(x => x)));
        EveryConstructorRentFails(pools => new ChunkedList<int>(Enumerable.Range(0, 300).Where(_ => true), pools.Of<int>()));
        EveryConstructorRentFails(pools => new ChunkedList<int>(s_many, pools.Of<int>()));
    }

    [Fact]
    public void ChunkedHashSet_EveryRentFails()
    {
        static ChunkedHashSet<int> Full(FaultPools pools) => Fill(new ChunkedHashSet<int>(null, pools.Of<int>(), pools.Of<ChunkedSetEntry<int>>(), 16, 16, 8), 100, (s, i) => s.Add(i));
        static string State(ChunkedHashSet<int> s) => $"{s.Count}: {string.Join(",", s)}";
        EveryRentFails(Full, State, s => Repeat(200, i => s.Add(-1 - i)), consistent: SetIsConsistent);
        EveryRentFails(Full, State, s => s.EnsureCapacity(1_000));
        EveryRentFails(pools => Trimmable(Full(pools), s => Repeat(95, i => s.Remove(i))), State, s => s.TrimExcess());
        int[] overlapping = [.. Enumerable.Range(-20, 60)];
        EveryRentFails(Full, State, s => s.UnionWith(s_many), consistent: SetIsConsistent);
        EveryRentFails(Full, State, s => s.IntersectWith(overlapping), consistent: SetIsConsistent, mayRentNothing: true);
        EveryRentFails(Full, State, s => s.ExceptWith(overlapping), consistent: SetIsConsistent, mayRentNothing: true);
        EveryRentFails(Full, State, s => s.SymmetricExceptWith(overlapping), consistent: SetIsConsistent, mayRentNothing: true);
        EveryConstructorRentFails(pools => new ChunkedHashSet<int>(s_many, null, pools.Of<int>()));
    }

    [Fact]
    public void ChunkedDictionary_EveryRentFails()
    {
        static ChunkedDictionary<int, int> Full(FaultPools pools) => Fill(new ChunkedDictionary<int, int>(null, pools.Of<int>(), pools.Of<ChunkedDictionaryEntry<int, int>>(), 16, 16, 8), 100, (d, i) => d.Add(i, -i));
        static string State(ChunkedDictionary<int, int> d) => $"{d.Count}: {string.Join(",", d)}";
        EveryRentFails(Full, State, d => Repeat(200, i => d[-1 - i] = i), consistent: DictionaryIsConsistent);
        EveryRentFails(Full, State, d => d.EnsureCapacity(1_000));
        EveryRentFails(pools => Trimmable(Full(pools), d => Repeat(95, i => d.Remove(i))), State, d => d.TrimExcess());
        EveryConstructorRentFails(pools => new ChunkedDictionary<int, int>(s_many.Select(i => KeyValuePair.Create(i, i)), null, pools.Of<int>()));
    }

    [Fact]
    public void HashCollections_ComparerThrowingDuringGrowthAndTrim_StayConsistent()
    {
        foreach (Func<FaultingComparer, FaultPools, ICollection<int>> create in new Func<FaultingComparer, FaultPools, ICollection<int>>[]
        {
            (c, p) => new PooledHashSet<int>(0, c, ClearMode.Auto, p.Of<int>(), p.Of<PooledHashSet<int>.Entry>()),
            (c, p) => new ChunkedHashSet<int>(c, p.Of<int>(), p.Of<ChunkedSetEntry<int>>(), 16, 16, 8),
        })
        {
            for (int n = 1; ; n += 7)
            {
                Assert.True(n < 5_000, "the calls never end");
                var plan = new FaultPlan();
                var pools = new FaultPools(plan);
                ICollection<int> set = create(new FaultingComparer(plan), pools);
                plan.Arm(n);
                try
                {
                    for (int i = 0; i < 100; i++)
                    {
                        set.Add(i);
                    }

                    ((dynamic)set).TrimExcess();
                }
                catch (InjectedFaultException)
                {
                }

                plan.Disarm();
                SetIsConsistent((ISet<int>)set);
                set.Add(1_000);
                Assert.Contains(1_000, set);
                ((IDisposable)set).Dispose();
                pools.AssertAllReturned();
                if (!plan.Fired)
                {
                    break;
                }
            }
        }
    }

    [Fact]
    public void Dictionaries_ComparerThrowingDuringGrowth_StayConsistent()
    {
        foreach (Func<FaultingComparer, FaultPools, IDictionary<int, int>> create in new Func<FaultingComparer, FaultPools, IDictionary<int, int>>[]
        {
            (c, p) => new PooledDictionary<int, int>(0, c, ClearMode.Auto, p.Of<int>(), p.Of<PooledDictionary<int, int>.Entry>()),
            (c, p) => new ChunkedDictionary<int, int>(c, p.Of<int>(), p.Of<ChunkedDictionaryEntry<int, int>>(), 16, 16, 8),
        })
        {
            for (int n = 1; ; n += 7)
            {
                Assert.True(n < 5_000, "the calls never end");
                var plan = new FaultPlan();
                var pools = new FaultPools(plan);
                IDictionary<int, int> dictionary = create(new FaultingComparer(plan), pools);
                plan.Arm(n);
                try
                {
                    for (int i = 0; i < 100; i++)
                    {
                        dictionary[i] = -i;
                    }
                }
                catch (InjectedFaultException)
                {
                }

                plan.Disarm();
                DictionaryIsConsistent(dictionary);
                ((IDisposable)dictionary).Dispose();
                pools.AssertAllReturned();
                if (!plan.Fired)
                {
                    break;
                }
            }
        }
    }

    [Fact]
    public void Lists_ComparerThrowingDuringSort_KeepEveryElement()
    {
        for (int n = 1; n < 2_000; n += 37)
        {
            var plan = new FaultPlan();
            var pools = new FaultPools(plan);
            using (PooledList<int> pooled = Shuffled(Fill(new PooledList<int>(0, pools.Of<int>()), 300, (l, i) => l.Add(i))))
            using (ChunkedList<int> chunked = Shuffled(Fill(new ChunkedList<int>(16, 8, pools.Of<int>()), 300, (l, i) => l.Add(i))))
            {
                foreach (IList<int> list in new IList<int>[] { pooled, chunked })
                {
                    plan.Arm(n);
                    Exception? error = Record.Exception(() => ((dynamic)list).Sort(new FaultingComparer(plan)));
                    plan.Disarm();
                    if (plan.Fired)
                    {
                        // The BCL wraps a comparer's exception: InvalidOperationException, the comparer's as the inner one.
                        Assert.IsType<InvalidOperationException>(error);
                        Assert.IsType<InjectedFaultException>(error!.InnerException);
                    }

                    Assert.Equal(Enumerable.Range(0, 300), list.OrderBy(x => x));
                }
            }

            pools.AssertAllReturned();
        }
    }

    /// <summary>Fails the 1st, 2nd, ... rent of <paramref name="operation"/> until it rents no more, checking each failure.</summary>
    private static void EveryRentFails<TCollection>(Func<FaultPools, TCollection> create, Func<TCollection, string> state, Action<TCollection> operation, Action<TCollection>? consistent = null, bool mayRentNothing = false)
        where TCollection : IDisposable
    {
        for (int n = 1; ; n++)
        {
            Assert.True(n < 5_000, "the operation rents without end");
            var plan = new FaultPlan();
            var pools = new FaultPools(plan);
            TCollection collection = create(pools);
            string before = state(collection);
            plan.Arm(n);
            Exception? error = Record.Exception(() => operation(collection));
            plan.Disarm();
            if (error is not null && error is not InjectedFaultException)
            {
                throw new InvalidOperationException($"rent {n} failed, and the operation threw something else than the fault", error);
            }

            if (plan.Fired)
            {
                if (consistent is null)
                {
                    Assert.True(before == state(collection), $"rent {n} failed and the collection changed:\nbefore {before}\nafter  {state(collection)}");
                }
                else
                {
                    consistent(collection);
                }

                operation(collection); // usable: the same operation now succeeds
            }

            collection.Dispose();
            pools.AssertAllReturned();
            if (!plan.Fired)
            {
                // A set operation with a small other set may need no scratch array at all.
                Assert.True(n > 1 || mayRentNothing, "the operation rented nothing, so the test tests nothing");
                return;
            }
        }
    }

    /// <summary>Fails the 1st, 2nd, ... rent of a constructor: it throws the fault, and every array it rented is back.</summary>
    private static void EveryConstructorRentFails(Func<FaultPools, IDisposable> construct)
    {
        for (int n = 1; ; n++)
        {
            Assert.True(n < 5_000, "the constructor rents without end");
            var plan = new FaultPlan();
            var pools = new FaultPools(plan);
            plan.Arm(n);
            IDisposable? built = null;
            Exception? error = Record.Exception(() => built = construct(pools));
            plan.Disarm();
            Assert.True(error is null or InjectedFaultException, $"rent {n}: {error}");
            built?.Dispose();
            pools.AssertAllReturned();
            if (!plan.Fired)
            {
                Assert.True(n > 1, "the constructor rented nothing, so the test tests nothing");
                return;
            }
        }
    }

    private static void SetIsConsistent(ISet<int> set)
    {
        int[] items = [.. set];
        Assert.Equal(items.Length, set.Count);
        Assert.Equal(items.Length, items.Distinct().Count());
        Assert.All(items, item => Assert.True(set.Contains(item), $"{item} is enumerated but not found"));
    }

    private static void DictionaryIsConsistent(IDictionary<int, int> dictionary)
    {
        KeyValuePair<int, int>[] pairs = [.. dictionary];
        Assert.Equal(pairs.Length, dictionary.Count);
        Assert.Equal(pairs.Length, pairs.Select(p => p.Key).Distinct().Count());
        Assert.All(pairs, pair => Assert.True(dictionary.TryGetValue(pair.Key, out int value) && value == pair.Value, $"{pair} is enumerated but not found"));
    }

    private static T Fill<T>(T collection, int count, Action<T, int> add)
    {
        for (int i = 0; i < count; i++)
        {
            add(collection, i);
        }

        return collection;
    }

    private static T Trimmable<T>(T collection, Action<T> shrink)
    {
        shrink(collection);
        return collection;
    }

    private static T Shuffled<T>(T list)
        where T : IList<int>
    {
        var random = new Random(7);
        for (int i = list.Count - 1; i > 0; i--)
        {
            int j = random.Next(i + 1);
            (list[i], list[j]) = (list[j], list[i]);
        }

        return list;
    }

    private static void Repeat(int count, Action action) => Repeat(count, _ => action());

    private static void Repeat(int count, Action<int> action)
    {
        for (int i = 0; i < count; i++)
        {
            action(i);
        }
    }
}
