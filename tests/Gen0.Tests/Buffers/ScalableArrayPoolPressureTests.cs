using Gen0.Buffers;
using Gen0.Memory;

namespace Gen0.Tests.Buffers;

/// <summary>
/// What a pool does when <see cref="MemoryPressure"/> calls it after a gen 2 collection (driven directly here; the
/// child-process suite, tests/Gen0.MemoryLimit.Tests, proves it under a real heap limit).
/// </summary>
public sealed class ScalableArrayPoolPressureTests
{
    private const int Length = 64 * 1024;

    [Fact]
    public void High_ReleasesEverythingNotRented_AndCountsItAsPressure()
    {
        using var pool = NewPool(threadLocal: true);
        byte[] rented = pool.Rent(Length);
        FillFromOtherThreads(pool);
        ScalableArrayPoolStatistics before = pool.GetStatistics();
        Assert.True(before.RetainedBytes > 0);

        Notify(pool, MemoryPressureLevel.High);

        ScalableArrayPoolStatistics after = pool.GetStatistics();
        Assert.Equal(0, after.RetainedArrays);
        Assert.Equal(0, after.ReservedBytes);
        Assert.Equal(before.RetainedBytes, after.PressureTrimmedBytes);
        Assert.Equal(before.RetainedArrays, after.PressureTrimmedArrays);
        Assert.Equal(after.TrimmedBytes, after.PressureTrimmedBytes);

        // The rented array is the renter's still, and the pool keeps working.
        pool.Return(rented);
        Assert.Same(rented, pool.Rent(Length));
    }

    [Fact]
    public void Medium_ReleasesWhatAnEarlierLookSawUnused_AndKeepsWhatWasUsedSince()
    {
        using var pool = NewPool(threadLocal: false);
        var small = new byte[4][];
        var large = new byte[4][];
        for (int i = 0; i < 4; i++)
        {
            small[i] = pool.Rent(Length);
            large[i] = pool.Rent(Length * 2);
        }

        foreach (byte[] array in small.Concat(large))
        {
            pool.Return(array);
        }

        Notify(pool, MemoryPressureLevel.Medium);
        Assert.Equal(0, pool.GetStatistics().PressureTrimmedArrays);

        // One small array used between the looks stays (issue 43: the low-water mark of the class, not the whole class
        // because one of its arrays moved); the three others and the large class go.
        pool.Return(pool.Rent(Length));
        Notify(pool, MemoryPressureLevel.Medium);

        ScalableArrayPoolStatistics after = pool.GetStatistics();
        Assert.Equal(7, after.PressureTrimmedArrays);
        Assert.Equal((4L * Length * 2) + (3L * Length), after.PressureTrimmedBytes);
        Assert.Equal(1, after.RetainedArrays);
    }

    [Fact]
    public async Task High_WhileAnArrayIsRentedAcrossAwait_LeavesItToItsRenter()
    {
        using var pool = NewPool(threadLocal: true);
        byte[] rented = pool.Rent(Length);
        rented.AsSpan().Fill(7);
        await Task.Yield();

        Notify(pool, MemoryPressureLevel.High);
        await Task.Run(() => pool.Return(rented));

        Assert.True(rented.AsSpan().IndexOfAnyExcept((byte)7) < 0, "the release touched a rented array");
        ScalableArrayPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(0, stats.PressureTrimmedArrays);
        Assert.Equal(1, stats.RetainedArrays);
    }

    [Fact]
    public void None_ReleasesNothing()
    {
        using var pool = NewPool(threadLocal: false);
        pool.Return(pool.Rent(Length));

        Notify(pool, MemoryPressureLevel.None);
        Notify(pool, MemoryPressureLevel.None);

        Assert.Equal(1, pool.GetStatistics().RetainedArrays);
        Assert.Equal(0, pool.GetStatistics().TrimmedArrays);
    }

    [Fact]
    public void DerivedBudget_FollowsTheLimit_AndReleasesWhatNoLongerFits()
    {
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { TrimAfter = Timeout.InfiniteTimeSpan, ThreadLocalCache = false });

        // Driven by hand only: a real gen 2 collection (other tests run them) would derive the budget from the real limit.
        MemoryPressure.Unregister(pool);
        Assert.Equal(new ScalableArrayPoolOptions().MaxRetainedBytes, pool.MaxRetainedBytes);
        var arrays = new byte[8][];
        for (int i = 0; i < arrays.Length; i++)
        {
            arrays[i] = pool.Rent(1 << 20);
        }

