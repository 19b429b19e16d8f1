using Gen0.Buffers;

namespace Gen0.Tests.Buffers.Suites;

/// <summary>
/// Issue 14 item 15 for arrays: what the next renter of a pooled <c>byte[]</c> may see. Under
/// <see cref="ClearMode.Always"/> nothing of the previous renter is left, in every size class, through the
/// thread-local tier and the shards, whatever the caller passes as <c>clearArray</c>; under the default
/// <see cref="ClearMode.Auto"/> the old bytes are there (as with <c>ArrayPool&lt;byte&gt;.Shared</c>) unless the caller
/// returns with <c>clearArray: true</c>.
/// </summary>
public sealed class ArrayPoolClearingTests
{
    private const int MaxLength = 1 << 20;
    private const byte Secret = 0xA5;

    public static TheoryData<SizeClasses, bool> Layouts => new()
    {
        { SizeClasses.PowerOfTwo, true },
        { SizeClasses.PowerOfTwo, false },
        { SizeClasses.Fine, true },
        { SizeClasses.Fine, false },
    };

    [Theory]
    [MemberData(nameof(Layouts))]
    public void ClearModeAlways_LeavesNoByteBehind_InEverySizeClass(SizeClasses layout, bool threadLocalCache)
    {
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions
        {
            SizeClasses = layout,
            ThreadLocalCache = threadLocalCache, // false: every return goes through the shard
            ShardCount = 1,
            MaxArrayLength = MaxLength,
            ClearOnReturn = ClearMode.Always,
        });
        foreach (int length in pool.SizeClassLengths)
        {
            foreach (bool clearArray in new[] { false, true })
            {
                byte[] array = pool.Rent(length);
                array.AsSpan().Fill(Secret);
                pool.Return(array, clearArray);
                byte[] next = pool.Rent(length);
                Assert.Same(array, next);
                Assert.Equal(-1, next.AsSpan().IndexOfAnyExcept((byte)0));
                pool.Return(next);
            }
        }
    }

    [Theory]
    [MemberData(nameof(Layouts))]
    public void ReturnWithClearArrayTrue_Clears_UnderAuto(SizeClasses layout, bool threadLocalCache)
    {
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions
        {
            SizeClasses = layout,
            ThreadLocalCache = threadLocalCache,
            ShardCount = 1,
            MaxArrayLength = MaxLength,
        });
        foreach (int length in pool.SizeClassLengths)
        {
            byte[] array = pool.Rent(length);
            array.AsSpan().Fill(Secret);
            pool.Return(array, clearArray: true);
            byte[] next = pool.Rent(length);
            Assert.Same(array, next);
            Assert.Equal(-1, next.AsSpan().IndexOfAnyExcept((byte)0));
            pool.Return(next);
        }
    }

    [Fact]
    public void ClearModeAlways_ClearsArraysReturnedOnAnotherThread()
    {
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { ShardCount = 1, ClearOnReturn = ClearMode.Always, ThreadLocalCache = false });
        byte[] array = pool.Rent(4096);
        array.AsSpan().Fill(Secret);
        OtherThread.Run(() => pool.Return(array));
        byte[] next = pool.Rent(4096);
        Assert.Same(array, next);
        Assert.Equal(-1, next.AsSpan().IndexOfAnyExcept((byte)0));
    }

    [Fact]
    public void ClearModeAuto_ByteArrays_KeepThePreviousRentersBytes_AsDocumented()
    {
        // What the README's "what a renter may see" paragraph says: Auto clears only arrays that hold references.
        using var pool = new ScalableArrayPool<byte>();
        byte[] array = pool.Rent(4096);
        array.AsSpan().Fill(Secret);
        pool.Return(array);
        byte[] next = pool.Rent(4096);
        Assert.Same(array, next);
        Assert.Equal(Secret, next[4095]);

        using var references = new ScalableArrayPool<string>();
        string[] strings = references.Rent(16);
        strings.AsSpan().Fill("secret");
        references.Return(strings);
        Assert.All(references.Rent(16), s => Assert.Null(s));
    }

    [Fact]
    public void ClearModeAlways_AppliesToArraysThatLeaveThroughTrimAndComeBack()
    {
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { ClearOnReturn = ClearMode.Always });
        byte[] array = pool.Rent(1000);
        array.AsSpan().Fill(Secret);
        pool.Return(array);
        pool.Trim();
        pool.Return(array); // the stale holder returns it again after the trim released it: still cleared on the way in
        byte[] next = pool.Rent(1000);
        Assert.Same(array, next);
        Assert.Equal(-1, next.AsSpan().IndexOfAnyExcept((byte)0));
    }
}
