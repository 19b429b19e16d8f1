using Gen0.Buffers;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Buffers;

/// <summary>
/// Issue 15: the thread cache's hot slot (slot 0 of every class, the only slot the hit paths touch) and the stack below
/// it. Pins that the hot slot is trimmed, counted, refused on a double return, and kept within the budget like every
/// other slot.
/// </summary>
public sealed class ScalableArrayPoolHotSlotTests
{
    [Fact]
    public void RentReturn_SameThread_HandsBackTheSameArray_AndCountsAThreadLocalHit()
    {
        using var pool = new ScalableArrayPool<byte>();
        byte[] first = pool.Rent(4096);
        pool.Return(first);
        for (int i = 0; i < 1000; i++)
        {
            byte[] again = pool.Rent(4096);
            Assert.Same(first, again);
            pool.Return(again);
        }

        ScalableArrayPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(1001, stats.Rents);
        Assert.Equal(1000, stats.ThreadLocalHits);
        Assert.Equal(1001, stats.Returns);
        Assert.Equal(1, stats.RetainedArrays);
        Assert.Equal(4096, stats.RetainedBytes);
        Assert.Equal(4096, stats.ReservedBytes);
    }

    [Fact]
    public void InstancesUsedInTurn_OnOneThread_NeverServeEachOthersArrays()
    {
        // Each instance first tries the cache this thread used last; alternating pools (and the Shared pool between
        // them) must switch caches, never rent one pool's array from another.
        using var a = new ScalableArrayPool<byte>();
        using var b = new ScalableArrayPool<byte>();
        byte[] fromA = a.Rent(4096);
        a.Return(fromA);
        byte[] fromB = b.Rent(4096);
        Assert.NotSame(fromA, fromB);
        b.Return(fromB);
        for (int i = 0; i < 100; i++)
        {
            ScalableArrayPool<byte> pool = (i % 3) switch { 0 => a, 1 => b, _ => ScalableArrayPool<byte>.Shared };
            byte[] rented = pool.Rent(4096);
            if (ReferenceEquals(pool, a))
            {
                Assert.Same(fromA, rented);
            }
            else if (ReferenceEquals(pool, b))
            {
                Assert.Same(fromB, rented);
            }
            else
            {
                Assert.NotSame(fromA, rented);
                Assert.NotSame(fromB, rented);
            }

            pool.Return(rented);
        }

        Assert.Equal(34, a.GetStatistics().ThreadLocalHits);
        Assert.Equal(33, b.GetStatistics().ThreadLocalHits);
    }

    [Fact]
    public void DisposedInstance_ItsCacheIsNotReused_ByTheNextInstanceOnTheThread()
    {
        var first = new ScalableArrayPool<byte>();
        byte[] array = first.Rent(4096);
        first.Return(array);
        first.Dispose();
        Assert.Throws<ObjectDisposedException>(() => first.Rent(4096));

        // The next pool likely gets the recycled id; the disposed pool's cache carries no owner any more.
        using var second = new ScalableArrayPool<byte>();
        byte[] rented = second.Rent(4096);
        Assert.NotSame(array, rented);
        second.Return(rented);
        Assert.Same(rented, second.Rent(4096));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(7)]
    [InlineData(8)]
    [InlineData(9)]
    public void NestedRents_StayThreadLocal_UpToTheClassCapacity(int depth)
    {
        // 1 MiB arrays: 8 thread-local slots (the hot slot and 7 below it); a ninth array goes to a shard.
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { ShardCount = 1 });
        var held = new byte[depth][];
        for (int round = 0; round < 3; round++)
        {
            for (int k = 0; k < depth; k++)
            {
                held[k] = pool.Rent(1 << 20);
            }

            Assert.Equal(depth, held.Distinct(ReferenceEqualityComparer.Instance).Count());
            for (int k = depth - 1; k >= 0; k--)
            {
                pool.Return(held[k]);
            }
        }

        ScalableArrayPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(depth, stats.RetainedArrays);
        Assert.Equal(depth, stats.AllocationsPoolExhausted);
        Assert.Equal(2 * depth, stats.Hits);
        if (depth <= 8)
        {
            Assert.Equal(2 * depth, stats.ThreadLocalHits);
        }
        else
        {
            // The class is full at 8: the ninth return moves the older half to the shard, and later misses take
            // them back from there (in growing batches, as a thread that rents without returning does).
            Assert.InRange(stats.ThreadLocalHits, 2 * 4, 2 * 8);
        }

        Assert.Equal(0, stats.Drops);
        Assert.True(stats.RetainedBytes <= stats.ReservedBytes);
    }

    [Fact]
    public void ReturnTwice_IntoTheHotSlot_IsDropped()
    {
        using var pool = new ScalableArrayPool<byte>();
        byte[] a = pool.Rent(100);
        pool.Return(a);
        pool.Return(a); // a sits in the hot slot
        byte[] first = pool.Rent(100);
        byte[] second = pool.Rent(100);
        Assert.NotSame(first, second);
        Assert.Equal(1, pool.GetStatistics().DropsDoubleReturn);
    }

    [Fact]
    public void ReturnTwice_WhileTheHotSlotIsEmptyAndTheArraySitsBelowIt_IsDropped()
    {
        using var pool = new ScalableArrayPool<byte>();
        byte[] a = pool.Rent(100);
        byte[] b = pool.Rent(100);
        pool.Return(a);
        pool.Return(b); // one in the hot slot, the other below it
        byte[] top = pool.Rent(100); // the hot slot is empty again
        byte[] below = ReferenceEquals(top, a) ? b : a;
        Assert.True(ReferenceEquals(top, a) || ReferenceEquals(top, b));
        pool.Return(below); // the fast path must not take it: the class is not empty
        Assert.Equal(1, pool.GetStatistics().DropsDoubleReturn);
        pool.Return(top);

        byte[] x = pool.Rent(100);
        byte[] y = pool.Rent(100);
        Assert.NotSame(x, y);
    }

    [Fact]
    public void Trim_EmptiesTheHotSlot_AndReleasesItsReservation()
    {
        using var pool = new ScalableArrayPool<byte>();
        byte[] a = pool.Rent(4096);
        pool.Return(a);
        Assert.Equal(4096, pool.GetStatistics().ReservedBytes);

        pool.Trim();

        ScalableArrayPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(0, stats.RetainedBytes);
        Assert.Equal(0, stats.ReservedBytes);
        Assert.Equal(1, stats.TrimmedArrays);
        Assert.NotSame(a, pool.Rent(4096)); // a left the pool
    }

    [Fact]
    public void TrimFromAnotherThread_EmptiesThisThreadsHotSlot_AndTheNextRentsAndReturnsStayConsistent()
    {
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { ShardCount = 1 });
        byte[] a = pool.Rent(4096);
        byte[] b = pool.Rent(4096);
        pool.Return(a);
        pool.Return(b); // a below, b in the hot slot

        OtherThread.Run(pool.Trim); // this thread is quiet: its reservations go back too

        ScalableArrayPoolStatistics trimmed = pool.GetStatistics();
        Assert.Equal(0, trimmed.RetainedBytes);
        Assert.Equal(0, trimmed.ReservedBytes);

        byte[] c = pool.Rent(4096);
        Assert.NotSame(a, c);
        Assert.NotSame(b, c);
        pool.Return(c);
        Assert.Same(c, pool.Rent(4096));
        pool.Return(c);

        ScalableArrayPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(1, stats.RetainedArrays);
        Assert.Equal(4096, stats.ReservedBytes);
        Assert.Equal(stats.Rents, stats.Hits + stats.Allocations);
    }

    [Fact]
    public void RentsBelowAnEmptyHotSlot_PopTheStack()
    {
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { ShardCount = 1, TrimAfter = Timeout.InfiniteTimeSpan });
        byte[] a = pool.Rent(4096);
        byte[] b = pool.Rent(4096);
        byte[] c = pool.Rent(4096);
        pool.Return(a);
        pool.Return(b);
        pool.Return(c); // one in the hot slot, two below it

        // The hot slot, then the stack below the empty hot slot: the three arrays, then a new one.
        var rented = new HashSet<byte[]>(ReferenceEqualityComparer.Instance) { pool.Rent(4096), pool.Rent(4096), pool.Rent(4096) };
        Assert.True(rented.SetEquals([a, b, c]));
        byte[] fresh = pool.Rent(4096);
        Assert.DoesNotContain(fresh, rented);
        Assert.Equal(3, pool.GetStatistics().ThreadLocalHits);
    }

    [Fact]
    public void BudgetOfOneArray_TheHotSlotIsTheOnlyReservation()
    {
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { MaxRetainedBytes = 4096, ShardCount = 1 });
        byte[] a = pool.Rent(4096);
        byte[] b = pool.Rent(4096);
        pool.Return(a);
        pool.Return(b); // over the budget: dropped
        ScalableArrayPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(1, stats.DropsOverBudget);
        Assert.Equal(4096, stats.ReservedBytes);
        Assert.Same(a, pool.Rent(4096));
        pool.Return(a);
        Assert.Equal(4096, pool.GetStatistics().RetainedBytes);
    }

    [Fact]
    public void FourThreads_OwnershipStamps_NeverShared_AndTheBudgetHolds() => Seeds.Run(Seeds.Fresh, () =>
    {
        // More threads than cores, nested rents (hot slot and stack), other threads' trims and a tight budget: every
        // rented array is stamped with its renter and checked before it goes back.
        // Tight: a sixteenth of it (the thread's share per class) holds 4 arrays of 4 KiB, so both tiers are used.
        const long budget = 64 * 4096;
        using var pool = new ScalableArrayPool<int>(new ScalableArrayPoolOptions
        {
            MaxArrayLength = 1024,
            MaxRetainedBytes = budget,
            ShardCount = 2,
            MaxArraysPerShard = 2,
            TrimAfter = TimeSpan.FromMilliseconds(10),
        });
        int threads = Math.Max(4, Environment.ProcessorCount * 2);
        long violations = 0;
        Watchdog.Run(
            () =>
            {
                var workers = new Thread[threads];
                Exception? failure = null;
                for (int t = 0; t < threads; t++)
                {
                    int id = t + 1;
                    workers[t] = new Thread(() =>
                    {
                        try
                        {
                            var random = new Random(Seeds.ForWorker(Seeds.Fresh, id));
                            var held = new List<int[]>();
                            for (int op = 0; op < 40_000; op++)
                            {
                                if (held.Count < 4 && random.Next(3) != 0)
                                {
                                    int[] array = pool.Rent(random.Next(2) == 0 ? 1024 : 500);
                                    Array.Fill(array, id);
                                    held.Add(array);
                                }
                                else if (held.Count > 0)
                                {
                                    int[] array = held[^1];
                                    held.RemoveAt(held.Count - 1);
                                    if (Array.Exists(array, v => v != id))
                                    {
                                        throw new InvalidOperationException("An array was handed to two renters.");
                                    }

                                    pool.Return(array);
                                }

                                if (op % 5000 == 0 && id == 1)
                                {
                                    pool.Trim();
                                }

                                if (op % 1000 == 0)
                                {
                                    // Retained and reserved bytes are read at different instants while others run:
                                    // each against the budget, their order only at the end.
                                    ScalableArrayPoolStatistics stats = pool.GetStatistics();
                                    if (stats.RetainedBytes > budget || stats.ReservedBytes > budget)
                                    {
                                        Interlocked.Increment(ref violations);
                                    }
                                }
                            }

                            foreach (int[] array in held)
                            {
                                pool.Return(array);
                            }
                        }
                        catch (Exception e)
                        {
                            failure ??= e;
                        }
                    });
                }

                foreach (Thread worker in workers)
                {
                    worker.Start();
                }

                foreach (Thread worker in workers)
                {
                    Bounded.Join(worker);
                }

                Assert.Null(failure);
            },
            TimeSpan.FromSeconds(120));

        ScalableArrayPoolStatistics final = pool.GetStatistics();
        Assert.Equal(0, Interlocked.Read(ref violations));
        Assert.True(final.RetainedBytes <= final.ReservedBytes && final.ReservedBytes <= budget);
        Assert.Equal(final.Rents, final.Hits + final.Allocations);
        Assert.True(final.ThreadLocalHits > 0);
    });
}
