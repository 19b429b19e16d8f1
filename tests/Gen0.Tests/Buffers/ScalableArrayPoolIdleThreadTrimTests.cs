using Gen0.Buffers;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Buffers;

/// <summary>
/// Issue 14 defect 8: threads that used a pool and then sit idle kept their thread-local reservations after
/// <c>Trim()</c>, so the whole budget stayed charged and every later return from other threads was dropped
/// <c>OverBudget</c>. Trimming gives the budget back, and the statistics stay exact.
/// </summary>
public sealed class ScalableArrayPoolIdleThreadTrimTests
{
    private const long Budget = 64 * 1024;
    private const int IdleThreads = 4;

    [Fact]
    public void Trim_GivesBackTheReservationsOfIdleThreads_SoOtherThreadsPoolAgain()
    {
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { MaxRetainedBytes = Budget, ShardCount = 1 });
        using var release = new ManualResetEventSlim();
        using var ready = new CountdownEvent(IdleThreads);
        var threads = new Thread[IdleThreads];
        Exception? error = null;
        for (int t = 0; t < IdleThreads; t++)
        {
            threads[t] = new Thread(() =>
            {
                try
                {
                    // 4 nested 4 KiB rents: one stays in the thread's slot (its share of the budget), three go to the shard.
                    byte[][] arrays = [pool.Rent(4096), pool.Rent(4096), pool.Rent(4096), pool.Rent(4096)];
                    foreach (byte[] array in arrays)
                    {
                        pool.Return(array);
                    }

                    ready.Signal();
                    Bounded.Wait(release);

                    // Back to work after the trim: rent and return again, the budget is charged anew.
                    pool.Return(pool.Rent(4096));
                }
                catch (Exception e)
                {
                    error = e;
                }
            });
            threads[t].Start();
        }

        Watchdog.Run(() => ready.Wait(), TimeSpan.FromSeconds(30), "idle threads to fill their caches");
        ScalableArrayPoolStatistics full = pool.GetStatistics();

        // Each idle thread keeps its share (one 4 KiB slot: a sixteenth of the budget); the rest is in the shard.
        Assert.InRange(full.ReservedBytes, IdleThreads * 4096, Budget);
        Assert.InRange(full.RetainedBytes, IdleThreads * 4096, full.ReservedBytes);

        pool.Trim();
        ScalableArrayPoolStatistics trimmed = pool.GetStatistics();
        Assert.Equal(0, trimmed.RetainedBytes);
        Assert.Equal(0, trimmed.RetainedArrays);
        Assert.Equal(0, trimmed.ReservedBytes);
        Assert.Equal(full.RetainedBytes, trimmed.TrimmedBytes);

        // Another thread (this one) pools again: nothing dropped OverBudget.
        byte[] mine = pool.Rent(4096);
        byte[] mine2 = pool.Rent(8192);
        pool.Return(mine);
        pool.Return(mine2);
        ScalableArrayPoolStatistics after = pool.GetStatistics();
        Assert.Equal(0, after.DropsOverBudget);
        Assert.Equal(4096 + 8192, after.RetainedBytes);
        Assert.Equal(4096 + 8192, after.ReservedBytes);

        release.Set();
        Watchdog.Run(
            () =>
            {
                foreach (Thread thread in threads)
                {
                    Bounded.Join(thread);
                }
            },
            TimeSpan.FromSeconds(30),
            "idle threads to finish");
        Assert.Null(error);

        ScalableArrayPoolStatistics end = pool.GetStatistics();
        Assert.InRange(end.RetainedBytes, 0, end.ReservedBytes);
        Assert.InRange(end.ReservedBytes, 0, Budget);
        Assert.Equal(end.Rents, end.Hits + end.Allocations);
        Assert.Equal(0, end.DropsOverBudget);
    }

    [Fact]
    public void IdleTrim_GivesBackTheReservationsOfIdleThreads()
    {
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions
        {
            MaxRetainedBytes = Budget,
            ShardCount = 1,
            TrimAfter = TimeSpan.FromMilliseconds(50),
        });
        using var release = new ManualResetEventSlim();
        using var ready = new ManualResetEventSlim();
        var idle = new Thread(() =>
        {
            byte[] a = pool.Rent(32 * 1024);
            byte[] b = pool.Rent(32 * 1024);
            pool.Return(a);
            pool.Return(b);
            ready.Set();
            Bounded.Wait(release);
        });
        idle.Start();
        try
        {
            Watchdog.Run(() => ready.Wait(), TimeSpan.FromSeconds(30), "the idle thread to fill its cache");
            Assert.Equal(Budget, pool.GetStatistics().ReservedBytes);
            Watchdog.Run(
                () =>
                {
                    while (pool.GetStatistics().ReservedBytes != 0)
                    {
                        Thread.Sleep(10);
                    }
                },
                TimeSpan.FromSeconds(20),
                "the idle timer to give the idle thread's reservations back");

            byte[] mine = pool.Rent(32 * 1024);
            pool.Return(mine);
            Assert.Equal(0, pool.GetStatistics().DropsOverBudget);
        }
        finally
        {
            release.Set();
            Bounded.Join(idle);
        }
    }

    [Fact]
    public void TrimRacingBusyOwners_KeepsTheBudgetAndNeverHandsAnArrayOutTwice() => Seeds.Run(Seeds.Fresh, () =>
    {
        const long budget = 256 * 1024;
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { MaxRetainedBytes = budget, ShardCount = 2 });
        int threads = Environment.ProcessorCount * 2 + 1;
        using var stop = new CancellationTokenSource();
        int violations = 0;
        long maxReserved = 0;
        var workers = new Thread[threads];
        for (int t = 0; t < threads; t++)
        {
            int id = t + 1;
            workers[t] = new Thread(() =>
            {
                var random = new Random(Seeds.ForWorker(Seeds.Fresh, id));
                var held = new List<byte[]>();
                while (!stop.IsCancellationRequested)
                {
                    if (held.Count < 4 && random.Next(2) == 0)
                    {
                        byte[] array = pool.Rent(16 << random.Next(0, 10));
                        array[0] = (byte)id;
                        held.Add(array);
                    }
                    else if (held.Count > 0)
                    {
                        byte[] array = held[^1];
                        held.RemoveAt(held.Count - 1);
                        if (array[0] != (byte)id)
                        {
                            Interlocked.Increment(ref violations);
                        }

                        pool.Return(array);
                    }
                }

                foreach (byte[] array in held)
                {
                    pool.Return(array);
                }
            });
            workers[t].Start();
        }

        Watchdog.Run(
            () =>
            {
                for (int i = 0; i < 200; i++)
                {
                    pool.Trim();
                    maxReserved = Math.Max(maxReserved, pool.GetStatistics().ReservedBytes);
                    Thread.Sleep(1);
                }

                stop.Cancel();
                foreach (Thread worker in workers)
                {
                    Bounded.Join(worker);
                }
            },
            TimeSpan.FromSeconds(60),
            "trims racing busy owners");

        Assert.Equal(0, violations);
        Assert.InRange(maxReserved, 0, budget);
        pool.Trim();
        ScalableArrayPoolStatistics end = pool.GetStatistics();
        Assert.Equal(0, end.RetainedBytes);
        Assert.Equal(end.Rents, end.Hits + end.Allocations);
    });
}
