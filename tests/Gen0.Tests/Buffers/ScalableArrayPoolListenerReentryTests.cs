using System.Diagnostics.Tracing;
using Gen0.Buffers;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Buffers;

/// <summary>
/// Issue 44: an in-process <see cref="EventListener"/> that calls back into the pool from one of its events. An owner
/// raises its events inside its section, under the cache's lock while a trimmer is at work; the trimmer held the
/// registry lock and waited for that cache's lock, and the listener's <c>GetStatistics()</c> or <c>Trim()</c> waited
/// for the registry lock: both threads hung. A watchdog fails the test instead of the run.
/// </summary>
public sealed class ScalableArrayPoolListenerReentryTests
{
    private const int Length = 4096;

    [PlatformTheory(Requires.EventListener, "The deadlock needs the listener to see the pool's events.")]
    [InlineData(false)]
    [InlineData(true)]
    public void AListenerThatCallsThePoolFromItsEvents_DoesNotDeadlockAgainstATrimmer(bool trimFromListener)
    {
        // Disposed only if nothing hung: disposal takes the lock a deadlocked trimmer holds.
        var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions
        {
            Name = "reentry-" + Guid.NewGuid().ToString("N"),
            ShardCount = 1,
            TrimAfter = Timeout.InfiniteTimeSpan,
        });
        var listener = new CallingBackListener(pool, trimFromListener);
        int stop = 0;
        long ownerReturns = 0;
        long trims = 0;
        var owner = new Thread(() =>
        {
            listener.Owner = Thread.CurrentThread;
            while (Volatile.Read(ref stop) == 0)
            {
                byte[] a = pool.Rent(Length);
                byte[] b = pool.Rent(Length);
                pool.Return(b);
                pool.Return(a);
                ownerReturns += 2;
            }
        }) { IsBackground = true };
        var trimmer = new Thread(() =>
        {
            while (Volatile.Read(ref stop) == 0)
            {
                pool.Trim();
                trims++;
            }
        }) { IsBackground = true };

        Watchdog.Run(
            () =>
            {
                owner.Start();
                trimmer.Start();
                Thread.Sleep(1_500);
                Volatile.Write(ref stop, 1);
                owner.Join();
                trimmer.Join();
            },
            TimeSpan.FromSeconds(20),
            "an owner whose listener calls the pool, beside a trimmer");

        ScalableArrayPoolStatistics stats = pool.GetStatistics();
        listener.Dispose();
        pool.Dispose();
        Assert.True(listener.Calls > 0, "The listener never called the pool.");
        Assert.True(trims > 0 && ownerReturns > 0, $"{trims} trims, {ownerReturns} returns");
        Assert.Equal(0, stats.DropsDoubleReturn);
        Assert.Equal(stats.Rents, stats.Returns);
    }

    /// <summary>Calls the pool from the owner thread's <c>Returned</c> events of that pool (only: other tests' pools raise them too).</summary>
    private sealed class CallingBackListener : EventListener
    {
        private readonly ScalableArrayPool<byte> _pool;
        private readonly bool _trim;
        private volatile Thread? _owner;
        private int _calls;

        public CallingBackListener(ScalableArrayPool<byte> pool, bool trim)
        {
            _pool = pool;
            _trim = trim;
        }

        public Thread? Owner
        {
            get => _owner;
            set => _owner = value;
        }

        public int Calls => Volatile.Read(ref _calls);

        protected override void OnEventSourceCreated(EventSource eventSource)
        {
            if (eventSource.Name == "Gen0-Buffers")
            {
                EnableEvents(eventSource, EventLevel.Verbose);
            }
        }

        protected override void OnEventWritten(EventWrittenEventArgs eventData)
        {
            // The pool field is read here, not in the constructor: the base constructor raises OnEventSourceCreated first.
            if (_pool is null || !ReferenceEquals(Thread.CurrentThread, Owner) || eventData.EventName != "Returned"
                || eventData.Payload is not { } payload || !Equals(payload[0], _pool.EventPoolId))
            {
                return;
            }

            Interlocked.Increment(ref _calls);
            if (_trim)
            {
                _pool.Trim();
            }
            else
            {
                _ = _pool.GetStatistics();
            }
        }
    }
}