        foreach (byte[] array in arrays)
        {
            pool.Return(array);
        }

        Assert.Equal(8L << 20, pool.GetStatistics().RetainedBytes);

        // The limit falls to 32 MiB: the budget is 4 MiB, below the 8 MiB held, so everything goes.
        ((IMemoryPressureListener)pool).OnGen2Collection(MemoryPressureLevel.None, 32L << 20);

        ScalableArrayPoolStatistics after = pool.GetStatistics();
        Assert.Equal(4L << 20, pool.MaxRetainedBytes);
        Assert.Equal(4L << 20, after.MaxRetainedBytes);
        Assert.Equal(0, after.RetainedBytes);
        Assert.Equal(0, after.ReservedBytes);
        Assert.Equal(0, after.PressureTrimmedBytes);
        Assert.Equal(8L << 20, after.TrimmedBytes);

        // Under the new budget only four 1 MiB arrays fit.
        for (int i = 0; i < arrays.Length; i++)
        {
            arrays[i] = pool.Rent(1 << 20);
        }

        foreach (byte[] array in arrays)
        {
            pool.Return(array);
        }

        Assert.InRange(pool.GetStatistics().ReservedBytes, 0, 4L << 20);
        Assert.Equal(4L << 20, pool.GetStatistics().RetainedBytes);

