using Gen0.Pools;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Pools;

/// <summary>
/// Issue 24: objects rented on one thread and returned on another, as a producer and a consumer do. With ownership
/// tracking off (the documented hot-path opt-out) a return on a thread that did not rent allocated a 32-byte entry
/// every time; neither mode may allocate in steady state, and no object may be held by two renters.
/// </summary>
public sealed class PoolCrossThreadTests
{
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void ProducerToConsumer_AllocatesNothingInSteadyState(bool trackOwnership)
    {
        using var pool = new Pool<PooledThing>(new PoolOptions<PooledThing>
        {
            Factory = () => new PooledThing(),
            TrackOwnership = trackOwnership,
            MaxRetained = 64,
        });

        // Warm up (objects, thread caches, the hand-off ring), then measure both threads' allocations.
        // The fewest bytes of up to three hand-offs per thread (see Allocations: the runtime allocates on a thread
        // once in a while on a loaded machine).
        (long producerBytes, long consumerBytes) = HandOff(pool, 20_000);
        (producerBytes, consumerBytes) = (long.MaxValue, long.MaxValue);
        for (int pass = 0; pass < 3 && (producerBytes >= 4096 || consumerBytes >= 4096); pass++)
        {
            (long producer, long consumer) = HandOff(pool, 50_000);
            (producerBytes, consumerBytes) = (Math.Min(producerBytes, producer), Math.Min(consumerBytes, consumer));
        }

        Assert.True(producerBytes < 4096, $"the producer allocated {producerBytes} B for 50,000 rents");
        Assert.True(consumerBytes < 4096, $"the consumer allocated {consumerBytes} B for 50,000 returns");
        Assert.Equal(0, pool.Outstanding);
    }

    [Theory]
    [InlineData(false, false)]
    [InlineData(true, false)]
    [InlineData(false, true)]
    [InlineData(true, true)]
    public async Task AsyncHops_RawAndLeased_NeverShareAnObject(bool trackOwnership, bool lease)
    {
        using var pool = new Pool<PooledThing>(new PoolOptions<PooledThing> { Factory = () => new PooledThing(), TrackOwnership = trackOwnership });
        async Task Worker(int id)
        {
            for (int i = 0; i < 300; i++)
            {
                if (lease)
                {
                    using Lease<PooledThing> held = pool.Lease();
                    OwnershipStamp.Claim(held.Value, id);
                    await Task.Yield();
                    OwnershipStamp.Release(held.Value, id);
                }
                else
                {
                    PooledThing thing = pool.Rent();
                    OwnershipStamp.Claim(thing, id);
                    await Task.Yield();
                    OwnershipStamp.Release(thing, id);
                    pool.Return(thing); // kept or, beyond MaxRetained, dropped: either way never twice
                }
            }
        }

        Task all = Task.WhenAll(Enumerable.Range(1, 64).Select(id => Task.Run(() => Worker(id))));
        Assert.Same(all, await Task.WhenAny(all, Task.Delay(TimeSpan.FromSeconds(60))));
        await all;
        Assert.Equal(0, pool.Outstanding);
        Assert.True(pool.Count <= 8 * Environment.ProcessorCount + 64);
    }

    [Fact]
    public void Untracked_MixingLeasesAndRawCalls_AcrossThreads_KeepsEveryObjectOnce()
    {
        using var pool = new Pool<PooledThing>(new PoolOptions<PooledThing> { Factory = () => new PooledThing(), TrackOwnership = false, MaxRetained = 8 });
        var seen = new HashSet<PooledThing>(ReferenceEqualityComparer.Instance);
        using var other = new WorkerThread();
        for (int round = 0; round < 200; round++)
        {
            // Rent raw here and return raw on the other thread; lease there and dispose here.
            PooledThing raw = pool.Rent();
            other.Run(() => pool.Return(raw));
            Lease<PooledThing> lease = other.Run(pool.Lease);
            PooledThing leased = lease.Value;
            PooledThing mine = pool.Rent();
            Assert.NotSame(leased, mine);
            pool.Return(mine);
            lease.Dispose();
            Assert.Throws<InvalidOperationException>(() => lease.Value);
            seen.Add(raw);
            seen.Add(leased);
            seen.Add(mine);
        }

        Assert.Equal(0, pool.Outstanding);
        Assert.True(seen.Count <= 8 + 2, $"{seen.Count} objects made for 200 rounds");
    }

    /// <summary>
    /// Moves <paramref name="count"/> objects from a producer thread (rent) to a consumer thread (return) through an
    /// allocation-free single-producer, single-consumer ring of 8, and returns what each thread allocated meanwhile.
    /// </summary>
    private static (long Producer, long Consumer) HandOff(Pool<PooledThing> pool, int count)
    {
        var ring = new PooledThing?[8];
        long head = 0;
        long tail = 0;
        long producerBytes = 0;
        long consumerBytes = 0;
        Exception? failure = null;
        var producer = new Thread(() =>
        {
            try
            {
                long before = GC.GetAllocatedBytesForCurrentThread();
                for (int i = 0; i < count; i++)
                {
                    PooledThing thing = pool.Rent();
                    OwnershipStamp.Claim(thing, 1);
                    OwnershipStamp.Release(thing, 1);
                    var spinner = default(SpinWait);
                    while (Volatile.Read(ref tail) - Volatile.Read(ref head) == ring.Length)
                    {
                        spinner.SpinOnce(sleep1Threshold: -1);
                    }

                    Volatile.Write(ref ring[tail & 7], thing);
                    Volatile.Write(ref tail, tail + 1);
                }

                producerBytes = GC.GetAllocatedBytesForCurrentThread() - before;
            }
            catch (Exception e)
            {
                failure ??= e;
            }
        });
        var consumer = new Thread(() =>
        {
            try
            {
                long before = GC.GetAllocatedBytesForCurrentThread();
                for (int i = 0; i < count; i++)
                {
                    var spinner = default(SpinWait);
                    while (Volatile.Read(ref head) == Volatile.Read(ref tail))
                    {
                        spinner.SpinOnce(sleep1Threshold: -1);
                    }

                    PooledThing thing = Volatile.Read(ref ring[head & 7])!;
                    Volatile.Write(ref head, head + 1);
                    pool.Return(thing);
                }

                consumerBytes = GC.GetAllocatedBytesForCurrentThread() - before;
            }
            catch (Exception e)
            {
                failure ??= e;
            }
        });

        Watchdog.Run(
            () =>
            {
                producer.Start();
                consumer.Start();
                producer.Join();
                consumer.Join();
            },
            TimeSpan.FromSeconds(60),
            "a producer and a consumer moving objects through the pool");
        Assert.Null(failure);
        return (producerBytes, consumerBytes);
    }
}
