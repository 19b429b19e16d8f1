using System.Diagnostics.Tracing;
using Gen0.Buffers;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Buffers;

/// <summary>
/// Issue 44: the idle timer's ticks never overlap. With a 40 ms <c>TrimAfter</c> the timer ticks every 10 ms, and a
/// tick slower than that (here a listener on its <c>Trimmed</c> event that takes 150 ms) had the thread pool run the next
/// ones beside it.
/// </summary>
public sealed class ScalableArrayPoolTrimTimerTests
{
    [PlatformFact(Requires.EventListener, "The slow tick is a listener on the pool's Trimmed event.")]
    public void ASlowTick_IsNotOverlappedByTheNextOnes()
    {
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions
        {
            Name = "ticks-" + Guid.NewGuid().ToString("N"),
            ThreadLocalCache = false,
            ShardCount = 1,
            TrimAfter = TimeSpan.FromMilliseconds(40),
        });
        using var listener = new SlowTrimmedListener(pool.Name);

        // Threads for overlapping ticks to run on: on two cores the thread pool's two workers may be this test's and the
        // sleeping tick's, and a pool that adds a thread only after half a second of starvation would hide the overlap.
        ThreadPool.GetMinThreads(out int workers, out int completionPorts);
        ThreadPool.SetMinThreads(Math.Max(workers, 8), completionPorts);
        try
        {
            // A steady supply of arrays going idle, so that every tick releases some and raises the event; until four
            // slow ticks ran (a loaded machine, or the test host starting, runs timers late), 20 s at most.
            long end = Environment.TickCount64 + 20_000;
            while (listener.Events < 4 && Environment.TickCount64 < end)
            {
                pool.Return(new byte[16]);
                Thread.Sleep(2);
            }
        }
        finally
        {
            ThreadPool.SetMinThreads(workers, completionPorts);
        }

        Assert.True(listener.Events >= 4, $"Only {listener.Events} idle trims were seen: the test did not exercise the timer. {pool.GetStatistics()}");
        Assert.Equal(1, listener.MostAtOnce);
    }

    private sealed class SlowTrimmedListener(string poolName) : EventListener
    {
        private int _running;
        private int _mostAtOnce;
        private int _events;

        public int MostAtOnce => Volatile.Read(ref _mostAtOnce);

        public int Events => Volatile.Read(ref _events);

        protected override void OnEventSourceCreated(EventSource eventSource)
        {
            if (eventSource.Name == "Gen0-Buffers")
            {
                EnableEvents(eventSource, EventLevel.Informational);
            }
        }

        protected override void OnEventWritten(EventWrittenEventArgs eventData)
        {
            if (eventData.EventName != "Trimmed" || eventData.Payload is not { } payload || !Equals(payload[1], poolName)
                || !Equals(payload[4], "Idle"))
            {
                return;
            }

            int now = Interlocked.Increment(ref _running);
            int most;
            while (now > (most = Volatile.Read(ref _mostAtOnce)) && Interlocked.CompareExchange(ref _mostAtOnce, now, most) != most)
            {
            }

            Interlocked.Increment(ref _events);
            Thread.Sleep(150);
            Interlocked.Decrement(ref _running);
        }
    }
}
