using System.Buffers;
using Gen0.Buffers;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Buffers;

public sealed class ScalableArrayPoolContractTests
{
    private static ScalableArrayPool<byte> NewPool(int maxArrayLength = 1 << 20, SizeClasses classes = SizeClasses.PowerOfTwo) =>
        new(new ScalableArrayPoolOptions { MaxArrayLength = maxArrayLength, SizeClasses = classes, Name = "contract" });

    [Fact]
    public void RentZero_ReturnsEmptyArray()
    {
        using ScalableArrayPool<byte> pool = NewPool();
        Assert.Empty(pool.Rent(0));
        Assert.Equal(0, pool.GetStatistics().Rents);
    }

    [Fact]
    public void RentNegative_ThrowsArgumentOutOfRange_AndPoolStaysUsable()
    {
        using ScalableArrayPool<byte> pool = NewPool();
        Assert.Throws<ArgumentOutOfRangeException>("minimumLength", () => pool.Rent(-1));
        Assert.Throws<ArgumentOutOfRangeException>(() => pool.Rent(int.MinValue));
        Assert.True(pool.Rent(10).Length >= 10);
    }

    [Fact]
    public void ReturnNull_ThrowsArgumentNull()
    {
        using ScalableArrayPool<byte> pool = NewPool();
        Assert.Throws<ArgumentNullException>("array", () => pool.Return(null!));
    }

    [Theory]
    [InlineData(1)]
    [InlineData(15)]
    [InlineData(16)]
    [InlineData(17)]
    [InlineData(1000)]
    [InlineData(4096)]
    [InlineData(4097)]
    [InlineData(1 << 20)]
    public void Rent_ReturnsAtLeastRequested_AndReturnedArrayIsReused(int length)
    {
        using ScalableArrayPool<byte> pool = NewPool();
        byte[] first = pool.Rent(length);
        Assert.True(first.Length >= length);
        Assert.True(first.Length <= Math.Max(16, 2 * length));
        pool.Return(first);
        Assert.Same(first, pool.Rent(length));
    }

    [Fact]
    public void OverMaximumLength_IsAllocatedExactly_AndDroppedOnReturn()
    {
        using ScalableArrayPool<byte> pool = NewPool(maxArrayLength: 1000);
        byte[] big = pool.Rent(1001);
        Assert.Equal(1001, big.Length);
        pool.Return(big);
        Assert.NotSame(big, pool.Rent(1001));

        ScalableArrayPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(2, stats.AllocationsOverMaximumLength);
        Assert.Equal(1, stats.DropsOverMaximumLength);
        Assert.Equal(1, stats.GetDrops(ArrayPoolDropReason.OverMaximumLength));
        Assert.Equal(0, stats.RetainedArrays);
    }

    [Fact]
    public void MaximumLengthClass_IsCutToTheMaximum()
    {
        using ScalableArrayPool<byte> pool = NewPool(maxArrayLength: 1000);
        Assert.Equal(1000, pool.Rent(600).Length);
        Assert.Equal(1000, pool.SizeClassLengths[^1]);
    }

    [Theory]
    [InlineData(100)]
    [InlineData(17)]
    [InlineData(5000)]
    public void ForeignLength_IsDroppedAndCounted_NotThrown(int length)
    {
        using ScalableArrayPool<byte> pool = NewPool();
        var foreign = new byte[length];
        pool.Return(foreign);
        Assert.NotSame(foreign, pool.Rent(length));
        ScalableArrayPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(1, stats.DropsForeignLength);
        Assert.Equal(1, stats.Drops);
    }

    [Fact]
    public void ReturnEmptyArray_IsIgnored()
    {
        using ScalableArrayPool<byte> pool = NewPool();
        pool.Return([]);
        Assert.Equal(0, pool.GetStatistics().Returns);
        Assert.Equal(0, pool.GetStatistics().Drops);
    }

    [Theory]
    [InlineData(ClearMode.Never)]
    [InlineData(ClearMode.Auto)]
    public void ReturnWithClearArray_AlwaysClears(ClearMode mode)
    {
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { ClearOnReturn = mode, MaxArrayLength = 100 });
        byte[] pooled = pool.Rent(64);
        pooled.AsSpan().Fill(7);
        pool.Return(pooled, clearArray: true);
        Assert.All(pooled, b => Assert.Equal(0, b));

