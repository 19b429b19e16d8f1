using Gen0.Buffers;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Buffers;

/// <summary>
/// Issue 43 item 1: after a burst, a trickle of traffic must not keep the burst's arrays. A shard's stack used to reset
/// its idle stamp on every push and release all or nothing, so one rent and return every 30 ms kept the 32 arrays of a
/// burst for good. Each stack now releases what stayed below its low-water mark (the fewest arrays it held) for a whole
/// idle period: what the trickle uses stays, the surplus goes within two idle periods.
/// </summary>
public sealed class ScalableArrayPoolTrickleDecayTests
{
    private const int TrimAfterMilliseconds = 200;
    private const int Burst = 32;
    private const int Length = 4096;

    public static TheoryData<int, bool, bool> Trickles => new()
    {
        // Period of the trickle in ms, on thread-pool threads (else this thread), with the thread-local tier.
        { 30, false, false },
        { 30, true, false },
        { 1_000, false, false },
        { 1_000, true, false },
        { 30, false, true },
        { 30, true, true },
    };

    [Theory]
    [MemberData(nameof(Trickles))]
    public async Task AfterABurst_ATrickleKeepsWhatItUses_AndTheSurplusGoesWithinTwoIdlePeriods(int periodMilliseconds, bool threadPool, bool threadLocalCache)
    {
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions
        {
            MaxArrayLength = Length,
            ThreadLocalCache = threadLocalCache,
            ShardCount = 1,
            TrimAfter = TimeSpan.FromMilliseconds(TrimAfterMilliseconds),
        });

        var burst = new byte[Burst][];
        for (int i = 0; i < Burst; i++)
        {
            burst[i] = pool.Rent(Length);
        }

        foreach (byte[] array in burst)
        {
            pool.Return(array);
        }

        Assert.Equal(Burst * Length, pool.GetStatistics().RetainedBytes);

        // Twice the idle period, plus the timer's granularity (a quarter period) twice over: its first look stamps.
        // Counted in ticks of a probe timer with the pool timer's period rather than on the wall clock: on a busy
        // machine the thread pool can run timer callbacks hundreds of milliseconds late, the pool's as the probe's.
        const int quarterPeriod = TrimAfterMilliseconds / 4;
        const int deadlineTicks = ((2 * TrimAfterMilliseconds) + (TrimAfterMilliseconds / 2)) / quarterPeriod;
        int ticks = 0;
        using var probe = new Timer(_ => Interlocked.Increment(ref ticks), null, quarterPeriod, quarterPeriod);
        var clock = System.Diagnostics.Stopwatch.StartNew();
        var servers = new System.Collections.Concurrent.ConcurrentDictionary<int, int>();
        TimeSpan nextRent = TimeSpan.Zero;
        while (Volatile.Read(ref ticks) < deadlineTicks && clock.Elapsed < TimeSpan.FromSeconds(30))
        {
            if (clock.Elapsed >= nextRent)
            {
                nextRent += TimeSpan.FromMilliseconds(periodMilliseconds);
                if (threadPool)
                {
                    await Task.Run(() => Trickle(pool, servers, Volatile.Read(ref ticks)));
                }
                else
                {
                    Trickle(pool, servers, Volatile.Read(ref ticks));
                }
            }

            await Task.Delay(5);
        }

        // With the thread tier, each thread that served the trickle within the last idle period and a quarter keeps
        // one array in its hot slot (this method resumes on thread-pool threads after each delay, so "this thread" is
        // several too, and more on a busy machine); without it, the shard keeps one.
        int recent = servers.Count(s => s.Value >= Volatile.Read(ref ticks) - 6);
        int kept = threadLocalCache ? Math.Max(1, recent) : 1;
        ScalableArrayPoolStatistics after = pool.GetStatistics();
        Assert.True(
            after.RetainedArrays <= kept,
            $"After {clock.ElapsedMilliseconds} ms of a trickle every {periodMilliseconds} ms the pool kept {after.RetainedArrays} arrays ({after.RetainedBytes} bytes) of the burst's {Burst}; the trickle needs {kept}.");

        // Every array released is counted: each array the pool allocated is retained, dropped on return, or trimmed.
        Assert.Equal(0, after.Drops);
        Assert.Equal(after.Allocations - after.RetainedArrays, after.TrimmedArrays);
        Assert.Equal(after.AllocatedBytes - after.RetainedBytes, after.TrimmedBytes);
    }

    /// <summary>One rent and return, noting which thread served it at which probe tick.</summary>
    private static void Trickle(ScalableArrayPool<byte> pool, System.Collections.Concurrent.ConcurrentDictionary<int, int> servers, int tick)
    {
        pool.Return(pool.Rent(Length));
        servers[Environment.CurrentManagedThreadId] = tick;
    }
}
