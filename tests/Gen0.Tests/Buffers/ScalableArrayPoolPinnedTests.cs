using Gen0.Buffers;

namespace Gen0.Tests.Buffers;

/// <summary>
/// Issue 26: <see cref="ScalableArrayPoolOptions.PinnedArrays"/> allocates on the Pinned Object Heap, as Kestrel's own
/// memory blocks are, for the memory pool factory; element types with references are refused with the fix.
/// </summary>
public sealed class ScalableArrayPoolPinnedTests
{
#if !GEN0_NETSTANDARD
    [Fact]
    public void PinnedArrays_AreAllocatedOnThePinnedObjectHeap_AndPooledAsUsual()
    {
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { PinnedArrays = true });
        byte[] small = pool.Rent(100);
        byte[] over = pool.Rent(pool.MaxArrayLength > 1 << 20 ? 1 << 20 : pool.MaxArrayLength);

        // The POH is reported as generation 2 from the start; an ordinary new array of this size is in gen 0.
        Assert.Equal(2, GC.GetGeneration(small));
        Assert.Equal(2, GC.GetGeneration(over));
        Assert.Equal(0, GC.GetGeneration(new byte[100]));

        pool.Return(small);
        Assert.Same(small, pool.Rent(100));
    }
#endif

    [Fact]
    public void PinnedArrays_OfAnElementTypeWithReferences_AreRefusedNamingTheOption()
    {
        var error = Assert.Throws<ArgumentException>("options", () => new ScalableArrayPool<string>(new ScalableArrayPoolOptions { PinnedArrays = true }));
        Assert.Contains("PinnedArrays", error.Message);
        using var unpinned = new ScalableArrayPool<string>(new ScalableArrayPoolOptions());
        Assert.NotNull(unpinned.Rent(4));
    }

    [Fact]
    public void PinnedArrays_IsARuntimeSetting_OfTheSharedPool()
    {
        ScalableArrayPoolOptions options = ScalableArrayPoolOptions.FromRuntimeSettings(
            name => name == "GEN0_SHAREDARRAYPOOL_PINNEDARRAYS" ? "true" : null,
            _ => null);
        Assert.True(options.PinnedArrays);
    }
}
