using Gen0.Pools;
using Gen0.Tests.Infrastructure;
using Xunit;

namespace Gen0.Tests.Pools;

/// <summary>
/// Every shard layout a pool can get, on this machine and (through the internal processor-count override) on
/// 16- and 64-core machines: capacities 0, 1, 2, 3, 2×cores−1, 2×cores, 2×cores+1 and large, more threads than
/// capacity, ownership stamps on every rent, then Dispose — all under a watchdog.
/// </summary>
public class PoolShardLayoutTests
{
    private const int Threads = 6;
    private const int Rounds = 1_500;

    public static TheoryData<int, int> Layouts()
    {
        var data = new TheoryData<int, int>();
        foreach (int cores in new[] { Environment.ProcessorCount, 16, 64 }.Distinct())
        {
            // Distinct: on a 2-core machine 2 * cores - 1 is 3, already in the list, and xunit warns about duplicate cases.
            foreach (int maxRetained in new[] { 0, 1, 2, 3, (2 * cores) - 1, 2 * cores, (2 * cores) + 1, 1000 }.Distinct())
            {
                data.Add(cores, maxRetained);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Layouts))]
    public void Uncapped_RentRentReturnReturn_NoDoubleHandOut_CountsAddUp_DisposeFinishes(int cores, int maxRetained)
    {
        var pool = new Pool<PooledThing>(new PoolOptions<PooledThing>
        {
            Factory = () => new PooledThing(),
            MaxRetained = maxRetained,
            TrimAfter = Timeout.InfiniteTimeSpan,
            ProcessorCountOverride = cores,
        });

        Watchdog.Run(() => RunRenters(pool, Threads, Rounds), TimeSpan.FromSeconds(30), $"{Threads} renters, MaxRetained {maxRetained}, {cores} cores");

        PoolStatistics stats = pool.GetStatistics();
        Assert.Equal(0, stats.Outstanding);
        Assert.Equal(stats.Created - stats.Dropped, stats.Live);
        Assert.InRange(pool.Count, 0, Math.Max(0, maxRetained - 1) + Threads + 1);
        Watchdog.Run(pool.Dispose, TimeSpan.FromSeconds(10), $"Dispose, MaxRetained {maxRetained}, {cores} cores");
        Assert.Equal(0, pool.Count);
        Assert.Equal(0, pool.LiveCount);
    }

    [Theory]
    [MemberData(nameof(Layouts))]
    public void CappedAndWaiting_MoreThreadsThanObjects_NeverOverCap_AllComeBack(int cores, int maxRetained)
    {
        int maxSize = Math.Max(1, Math.Min(maxRetained, 2 * Threads));
        var pool = new Pool<PooledThing>(new PoolOptions<PooledThing>
        {
            Factory = () => new PooledThing(),
            MaxRetained = maxRetained,
            MaxSize = maxSize,
            WhenExhausted = PoolExhaustedBehavior.Wait,
            WaitTimeout = TimeSpan.FromSeconds(20),
            TrimAfter = Timeout.InfiniteTimeSpan,
            ProcessorCountOverride = cores,
        });

        Watchdog.Run(() => RunRenters(pool, Threads, Rounds / 3, maxSize), TimeSpan.FromSeconds(30), $"{Threads} renters, MaxSize {maxSize}, MaxRetained {maxRetained}, {cores} cores");

        Assert.InRange(pool.LiveCount, 0, maxSize);
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.WaitingCount);
        Assert.True(pool.TryRent(out PooledThing? next));
        pool.Return(next);
        Watchdog.Run(pool.Dispose, TimeSpan.FromSeconds(10), "Dispose");
    }

    [Fact]
    public void AddGen0ProviderLayout_TwiceTheCores_OnEveryMachineSize()
    {
        // Gen0ObjectPoolProvider keeps 2 x cores (as DefaultObjectPoolProvider): one thread slot plus 2 x cores - 1
        // shared, so one shard of every layout has capacity 1. Checked for this machine, 16 and 64 cores.
        foreach (int cores in new[] { 1, 2, 4, 16, 64 })
        {
            var pool = new Pool<PooledThing>(new PoolOptions<PooledThing>
            {
                Factory = () => new PooledThing(),
                MaxRetained = 2 * cores,
                WhenExhausted = PoolExhaustedBehavior.Allocate,
                TrimAfter = Timeout.InfiniteTimeSpan,
                ProcessorCountOverride = cores,
            });
            Watchdog.Run(() => RunRenters(pool, 8, 1_000), TimeSpan.FromSeconds(30), $"provider layout for {cores} cores");
            Watchdog.Run(pool.Dispose, TimeSpan.FromSeconds(10), "Dispose");
        }
    }

    /// <summary>Each renter rents two objects (and a third now and then), stamps them, and returns them in another order.</summary>
    private static void RunRenters(Pool<PooledThing> pool, int threadCount, int rounds, int maxHeld = int.MaxValue)
    {
        Exception? failure = null;
        var threads = new Thread[threadCount];
        for (int t = 0; t < threads.Length; t++)
        {
            int renter = t + 1;
            threads[t] = new Thread(() =>
            {
                try
                {
                    for (int i = 0; i < rounds && Volatile.Read(ref failure) is null; i++)
                    {
                        // Holding two at once needs a cap of at least two, or two renters could deadlock each other.
                        PooledThing a = pool.Rent();
                        OwnershipStamp.Claim(a, renter);
                        PooledThing? b = null;
                        if (maxHeld >= threadCount * 2 || (maxHeld > 1 && (i & 1) == 0 && pool.TryRent(out b)))
                        {
                            b ??= pool.Rent();
                            OwnershipStamp.Claim(b, renter);
                        }

                        OwnershipStamp.Release(a, renter);
                        pool.Return(a);
                        if (b is not null)
                        {
                            OwnershipStamp.Release(b, renter);
                            pool.Return(b);
                        }
                    }
                }
                catch (Exception ex)
                {
                    Interlocked.CompareExchange(ref failure, ex, null);
                }
            }) { IsBackground = true };
        }

        Array.ForEach(threads, t => t.Start());
        Array.ForEach(threads, t => t.Join());
        if (failure is not null)
        {
            throw new Xunit.Sdk.XunitException("A renter failed: " + failure);
        }
    }
}