        // Even an array the pool drops is cleared when asked.
        byte[] dropped = new byte[500];
        dropped.AsSpan().Fill(7);
        pool.Return(dropped, clearArray: true);
        Assert.All(dropped, b => Assert.Equal(0, b));
    }

    [Fact]
    public void ClearOnReturn_AutoClearsReferences_NeverKeepsThem()
    {
        using var auto = new ScalableArrayPool<object>(new ScalableArrayPoolOptions());
        object[] a = auto.Rent(16);
        a[0] = new object();
        auto.Return(a);
        Assert.Null(a[0]);

        using var never = new ScalableArrayPool<object>(new ScalableArrayPoolOptions { ClearOnReturn = ClearMode.Never });
        object[] b = never.Rent(16);
        var kept = new object();
        b[0] = kept;
        never.Return(b);
        Assert.Same(kept, b[0]);

        using var always = new ScalableArrayPool<int>(new ScalableArrayPoolOptions { ClearOnReturn = ClearMode.Always });
        int[] c = always.Rent(16);
        c[0] = 5;
        always.Return(c);
        Assert.Equal(0, c[0]);

        using var autoInts = new ScalableArrayPool<int>(new ScalableArrayPoolOptions());
        int[] d = autoInts.Rent(16);
        d[0] = 5;
        autoInts.Return(d);
        Assert.Equal(5, d[0]);
    }

    [Fact]
    public void FineSizeClasses_WasteAtMostQuarter_ForEveryLengthUpToMillion()
    {
        using ScalableArrayPool<byte> pool = NewPool(maxArrayLength: Array.MaxLength, classes: SizeClasses.Fine);
        var table = new SizeClassTable(SizeClasses.Fine, Array.MaxLength);
        for (int length = 17; length <= 1_000_000; length++)
        {
            int classLength = table.LengthOf(table.IndexOf(length));
            Assert.True(classLength >= length && classLength * 4L <= length * 5L, $"{length} -> {classLength}");
        }

        var random = new Random(42);
        for (int i = 0; i < 2_000; i++)
        {
            int length = random.Next(17, Array.MaxLength);
            int classLength = table.LengthOf(table.IndexOf(length));
            Assert.True(classLength >= length && classLength * 4L <= length * 5L, $"{length} -> {classLength}");
        }

        Assert.Equal(Array.MaxLength, table.LengthOf(table.Count - 1));
        Assert.Equal(20, pool.Rent(17).Length);
        Assert.Equal(5 << 18, pool.Rent((1 << 20) + 1).Length);
    }

    [Fact]
    public void SizeClasses_AreStrictlyIncreasing_AndEveryClassMapsToItself()
    {
        foreach (SizeClasses layout in new[] { SizeClasses.PowerOfTwo, SizeClasses.Fine })
        {
            foreach (int max in new[] { 1, 16, 17, 1000, 1 << 20, Array.MaxLength })
            {
                var table = new SizeClassTable(layout, max);
                int previous = 0;
                for (int i = 0; i < table.Count; i++)
                {
                    int length = table.LengthOf(i);
                    Assert.True(length > previous);
                    Assert.True(length <= max || (i == 0 && length == Math.Min(16, max)));
                    Assert.Equal(i, table.IndexOf(length));
                    if (length > 1)
                    {
                        Assert.Equal(i, table.IndexOf(previous + 1));
                    }

                    previous = length;
                }

                Assert.Equal(Math.Max(1, max) >= 16 ? max : max, table.LengthOf(table.Count - 1));
            }
        }
    }

    [PlatformFact(Requires.NetBcl, "The control is .NET's ArrayPool<T>.Shared; .NET Framework and Mono use the System.Buffers package's, which sizes differently.")]
    public void PowerOfTwo_MatchesSharedLengths()
    {
        using ScalableArrayPool<byte> pool = NewPool();
        foreach (int length in new[] { 1, 16, 17, 31, 32, 33, 1000, 1024, 1025, 65536, 100_000 })
        {
            byte[] shared = ArrayPool<byte>.Shared.Rent(length);
            Assert.Equal(shared.Length, pool.Rent(length).Length);
            ArrayPool<byte>.Shared.Return(shared);
        }
    }

    [Fact]
    public void NestedRents_AreDistinct_AndAllComeBackFromTheThreadLocalTier()
    {
        using ScalableArrayPool<byte> pool = NewPool();
        var arrays = new byte[8][];
        for (int round = 0; round < 3; round++)
        {
            for (int i = 0; i < arrays.Length; i++)
            {
                arrays[i] = pool.Rent(4096);
            }

            Assert.Equal(arrays.Length, arrays.Distinct().Count());
            for (int i = arrays.Length - 1; i >= 0; i--)
            {
                pool.Return(arrays[i]);
            }
        }

        ScalableArrayPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(24, stats.Rents);
        Assert.Equal(8, stats.AllocationsPoolExhausted);
        Assert.Equal(16, stats.Hits);
        Assert.Equal(16, stats.ThreadLocalHits);
        Assert.Equal(24, stats.Returns);
        Assert.Equal(8, stats.RetainedArrays);
        Assert.Equal(8 * 4096, stats.RetainedBytes);
    }

    [Fact]
    public void Statistics_CountRentsHitsAllocationsAndDrops()
    {
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions
        {
            MaxArrayLength = 1024,
            ThreadLocalCache = false,
            ShardCount = 1,
            MaxArraysPerShard = 1,
        });
        byte[] a = pool.Rent(100);
        byte[] b = pool.Rent(100);
        pool.Return(a);
        pool.Return(b); // shard full
        Assert.Same(a, pool.Rent(100)); // hit
        _ = pool.Rent(2000); // over max
        pool.Return(new byte[2000]);
        pool.Return(new byte[100]); // foreign

        ScalableArrayPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(4, stats.Rents);
        Assert.Equal(1, stats.Hits);
        Assert.Equal(0, stats.ThreadLocalHits);
        Assert.Equal(3, stats.Allocations);
        Assert.Equal(2, stats.AllocationsPoolExhausted);
        Assert.Equal(1, stats.AllocationsOverMaximumLength);
        Assert.Equal(4, stats.Returns);
        Assert.Equal(1, stats.DropsPoolFull);
        Assert.Equal(1, stats.DropsOverMaximumLength);
        Assert.Equal(1, stats.DropsForeignLength);
        Assert.Equal(3, stats.Drops);
        Assert.Equal(0, stats.RetainedArrays);

        // The shard keeps one batch (here one array) of unused credit for the next push; a trim gives it back.
        Assert.InRange(stats.ReservedBytes, 0, 128);
        pool.Trim();
        Assert.Equal(0, pool.GetStatistics().ReservedBytes);
    }

    [Fact]
    public void ThreadLocalCacheOff_SharesArraysAcrossThreads()
    {
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { ThreadLocalCache = false, ShardCount = 1 });
        byte[] array = pool.Rent(1 << 20);
        OtherThread.Run(() => pool.Return(array));
        byte[] again = OtherThread.Run(() => pool.Rent(1 << 20));
        Assert.Same(array, again);
        Assert.Equal(0, pool.GetStatistics().ThreadLocalHits);
    }

    [Fact]
    public void Trim_ReleasesEverything_OtherThreadsIncluded()
    {
        using ScalableArrayPool<byte> pool = NewPool();
        pool.Return(pool.Rent(1000));
        OtherThread.Run(() =>
        {
            byte[] x = pool.Rent(2000);
            byte[] y = pool.Rent(2000);
            pool.Return(x);
            pool.Return(y);
        });
        Assert.Equal(3, pool.GetStatistics().RetainedArrays);

        pool.Trim();

        ScalableArrayPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(0, stats.RetainedArrays);
        Assert.Equal(0, stats.RetainedBytes);
        Assert.Equal(3, stats.TrimmedArrays);
        Assert.Equal(1024 + (2 * 2048), stats.TrimmedBytes);
    }

    [Fact]
    public void Dispose_ReleasesArrays_RentThrows_ReturnDrops()
    {
        var pool = NewPool();
        byte[] rented = pool.Rent(100);
        pool.Return(pool.Rent(200));
        pool.Dispose();
        pool.Dispose();

        Assert.Throws<ObjectDisposedException>(() => pool.Rent(10));
        pool.Return(rented);
        ScalableArrayPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(1, stats.DropsPoolDisposed);
        Assert.Equal(0, stats.RetainedArrays);
    }

    [Fact]
    public void DisposedPoolIds_AreReused_WithoutLeakingArraysBetweenPools()
    {
        for (int i = 0; i < 50; i++)
        {
            var pool = new ScalableArrayPool<long>(new ScalableArrayPoolOptions());
            long[] array = pool.Rent(100);
            pool.Return(array);
            pool.Dispose();

            using var next = new ScalableArrayPool<long>(new ScalableArrayPoolOptions());
            Assert.NotSame(array, next.Rent(100));
        }
    }

    [Fact]
    public void Shared_IsNotDisposable_InEffect()
    {
        ScalableArrayPool<char> shared = ScalableArrayPool<char>.Shared;
        Assert.Same(shared, ScalableArrayPool<char>.Shared);
        shared.Dispose();
        char[] array = shared.Rent(10);
        shared.Return(array);
        Assert.Equal("Shared", shared.Name);
    }

    [Fact]
    public void DefaultArrayPool_IsScalableShared()
    {
        Assert.Same(ScalableArrayPool<byte>.Shared, DefaultArrayPool<byte>.Instance);
    }

    [Fact]
    public void ForLargeArrays_Preset()
    {
        ScalableArrayPoolOptions options = ScalableArrayPoolOptions.ForLargeArrays;
        Assert.Equal(Array.MaxLength, options.MaxArrayLength);
        Assert.False(options.ThreadLocalCache);
        Assert.Equal(SizeClasses.Fine, options.SizeClasses);
        Assert.NotSame(options, ScalableArrayPoolOptions.ForLargeArrays);

        using var pool = new ScalableArrayPool<byte>(options);
        byte[] big = pool.Rent((8 << 20) + 1);
        Assert.Equal(10 << 20, big.Length);
        pool.Return(big);
        Assert.Same(big, OtherThread.Run(() => pool.Rent(9 << 20)));
    }

    [Fact]
    public void Options_RejectOutOfRangeValues()
    {
        var options = new ScalableArrayPoolOptions();
        Assert.Throws<ArgumentOutOfRangeException>("MaxArrayLength", () => options.MaxArrayLength = 0);
        Assert.Throws<ArgumentOutOfRangeException>("MaxArrayLength", () => options.MaxArrayLength = Array.MaxLength + 1);
        Assert.Throws<ArgumentOutOfRangeException>("MaxArraysPerShard", () => options.MaxArraysPerShard = -1);
        Assert.Throws<ArgumentOutOfRangeException>("ShardCount", () => options.ShardCount = 0);
        Assert.Throws<ArgumentOutOfRangeException>("ShardCount", () => options.ShardCount = ScalableArrayPoolOptions.MaxShardCount + 1);
        Assert.Throws<ArgumentOutOfRangeException>("MaxRetainedBytes", () => options.MaxRetainedBytes = -1);
        Assert.Throws<ArgumentOutOfRangeException>("TrimAfter", () => options.TrimAfter = TimeSpan.Zero);
        Assert.Throws<ArgumentOutOfRangeException>("TrimAfter", () => options.TrimAfter = TimeSpan.FromMilliseconds(-5));
        Assert.Throws<ArgumentOutOfRangeException>("SizeClasses", () => options.SizeClasses = (SizeClasses)7);
        Assert.Throws<ArgumentOutOfRangeException>("ClearOnReturn", () => options.ClearOnReturn = (ClearMode)7);
        Assert.Throws<ArgumentNullException>("options", () => new ScalableArrayPool<byte>(null!));

        options.TrimAfter = Timeout.InfiniteTimeSpan;
        options.MaxArrayLength = Array.MaxLength;
        options.MaxRetainedBytes = 0;
        options.MaxArraysPerShard = 0;
        using var pool = new ScalableArrayPool<byte>(options);
        byte[] array = pool.Rent(10);
        pool.Return(array);
        Assert.NotSame(array, pool.Rent(10));
        Assert.Equal(1, pool.GetStatistics().DropsOverBudget);
    }

    [Fact]
    public void OptionsAreCopied()
    {
        var options = new ScalableArrayPoolOptions { MaxArrayLength = 100 };
        using var pool = new ScalableArrayPool<byte>(options);
        options.MaxArrayLength = 10;
        Assert.Equal(100, pool.MaxArrayLength);
    }

    [Fact]
    public void QuickStart()
    {
        // README quick start: a named, bounded pool for big buffers.
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions
        {
            Name = "uploads",
            SizeClasses = SizeClasses.Fine,
            MaxRetainedBytes = 256L << 20,
            TrimAfter = TimeSpan.FromSeconds(30),
        });

        byte[] buffer = pool.Rent(100_000);
        try
        {
            buffer.AsSpan(0, 100_000).Fill(1);
        }
        finally
        {
            pool.Return(buffer);
        }

        ScalableArrayPoolStatistics stats = pool.GetStatistics();

        using ArrayLease<byte> lease = ScalableArrayPool<byte>.Shared.Lease(1000); // exactly 1000 elements, returned once
        lease.Span.Clear();

        Assert.Equal(1000, lease.Span.Length);
        Assert.Equal(1, stats.Rents);
        Assert.True(buffer.Length <= 125_000);
    }
}
