using Gen0.Pools;
using Xunit;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Pools;

public class PoolWaitTests
{
    private static Pool<PooledThing> WaitingPool(int maxSize, TimeSpan? timeout = null) =>
        new(new PoolOptions<PooledThing>
        {
            Factory = () => new PooledThing(),
            MaxSize = maxSize,
            WhenExhausted = PoolExhaustedBehavior.Wait,
            WaitTimeout = timeout ?? Timeout.InfiniteTimeSpan,
            TrimAfter = Timeout.InfiniteTimeSpan,
        });

    [Fact]
    public async Task RentAsync_CompletesSynchronously_WhenAnObjectIsAvailable()
    {
        using Pool<PooledThing> pool = WaitingPool(1);
        ValueTask<PooledThing> rent = pool.RentAsync();
        Assert.True(rent.IsCompletedSuccessfully);
        pool.Return(await rent);
    }

    [Fact]
    public async Task RentAsync_WaitsWithoutBlocking_UntilAReturn()
    {
        using Pool<PooledThing> pool = WaitingPool(1);
        PooledThing held = await pool.RentAsync();
        ValueTask<PooledThing> waiting = pool.RentAsync();
        Assert.False(waiting.IsCompleted);
        Assert.Equal(1, pool.WaitingCount);
        Assert.Equal(ReturnResult.Kept, pool.Return(held));
        PooledThing served = await waiting.AsTask().WaitAsync(TimeSpan.FromSeconds(10));
        Assert.Same(held, served);
        Assert.Equal(0, pool.WaitingCount);
        Assert.Equal(1, pool.LiveCount);
    }

    [Fact]
    public async Task RentAsync_ServesWaitersInFifoOrder()
    {
        using Pool<PooledThing> pool = WaitingPool(1);
        PooledThing held = pool.Rent();
        var waiters = Enumerable.Range(0, 5).Select(_ => pool.RentAsync().AsTask()).ToList();
        Assert.Equal(5, pool.WaitingCount);
        var order = new List<int>();
        PooledThing current = held;
        for (int i = 0; i < waiters.Count; i++)
        {
            pool.Return(current);
            Task<PooledThing> done = await Task.WhenAny(waiters.Where(w => !order.Contains(waiters.IndexOf(w)))).WaitAsync(TimeSpan.FromSeconds(10));
            order.Add(waiters.IndexOf(done));
            current = await done;
            Assert.Same(held, current);
            await Task.Delay(10); // room for a wrongly woken second waiter to complete: nothing to wait for when correct
            Assert.Equal(i + 1, waiters.Count(w => w.IsCompleted)); // exactly one waiter served per return
        }

        Assert.Equal([0, 1, 2, 3, 4], order);
        pool.Return(current);
    }

    [Fact]
    public async Task RentAsync_Cancellation_LeavesThePoolIntact()
    {
        using Pool<PooledThing> pool = WaitingPool(1);
        PooledThing held = pool.Rent();
        using var cts = new CancellationTokenSource();
        ValueTask<PooledThing> waiting = pool.RentAsync(cts.Token);
        Task<PooledThing> second = pool.RentAsync().AsTask();
        cts.Cancel();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await waiting);
        Assert.Equal(1, pool.WaitingCount);

        // The canceled waiter is skipped: the object goes to the next one, not lost.
        pool.Return(held);
        Assert.Same(held, await second.WaitAsync(TimeSpan.FromSeconds(10)));
        Assert.Equal(0, pool.WaitingCount);
    }

    [Fact]
    public async Task RentAsync_AlreadyCanceledToken_Throws()
    {
        using Pool<PooledThing> pool = WaitingPool(1);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await pool.RentAsync(new CancellationToken(canceled: true)));
        Assert.Equal(0, pool.LiveCount);
    }

    [Fact]
    public async Task RentAsync_TimesOut_AndForgetsTheWaiter()
    {
        using Pool<PooledThing> pool = WaitingPool(1, TimeSpan.FromMilliseconds(50));
        PooledThing held = pool.Rent();
        TimeoutException ex = await Assert.ThrowsAsync<TimeoutException>(async () => await pool.RentAsync());
        Assert.Contains("MaxSize", ex.Message, StringComparison.Ordinal);
        Assert.Equal(0, pool.WaitingCount);
        Assert.Equal(ReturnResult.Kept, pool.Return(held));
        Assert.Equal(1, pool.Count);
    }

    [Fact]
    public void Rent_BlocksUntilAnotherThreadReturns()
    {
        using Pool<PooledThing> pool = WaitingPool(1, TimeSpan.FromSeconds(10));
        PooledThing held = pool.Rent();
        // Returns once the renter below is waiting (not after a sleep that hopes it is).
        var returner = new Thread(() =>
        {
            Bounded.Until(() => pool.WaitingCount == 1, "the renter to wait");
            pool.Return(held);
        });
        returner.Start();
        Assert.Same(held, pool.Rent());
        Bounded.Join(returner);
    }

    [Fact]
    public void Rent_TimesOut()
    {
        using Pool<PooledThing> pool = WaitingPool(1, TimeSpan.FromMilliseconds(30));
        PooledThing held = pool.Rent();
        Assert.Throws<TimeoutException>(() => pool.Rent());
        Assert.Throws<TimeoutException>(() => pool.Lease());
        Assert.Equal(0, pool.WaitingCount);
        Assert.False(pool.TryRent(out _));
        pool.Return(held);
        Assert.True(pool.TryRent(out _));
    }

    [Fact]
    public async Task ADrop_LetsAWaiterCreateANewObject()
    {
        using var pool = new Pool<PooledThing>(new PoolOptions<PooledThing>
        {
            Factory = () => new PooledThing(),
            MaxSize = 1,
            MaxRetained = 0,
            TrimAfter = Timeout.InfiniteTimeSpan,
        });
        PooledThing held = pool.Rent();
        Task<PooledThing> waiting = pool.RentAsync().AsTask();
        Assert.Equal(ReturnResult.Dropped, pool.Return(held));
        PooledThing fresh = await waiting.WaitAsync(TimeSpan.FromSeconds(10));
        Assert.NotSame(held, fresh);
        Assert.Equal(1, pool.LiveCount);
    }

    [Fact]
    public async Task Dispose_FailsWaiters()
    {
        var pool = WaitingPool(1);
        pool.Rent();
        Task<PooledThing> waiting = pool.RentAsync().AsTask();
        pool.Dispose();
        await Assert.ThrowsAsync<ObjectDisposedException>(() => waiting.WaitAsync(TimeSpan.FromSeconds(10)));
        Assert.Equal(0, pool.WaitingCount);
    }
}