        // The limit rises again: so does the budget, up to the cap.
        ((IMemoryPressureListener)pool).OnGen2Collection(MemoryPressureLevel.None, long.MaxValue);
        Assert.Equal(ScalableArrayPoolOptions.DefaultMaxRetainedBytes, pool.MaxRetainedBytes);
        Assert.Equal(4L << 20, pool.GetStatistics().RetainedBytes);
    }

    [Fact]
    public void ExplicitBudget_StaysAsSet_WhateverTheLimit()
    {
        using var pool = NewPool(threadLocal: false);

        ((IMemoryPressureListener)pool).OnGen2Collection(MemoryPressureLevel.None, 1L << 20);

        Assert.Equal(16L << 20, pool.MaxRetainedBytes);
    }

    [Fact]
    public void DisposedPool_IgnoresTheNotification()
    {
        var pool = NewPool(threadLocal: true);
        pool.Return(pool.Rent(Length));
        pool.Dispose();

        Notify(pool, MemoryPressureLevel.High);
        ((IMemoryPressureListener)pool).OnGen2Collection(MemoryPressureLevel.None, 1L << 20);

        Assert.Equal(0, pool.GetStatistics().PressureTrimmedArrays);
    }

    [Fact]
    public void Options_DefaultBudget_IsAnEighthOfTheLimit_UntilSet()
    {
        long limit = MemoryPressure.TotalAvailableBytes;
        var options = new ScalableArrayPoolOptions();

        Assert.Equal(Math.Min(ScalableArrayPoolOptions.DefaultMaxRetainedBytes, limit / ScalableArrayPoolOptions.MaxRetainedBytesLimitDivisor), options.MaxRetainedBytes);
        Assert.Equal(Math.Min(2L << 30, limit / 8), ScalableArrayPoolOptions.ForLargeArrays.MaxRetainedBytes);

        options.MaxRetainedBytes = 12345;
        Assert.Equal(12345, options.MaxRetainedBytes);
        options.MaxRetainedBytes = 0;
        Assert.Equal(0, options.MaxRetainedBytes);
        Assert.Throws<ArgumentOutOfRangeException>(() => options.MaxRetainedBytes = -1);
        Assert.Equal(0, options.MaxRetainedBytes);
    }

    [Fact]
    public void SetMaxRetainedBytesFromMemoryLimit_ChangesTheShare_AndUndoesASetBudget()
    {
        var options = new ScalableArrayPoolOptions { MaxRetainedBytes = 5 };

        options.SetMaxRetainedBytesFromMemoryLimit(4, 3L << 20);

        Assert.Equal(Math.Min(3L << 20, MemoryPressure.TotalAvailableBytes / 4), options.MaxRetainedBytes);
        using var pool = new ScalableArrayPool<byte>(options);
        MemoryPressure.Unregister(pool);
        ((IMemoryPressureListener)pool).OnGen2Collection(MemoryPressureLevel.None, 4L << 20);
        Assert.Equal(1L << 20, pool.MaxRetainedBytes);

        options.SetMaxRetainedBytesFromMemoryLimit(1, 0);
        Assert.Equal(0, options.MaxRetainedBytes);
        Assert.Throws<ArgumentOutOfRangeException>("divisor", () => options.SetMaxRetainedBytesFromMemoryLimit(0, 1));
        Assert.Throws<ArgumentOutOfRangeException>("maxBytes", () => options.SetMaxRetainedBytesFromMemoryLimit(8, -1));
        Assert.Throws<ArgumentOutOfRangeException>("divisor", () => options.SetMaxRetainedBytesFromMemoryLimit(int.MinValue, long.MaxValue));

        // A failed call leaves the options as they were.
        Assert.Equal(0, options.MaxRetainedBytes);
        options.SetMaxRetainedBytesFromMemoryLimit(1, long.MaxValue);
        Assert.Equal(MemoryPressure.TotalAvailableBytes, options.MaxRetainedBytes);
    }

    [Fact]
    public void StreamOptions_DefaultBudget_IsASixteenthOfTheLimit_UntilSet_AndTheManagersPoolFollowsIt()
    {
        long limit = MemoryPressure.TotalAvailableBytes;
        var options = new Gen0.IO.PooledMemoryStreamOptions();
        long expected = Math.Min(Gen0.IO.PooledMemoryStreamOptions.DefaultMaxRetainedBytes, limit / Gen0.IO.PooledMemoryStreamOptions.MaxRetainedBytesLimitDivisor);

        Assert.Equal(expected, options.MaxRetainedBytes);
        using (var manager = new Gen0.IO.PooledMemoryStreamManager(options))
        {
            Assert.Equal(expected, manager.Pool.MaxRetainedBytes);
            MemoryPressure.Unregister(manager.Pool);
            ((IMemoryPressureListener)manager.Pool).OnGen2Collection(MemoryPressureLevel.None, 256L << 20);
            Assert.Equal(16L << 20, manager.Pool.MaxRetainedBytes);
        }

        options.MaxRetainedBytes = 1 << 20;
        using (var manager = new Gen0.IO.PooledMemoryStreamManager(options))
        {
            ((IMemoryPressureListener)manager.Pool).OnGen2Collection(MemoryPressureLevel.None, 256L << 20);
            Assert.Equal(1L << 20, manager.Pool.MaxRetainedBytes);
        }

        // -1 set on purpose is kept (and refused by Validate), not read as "follow the limit".
        options.MaxRetainedBytes = -1;
        Assert.Equal(-1, options.MaxRetainedBytes);
        Assert.Throws<ArgumentOutOfRangeException>(options.Validate);
    }

    [Fact]
    public void Shared_Registers_AndSurvivesRealGen2Collections()
    {
        ScalableArrayPool<byte> pool = ScalableArrayPool<byte>.Shared;
        pool.Return(pool.Rent(Length));
        long budget = pool.MaxRetainedBytes;

        // The callback runs on the finalizer thread after each of these; on this machine there is no pressure, so the
        // budget (derived from the same limit) does not move.
        for (int i = 0; i < 3; i++)
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
        }

        Assert.Equal(budget, pool.MaxRetainedBytes);
        Assert.Equal(new ScalableArrayPoolOptions().MaxRetainedBytes, budget);
    }

    private static ScalableArrayPool<byte> NewPool(bool threadLocal)
    {
        var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions
        {
            MaxRetainedBytes = 16L << 20,
            TrimAfter = Timeout.InfiniteTimeSpan,
            ThreadLocalCache = threadLocal,
            ShardCount = 2,
        });

        // Driven by hand only: the Medium test counts looks, and a real gen 2 collection would be one more.
        MemoryPressure.Unregister(pool);
        return pool;
    }

    private static void Notify(ScalableArrayPool<byte> pool, MemoryPressureLevel level) =>
        ((IMemoryPressureListener)pool).OnGen2Collection(level, MemoryPressure.TotalAvailableBytes);

    private static void FillFromOtherThreads(ScalableArrayPool<byte> pool)
    {
        for (int t = 0; t < 3; t++)
        {
            OtherThread.Run(() =>
            {
                var arrays = new byte[6][];
                for (int i = 0; i < arrays.Length; i++)
                {
                    arrays[i] = pool.Rent(Length);
                }

                foreach (byte[] array in arrays)
                {
                    pool.Return(array);
                }
            });
        }
    }
}
