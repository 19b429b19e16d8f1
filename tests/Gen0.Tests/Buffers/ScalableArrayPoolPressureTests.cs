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

        // Used between the looks: the small class stays, the large one goes.
        pool.Return(pool.Rent(Length));
        Notify(pool, MemoryPressureLevel.Medium);

        ScalableArrayPoolStatistics after = pool.GetStatistics();
        Assert.Equal(4, after.PressureTrimmedArrays);
        Assert.Equal(4L * Length * 2, after.PressureTrimmedBytes);
        Assert.Equal(4, after.RetainedArrays);
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

    private static ScalableArrayPool<byte> NewPool(bool threadLocal) => new(new ScalableArrayPoolOptions
    {
        MaxRetainedBytes = 16L << 20,
        TrimAfter = Timeout.InfiniteTimeSpan,
        ThreadLocalCache = threadLocal,
        ShardCount = 2,
    });

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
