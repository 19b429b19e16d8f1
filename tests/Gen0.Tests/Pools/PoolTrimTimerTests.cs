using Gen0.Pools;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Pools;

/// <summary>
/// Issue 44, for <see cref="Pool{T}"/>'s idle timer: a slow tick (an idle object whose <c>Dispose</c> takes a second) had
/// the next ticks queue behind its lock, and they then ran back to back, each finding the pool unmoved in the moment
/// since the one before: an object in use every few milliseconds was dropped as idle for a whole period. The period is
/// 250 ms, so that only a stall of the test thread that long (a loaded machine, a long collection) could drop the
/// object legitimately.
/// </summary>
public sealed class PoolTrimTimerTests
{
    [Fact]
    public void TicksQueuedBehindASlowOne_DoNotDropAnObjectInUse()
    {
        using var pool = new Pool<Disposable>(new PoolOptions<Disposable>
        {
            Factory = () => new Disposable(),
            TrimAfter = TimeSpan.FromMilliseconds(250),
            DisposeDropped = true,
        });
        Disposable inUse = pool.Rent();
        Disposable idle = pool.Rent();
        idle.Slow = true;
        pool.Return(inUse); // this thread's slot
        pool.Return(idle); // a shard, where the timer finds it idle and takes a second to drop it

        // Threads for the ticks that queue behind the slow one (on two cores the pool's two workers may be busy).
        ThreadPool.GetMinThreads(out int workers, out int completionPorts);
        ThreadPool.SetMinThreads(Math.Max(workers, 8), completionPorts);
        try
        {
            long end = Environment.TickCount64 + 20_000;
            while (!idle.Disposed.IsSet && Environment.TickCount64 < end)
            {
                UseOnce(pool, inUse);
            }

            Assert.True(idle.Disposed.IsSet, "The timer never dropped the idle object.");

            // After the slow tick: the object in use stays, whatever ticks waited meanwhile.
            long after = Environment.TickCount64 + 600;
            while (Environment.TickCount64 < after)
            {
                UseOnce(pool, inUse);
            }
        }
        finally
        {
            ThreadPool.SetMinThreads(workers, completionPorts);
        }

        Assert.False(inUse.Disposed.IsSet, "An object in use every 2 ms was dropped as idle.");
        Assert.Equal(1, pool.GetStatistics().Trimmed);
    }

    private static void UseOnce(Pool<Disposable> pool, Disposable expected)
    {
        Disposable rented = pool.Rent();
        Assert.Same(expected, rented);
        pool.Return(rented);
        Thread.Sleep(2);
    }

    private sealed class Disposable : IDisposable
    {
        public volatile bool Slow;

        public ManualResetEventSlim Disposed { get; } = new();

        public void Dispose()
        {
            if (Slow)
            {
                Thread.Sleep(1_000);
            }

            Disposed.Set();
        }
    }
}
