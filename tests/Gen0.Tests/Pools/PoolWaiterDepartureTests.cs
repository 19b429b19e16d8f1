using Gen0.Pools;
using Gen0.Tests.Infrastructure;
using Xunit;

namespace Gen0.Tests.Pools;

/// <summary>
/// Regression for issue 14, defect 2: a waiter that leaves (timeout, cancellation, exception, dispose) must leave
/// the wait queue, so that no returned object is handed to it and the pool's capacity stays whole.
/// </summary>
public class PoolWaiterDepartureTests
{
    private static Pool<PooledThing> OneObjectPool(TimeSpan? waitTimeout = null) => new(new PoolOptions<PooledThing>
    {
        Factory = () => new PooledThing(),
        MaxSize = 1,
        WhenExhausted = PoolExhaustedBehavior.Wait,
        WaitTimeout = waitTimeout ?? Timeout.InfiniteTimeSpan,
        TrimAfter = Timeout.InfiniteTimeSpan,
    });

    public static TheoryData<TimeSpan> BadTimeouts => new()
    {
        TimeSpan.FromMilliseconds(int.MaxValue + 1.0),
        TimeSpan.FromDays(30),
        TimeSpan.MaxValue,
        TimeSpan.FromMilliseconds(-2),
        TimeSpan.MinValue,
    };

    [Theory]
    [MemberData(nameof(BadTimeouts))]
    public void WaitTimeout_OutOfTaskWaitRange_IsRejectedAtConstruction(TimeSpan timeout) =>
        Assert.Throws<ArgumentOutOfRangeException>(() => OneObjectPool(timeout));

    [Fact]
    public void WaitTimeout_Limits_AreAccepted()
    {
        OneObjectPool(TimeSpan.Zero).Dispose();
        OneObjectPool(TimeSpan.FromMilliseconds(int.MaxValue)).Dispose();
        OneObjectPool(Timeout.InfiniteTimeSpan).Dispose();
    }

    [Fact]
    public async Task CancelWhileWaiting_LeavesQueue_CapacityIntact()
    {
        using Pool<PooledThing> pool = OneObjectPool();
        PooledThing held = pool.Rent();
        using var cts = new CancellationTokenSource();
        ValueTask<PooledThing> waiting = pool.RentAsync(cts.Token);
        Assert.Equal(1, pool.WaitingCount);
        await cts.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await waiting);
        AssertIntact(pool, held);
    }

    [Fact]
    public async Task TimeoutWhileWaiting_Async_LeavesQueue_CapacityIntact()
    {
        using Pool<PooledThing> pool = OneObjectPool(TimeSpan.FromMilliseconds(30));
        PooledThing held = pool.Rent();
        await Assert.ThrowsAsync<TimeoutException>(async () => await pool.RentAsync());
        AssertIntact(pool, held);
    }

    [Fact]
    public void TimeoutWhileWaiting_Sync_LeavesQueue_CapacityIntact()
    {
        using Pool<PooledThing> pool = OneObjectPool(TimeSpan.FromMilliseconds(30));
        PooledThing held = pool.Rent();
        Watchdog.Run(() => Assert.Throws<TimeoutException>(() => pool.Rent()), what: "timed-out Rent");
        Watchdog.Run(() => Assert.Throws<TimeoutException>(() => pool.Lease()), what: "timed-out Lease");
        AssertIntact(pool, held);
    }

    [Fact]
    public async Task AlreadyCanceledToken_NeitherWaitsNorRegisters()
    {
        using Pool<PooledThing> pool = OneObjectPool();
        PooledThing held = pool.Rent();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await pool.RentAsync(new CancellationToken(canceled: true)));
        AssertIntact(pool, held);
    }

    [Fact]
    public async Task DisposeWhileWaiting_FailsEveryWaiter_WithObjectDisposed()
    {
        Pool<PooledThing> pool = OneObjectPool();
        PooledThing held = pool.Rent();
        ValueTask<PooledThing> asyncWaiter = pool.RentAsync();
        Task syncWaiter = Task.Run(() => Assert.Throws<ObjectDisposedException>(() => pool.Rent()));
        await Watchdog.RunAsync(async () => { while (pool.WaitingCount < 2) { await Task.Delay(5); } }, what: "two waiters registered");
        pool.Dispose();
        await Assert.ThrowsAsync<ObjectDisposedException>(async () => await asyncWaiter);
        await Watchdog.RunAsync(() => syncWaiter, what: "sync waiter fails");
        Assert.Equal(0, pool.WaitingCount);
        Assert.Equal(ReturnResult.DroppedPoolDisposed, pool.Return(held));
        Assert.Equal(0, pool.LiveCount);
    }

    [Fact]
    public async Task ReturnRacingWithCancelAndTimeout_NoObjectEverLost()
    {
        using Pool<PooledThing> pool = OneObjectPool(TimeSpan.FromMilliseconds(2));
        var random = new Random(14);
        await Watchdog.RunAsync(
            async () =>
            {
                for (int i = 0; i < 300; i++)
                {
                    PooledThing held = pool.Rent();
                    using var cts = new CancellationTokenSource();
                    ValueTask<PooledThing> waiting = pool.RentAsync(cts.Token);
                    int mode = random.Next(3);
                    Task returner = Task.Run(() =>
                    {
                        Thread.SpinWait(random.Next(2_000));
                        pool.Return(held);
                    });
                    if (mode == 0)
                    {
                        cts.Cancel();
                    }

                    PooledThing? got = null;
                    try
                    {
                        got = await waiting;
                    }
                    catch (Exception ex) when (ex is OperationCanceledException or TimeoutException)
                    {
                    }

                    await returner;
                    if (got is not null)
                    {
                        pool.Return(got);
                    }

                    Assert.Equal(0, pool.WaitingCount);
                    Assert.True(pool.TryRent(out PooledThing? next), $"round {i}: the one object was lost");
                    pool.Return(next);
                    Assert.Equal(1, pool.LiveCount);
                }
            },
            TimeSpan.FromSeconds(60),
            "return racing with cancel and timeout");

        PoolStatistics stats = pool.GetStatistics();
        Assert.Equal(1, stats.Created);
        Assert.Equal(0, stats.Outstanding);
    }

    [Fact]
    public async Task ManyWaitersTimingOutBehindAStuckHead_DoNotAccumulate()
    {
        using Pool<PooledThing> pool = OneObjectPool(TimeSpan.FromMilliseconds(1));
        PooledThing held = pool.Rent();
        for (int i = 0; i < 200; i++)
        {
            await Assert.ThrowsAsync<TimeoutException>(async () => await pool.RentAsync());
        }

        Assert.Equal(0, pool.WaitingCount);
        AssertIntact(pool, held);
    }

    /// <summary>No waiter is left; the held object, returned, goes to the next renter at once; the counts add up.</summary>
    private static void AssertIntact(Pool<PooledThing> pool, PooledThing held)
    {
        Assert.Equal(0, pool.WaitingCount);
        Assert.Equal(ReturnResult.Kept, pool.Return(held));
        Assert.True(pool.TryRent(out PooledThing? next), "the returned object went to a departed waiter");
        Assert.Same(held, next);
        pool.Return(next);
        PoolStatistics stats = pool.GetStatistics();
        Assert.Equal(1, stats.Live);
        Assert.Equal(0, stats.Outstanding);
        Assert.Equal(1, stats.Created);
    }
}
