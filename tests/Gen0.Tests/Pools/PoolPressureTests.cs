using Gen0.Memory;
using Gen0.Pools;

namespace Gen0.Tests.Pools;

/// <summary>
/// What a <see cref="Pool{T}"/> does when <see cref="MemoryPressure"/> calls it after a gen 2 collection (driven
/// directly; tests/Gen0.MemoryLimit.Tests proves it under a real heap limit).
/// </summary>
public sealed class PoolPressureTests
{
    [Fact]
    public void High_DropsEveryIdleObject_KeepsTheRentedOnes_AndCountsThem()
    {
        using var pool = NewPool();
        var objects = new List<PooledThing>();
        for (int i = 0; i < 6; i++)
        {
            objects.Add(pool.Rent());
        }

        PooledThing kept = objects[0];
        foreach (PooledThing item in objects.Skip(1))
        {
            pool.Return(item);
        }

        Assert.Equal(5, pool.GetStatistics().Retained);

        Notify(pool, MemoryPressureLevel.High);

        PoolStatistics after = pool.GetStatistics();
        Assert.Equal(0, after.Retained);
        Assert.Equal(5, after.TrimmedUnderPressure);
        Assert.Equal(5, after.Trimmed);
        Assert.Equal(1, after.Outstanding);
        Assert.Equal(ReturnResult.Kept, pool.Return(kept));
        Assert.Same(kept, pool.Rent());
    }

    [Fact]
    public async Task High_WhileAnObjectIsRentedAcrossAwait_LeavesItToItsRenter()
    {
        using var pool = NewPool();
        PooledThing rented = pool.Rent();
        await Task.Yield();

        Notify(pool, MemoryPressureLevel.High);
        ReturnResult result = await Task.Run(() => pool.Return(rented));

        Assert.Equal(ReturnResult.Kept, result);
        Assert.False(rented.IsDisposed);
        Assert.Equal(0, pool.GetStatistics().TrimmedUnderPressure);
        Assert.Equal(1, pool.GetStatistics().Retained);
    }

    [Fact]
    public void None_DropsNothing()
    {
        using var pool = NewPool();
        pool.Return(pool.Rent());

        Notify(pool, MemoryPressureLevel.None);

        Assert.Equal(1, pool.GetStatistics().Retained);
        Assert.Equal(0, pool.GetStatistics().TrimmedUnderPressure);
    }

    [Fact]
    public void Medium_DropsOnlyWhatNobodyReachedForSinceTheLastLook()
    {
        using var pool = NewPool();
        var objects = new[] { pool.Rent(), pool.Rent(), pool.Rent() };
        foreach (PooledThing item in objects)
        {
            pool.Return(item);
        }

        // The first look drops what sat unused since the pool's last look (its creation); the pool then keeps working.
        Notify(pool, MemoryPressureLevel.Medium);
        long first = pool.GetStatistics().TrimmedUnderPressure;
        Assert.InRange(first, 0, 3);

        PooledThing again = pool.Rent();
        pool.Return(again);
        Notify(pool, MemoryPressureLevel.Medium);
        Notify(pool, MemoryPressureLevel.Medium);

        // Nothing is left idle for two looks in a row; every drop was counted once.
        PoolStatistics after = pool.GetStatistics();
        Assert.Equal(0, after.Retained);
        Assert.Equal(after.Trimmed, after.TrimmedUnderPressure);
        Assert.Equal(after.Created, after.Dropped);
    }

    [Fact]
    public void DisposedPool_IgnoresTheNotification()
    {
        var pool = NewPool();
        pool.Return(pool.Rent());
        pool.Dispose();

        Notify(pool, MemoryPressureLevel.High);

        Assert.Equal(0, pool.GetStatistics().TrimmedUnderPressure);
    }

    private static Pool<PooledThing> NewPool()
    {
        var pool = new Pool<PooledThing>(new PoolOptions<PooledThing>
        {
            Factory = static () => new PooledThing(),
            MaxRetained = 8,
            TrimAfter = Timeout.InfiniteTimeSpan,
        });

        // Driven by hand only: the Medium test counts looks, and a real gen 2 collection would be one more.
        MemoryPressure.Unregister(pool);
        return pool;
    }

    private static void Notify(Pool<PooledThing> pool, MemoryPressureLevel level) =>
        ((IMemoryPressureListener)pool).OnGen2Collection(level, MemoryPressure.TotalAvailableBytes);
}
