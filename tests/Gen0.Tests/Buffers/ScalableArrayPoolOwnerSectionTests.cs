using Gen0.Buffers;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Buffers;

/// <summary>
/// Issue 44: an owner thread inside a return's section (its cache marked busy) while something goes wrong around it.
/// The owner is stopped at a known point: a trimmer's request makes its next full return take the cache's lock, which
/// the test holds. From there the return is interrupted (an exception out of <c>Return</c> left the cache marked busy
/// for good, so no trim could take its reservations back), or the pool is disposed (disposal emptied the cache with no
/// handshake, and the owner then stored its array and a new reservation into a disposed pool).
/// </summary>
public sealed class ScalableArrayPoolOwnerSectionTests
{
    private const int Length = 4096;

    [Fact]
    public void AReturnThatThrowsInsideItsSection_LeavesTheCacheQuiet_SoATrimTakesItsReservationsBack()
    {
        using var pool = NewPool();
        using var owner = new StoppedOwner(pool);
        Exception? thrown = null;
        lock (owner.Cache)
        {
            owner.ReturnSecond(() => thrown = Record.Exception(owner.DoReturn));
            owner.WaitBlockedOnCacheLock();
            owner.Thread.Interrupt();
            Bounded.Wait(owner.Returned);
        }

        Assert.IsType<ThreadInterruptedException>(thrown);
        Assert.False(ThreadCacheProbe.IsBusy(owner.Cache));

        pool.Trim();
        ScalableArrayPoolStatistics stats = pool.GetStatistics();
        Assert.True(stats.ReservedBytes == 0, stats.ToString());
        Assert.Equal(0, stats.RetainedBytes);

        // The owner goes on using the pool.
        owner.Run(() => pool.Return(pool.Rent(Length)));
        Assert.Equal(Length, pool.GetStatistics().RetainedBytes);
    }

    [Fact]
    public void DisposeWhileAnOwnerIsInsideAReturn_WaitsForTheSection_AndLeavesNothingCharged()
    {
        var pool = NewPool();
        using var owner = new StoppedOwner(pool);
        using var disposed = new ManualResetEventSlim();
        var disposer = new Thread(() =>
        {
            pool.Dispose();
            disposed.Set();
        });
        lock (owner.Cache)
        {
            owner.ReturnSecond(owner.DoReturn);
            owner.WaitBlockedOnCacheLock();
            disposer.Start();

            // Disposal must not finish while the owner is inside its section (it did, emptying the cache under it).
            Assert.False(disposed.Wait(TimeSpan.FromMilliseconds(200)), "Dispose emptied the cache while its owner was inside a return.");
        }

        Bounded.Wait(owner.Returned);
        Bounded.Join(disposer);
        ScalableArrayPoolStatistics stats = pool.GetStatistics();
        Assert.True(stats.ReservedBytes == 0, stats.ToString());
        Assert.Equal(0, stats.RetainedBytes);
        Assert.Equal(2, stats.TrimmedArrays);

        // Later returns on that thread drop, and its rents throw.
        owner.Run(() => pool.Return(new byte[Length]));
        Assert.Equal(1, pool.GetStatistics().DropsPoolDisposed);
        owner.Run(() => Assert.Throws<ObjectDisposedException>(() => pool.Rent(Length)));
    }

    private static ScalableArrayPool<byte> NewPool() => new(new ScalableArrayPoolOptions
    {
        MaxRetainedBytes = 1 << 20,
        ShardCount = 1,
        TrimAfter = Timeout.InfiniteTimeSpan,
    });

    /// <summary>
    /// A thread that rents two arrays and returns the first (into its hot slot), then, when told, returns the second:
    /// with the hot slot full that is a full return, which reads the release request the test sets first.
    /// </summary>
    private sealed class StoppedOwner : IDisposable
    {
        private readonly ScalableArrayPool<byte> _pool;
        private readonly WorkerThread _worker = new();
        private byte[]? _second;
        private volatile bool _returning;

        public StoppedOwner(ScalableArrayPool<byte> pool)
        {
            _pool = pool;
            _worker.Run(() =>
            {
                Thread = Thread.CurrentThread;
                byte[] first = pool.Rent(Length);
                _second = pool.Rent(Length);
                pool.Return(first);
            });
            Cache = ThreadCacheProbe.Single(pool);
        }

        public Thread Thread { get; private set; } = null!;

        public object Cache { get; }

        public ManualResetEventSlim Returned { get; } = new();

        public void DoReturn()
        {
            _returning = true;
            _pool.Return(_second!);
        }

        /// <summary>Starts the second return on the owner (not waiting for it); call while holding <see cref="Cache"/>.</summary>
        public void ReturnSecond(Action doReturn)
        {
            ThreadCacheProbe.RequestRelease(Cache);
            _worker.Post(() =>
            {
                doReturn();
                Returned.Set();
            });
        }

        /// <summary>Waits until the owner, inside its return, waits for the cache's lock.</summary>
        public void WaitBlockedOnCacheLock()
        {
            var spin = default(SpinWait);
            long deadline = Environment.TickCount + (int)Watchdog.DefaultTimeout.TotalMilliseconds;
            while (!_returning || (Thread.ThreadState & ThreadState.WaitSleepJoin) == 0)
            {
                if (Environment.TickCount - deadline > 0)
                {
                    throw new TimeoutException("The owner did not reach the cache's lock.");
                }

                spin.SpinOnce();
            }

            Assert.True(ThreadCacheProbe.IsBusy(Cache), "The owner should be inside its section.");
        }

        public void Run(Action action) => _worker.Run(action);

        public void Dispose()
        {
            _worker.Dispose();
            Returned.Dispose();
        }
    }
}
