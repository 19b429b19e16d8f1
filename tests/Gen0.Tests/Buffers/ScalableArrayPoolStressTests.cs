using System.Collections.Concurrent;
using Gen0.Buffers;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Buffers;

public sealed class ScalableArrayPoolStressTests
{
    private const int TotalOperations = 1_000_000;

    public static TheoryData<bool, SizeClasses> Configurations => new()
    {
        { true, SizeClasses.PowerOfTwo },
        { false, SizeClasses.Fine },
    };

    [Theory]
    [MemberData(nameof(Configurations))]
    public void ManyThreads_NeverHandTheSameArrayToTwoRenters(bool threadLocalCache, SizeClasses sizeClasses) => Seeds.Run(Seeds.Fresh, () =>
    {
        // Small shards, a small budget, a fast idle timer and explicit trims, so that every tier, every drop reason and
        // the trimmer's races with the owners are exercised, with more threads than cores.
        using var pool = new ScalableArrayPool<int>(new ScalableArrayPoolOptions
        {
            Name = "stress",
            ThreadLocalCache = threadLocalCache,
            SizeClasses = sizeClasses,
            MaxArrayLength = 256,
            MaxArraysPerShard = 4,
            ShardCount = 3,
            MaxRetainedBytes = 64 * 1024,
            TrimAfter = TimeSpan.FromMilliseconds(20),
        });
        int threads = Math.Max(8, Environment.ProcessorCount * 4);
        int operationsPerThread = (TotalOperations / threads) + 1;
        var handOff = new ConcurrentQueue<int[]>();
        long budgetViolations = 0;
        long operations = 0;

        var workers = new Thread[threads];
        Exception? failure = null;
        for (int t = 0; t < threads; t++)
        {
            int id = t + 1;
            workers[t] = new Thread(() =>
            {
                try
                {
                    Interlocked.Add(ref operations, RunWorker(pool, id, operationsPerThread, handOff, ref budgetViolations));
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
        while (handOff.TryDequeue(out int[]? array))
        {
            AssertStamped(array, array[0]);
            pool.Return(array);
        }

        ScalableArrayPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(0, Interlocked.Read(ref budgetViolations));
        Assert.True(stats.Rents >= TotalOperations / 3, $"only {stats.Rents} rents");
        Assert.Equal(stats.Rents, stats.Returns - stats.DropsForeignLength);
        Assert.Equal(stats.Rents, stats.Hits + stats.Allocations);
        Assert.True(stats.RetainedBytes <= stats.ReservedBytes && stats.ReservedBytes <= 64 * 1024);
        Assert.True(stats.Hits > 0);
        Assert.True(Interlocked.Read(ref operations) >= TotalOperations);
    });

    private static int RunWorker(ScalableArrayPool<int> pool, int id, int operations, ConcurrentQueue<int[]> handOff, ref long budgetViolations)
    {
        var random = new Random(Seeds.ForWorker(Seeds.Fresh, id));
        var held = new List<int[]>(8);
        for (int op = 0; op < operations; op++)
        {
            int action = random.Next(100);
            if (held.Count < 8 && action < 45)
            {
                int[] array = pool.Rent(random.Next(1, 300));
                array.AsSpan().Fill(id);
                held.Add(array);
            }
            else if (held.Count > 0 && action < 85)
            {
                int[] array = held[^1];
                held.RemoveAt(held.Count - 1);
                AssertStamped(array, id);
                pool.Return(array, clearArray: (op & 7) == 0);
            }
            else if (held.Count > 0 && action < 93)
            {
                // Producer/consumer: the array changes owner and is returned by another thread.
                int[] array = held[^1];
                held.RemoveAt(held.Count - 1);
                AssertStamped(array, id);
                array.AsSpan().Fill(-id);
                handOff.Enqueue(array);
            }
            else if (action < 99)
            {
                if (handOff.TryDequeue(out int[]? array))
                {
                    AssertStamped(array, array[0]);
                    Assert.True(array[0] < 0);
                    pool.Return(array);
                }
            }
            else if (op % 4096 == 0)
            {
                pool.Trim();
                ScalableArrayPoolStatistics stats = pool.GetStatistics();
                if (stats.RetainedBytes > 64 * 1024 || stats.ReservedBytes > 64 * 1024)
                {
                    Interlocked.Increment(ref budgetViolations);
                }
            }
            else
            {
                pool.Return(new int[random.Next(1, 256) | 1]); // a length the pool never hands out
            }
        }

        foreach (int[] array in held)
        {
            AssertStamped(array, id);
            pool.Return(array);
        }

        return operations;
    }

    private static void AssertStamped(int[] array, int stamp)
    {
        int index = array.AsSpan().IndexOfAnyExcept(stamp);
        if (index >= 0)
        {
            throw new InvalidOperationException($"Array of {array.Length} held by renter {stamp} was written by {array[index]}: handed to two renters.");
        }
    }

    [Fact]
    public void GuardedOverScalable_EveryRentedArrayIsReturnedExactlyOnce() => Seeds.Run(Seeds.Fresh, () =>
    {
        using var inner = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = "guarded", MaxArraysPerShard = 2, ShardCount = 2 });
        var guarded = new GuardedArrayPool<byte>(inner, captureStackTraces: false);
        var handOff = new ConcurrentQueue<byte[]>();
        var workers = new Thread[8];
        Exception? failure = null;
        for (int t = 0; t < workers.Length; t++)
        {
            int seed = t;
            workers[t] = new Thread(() =>
            {
                try
                {
                    var random = new Random(Seeds.ForWorker(Seeds.Fresh, seed));
                    var held = new Stack<byte[]>();
                    for (int i = 0; i < 20_000; i++)
                    {
                        if (held.Count < 8 && random.Next(2) == 0)
                        {
                            held.Push(guarded.Rent(random.Next(1, 5000)));
                        }
                        else if (held.Count > 0)
                        {
                            byte[] array = held.Pop();
                            if (random.Next(4) == 0)
                            {
                                handOff.Enqueue(array);
                            }
                            else
                            {
                                guarded.Return(array);
                            }
                        }

                        if (handOff.TryDequeue(out byte[]? other))
                        {
                            guarded.Return(other);
                        }
                    }

                    while (held.Count > 0)
                    {
                        guarded.Return(held.Pop());
                    }
                }
                catch (Exception e)
                {
                    failure ??= e;
                }
            });
            workers[t].Start();
        }

        foreach (Thread worker in workers)
        {
            Bounded.Join(worker);
        }

        while (handOff.TryDequeue(out byte[]? array))
        {
            guarded.Return(array);
        }

        Assert.Null(failure);
        guarded.AssertAllReturned();
        Assert.Equal(guarded.RentCount, guarded.ReturnCount);
        Assert.Equal(guarded.RentCount, inner.GetStatistics().Rents);
    });
}
