using Gen0.Buffers;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Buffers;

#if !GEN0_NETSTANDARD
/// <summary>
/// Issue 42: pinned arrays an idle trim releases are garbage on the Pinned Object Heap until a gen 2 collection, and an
/// idle process runs none; the pool asks for a non-blocking one once it has released enough of them (16 MiB, or a
/// quarter of its budget). Ordinary arrays never make it collect. Alone in the GC-sensitive collection, so no other test
/// runs a collection meanwhile.
/// </summary>
[Collection(GcSensitiveCollection.Name)]
public sealed class ScalableArrayPoolPinnedReleaseTests
{
    private const int BlockLength = 4096;

    // An 8 MiB budget: the threshold is a quarter of it, 2 MiB; the test releases 4 MiB.
    private const int Blocks = 1024;

    [Fact]
    public void IdleTrim_OfPinnedArraysPastTheThreshold_RunsAGen2Collection()
    {
        using ScalableArrayPool<byte> pool = CreatePool(pinned: true);
        int gen2Before = FillAndRelease(pool);

        Assert.True(
            SpinWait.SpinUntil(() => GC.CollectionCount(2) > gen2Before, TimeSpan.FromSeconds(10)),
            $"No gen 2 collection within 10 s of the pool releasing {pool.GetStatistics().TrimmedBytes} bytes of pinned arrays.");
    }

    [Fact]
    public void IdleTrim_OfOrdinaryArrays_RunsNoCollection()
    {
        using ScalableArrayPool<byte> pool = CreatePool(pinned: false);
        int gen2Before = FillAndRelease(pool);

        // A second of looks after the release: an induced collection would have come with the trim.
        Thread.Sleep(1_000);
        Assert.Equal(gen2Before, GC.CollectionCount(2));
    }

    [Fact]
    public void IdleTrim_OfPinnedArraysBelowTheThreshold_RunsNoCollection()
    {
        using ScalableArrayPool<byte> pool = CreatePool(pinned: true);
        int gen2Before = FillAndRelease(pool, blocks: 64); // 256 KiB, below the 2 MiB threshold

        Thread.Sleep(1_000);
        Assert.Equal(gen2Before, GC.CollectionCount(2));
    }

    private static ScalableArrayPool<byte> CreatePool(bool pinned) => new(new ScalableArrayPoolOptions
    {
        PinnedArrays = pinned,
        MaxArrayLength = BlockLength,
        MaxArraysPerShard = 1 << 20,
        MaxRetainedBytes = 8L << 20,
        TrimAfter = TimeSpan.FromMilliseconds(100),
    });

    /// <summary>Rents and returns the blocks, waits until the idle trim has released them all; returns the gen 2 count before it could.</summary>
    private static int FillAndRelease(ScalableArrayPool<byte> pool, int blocks = Blocks)
    {
        var rented = new byte[blocks][];
        for (int i = 0; i < blocks; i++)
        {
            rented[i] = pool.Rent(BlockLength);
        }

        // Collections before the release reset the pool's count; none should come between here and the trim.
        GC.Collect();
        GC.WaitForPendingFinalizers();
        int gen2Before = GC.CollectionCount(2);
        foreach (byte[] block in rented)
        {
            pool.Return(block);
        }

        Array.Clear(rented);
        long expected = (long)blocks * BlockLength;
        Assert.True(
            SpinWait.SpinUntil(() => pool.GetStatistics().TrimmedBytes >= expected, TimeSpan.FromSeconds(10)),
            $"The idle trim released {pool.GetStatistics().TrimmedBytes} of {expected} bytes within 10 s.");
        return gen2Before;
    }
}
#endif
