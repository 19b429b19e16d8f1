using Gen0.Buffers;
using Gen0.IO;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.IO;

/// <summary>
/// The default block supply's memory bound (docs/reliability/io.md): however many big streams come and go, on however
/// many threads, the stream block pool never holds more than <see cref="StreamBlockPool.MaxRetainedBytes"/> of idle
/// blocks, never holds an array larger than a block, and streams past the budget still work (their excess blocks are
/// dropped, not kept).
/// </summary>
[Collection(GcSensitiveCollection.Name)]
public class StreamBlockPoolBoundTests
{
    private const int Chunk = 64 * 1024;

    [Fact]
    public void ManyBigStreams_OnMoreThreadsThanCores_RetainAtMostTheBudget()
    {
        ScalableArrayPool<byte> pool = StreamBlockPool.Instance;
        Assert.Equal(128L << 20, StreamBlockPool.MaxRetainedBytes);

        // 4 threads at once, each building 40 MB streams: 160 MB live together, more than the 128 MiB budget, so the
        // pool must drop the excess rather than grow; then each thread goes on with more streams of varying sizes.
        int threads = Math.Max(4, Environment.ProcessorCount + 2);
        Watchdog.Run(
            () => Parallel.For(0, threads, new ParallelOptions { MaxDegreeOfParallelism = threads }, t =>
            {
                byte[] chunk = new byte[Chunk];
                chunk.AsSpan().Fill((byte)t);
                for (int round = 0; round < 3; round++)
                {
                    int size = (40_000_000 / (round + 1)) + t;
                    using var stream = new PooledMemoryStream();
                    for (int written = 0; written < size; written += Chunk)
                    {
                        stream.Write(chunk, 0, Math.Min(Chunk, size - written));
                    }

                    Assert.Equal(size, stream.Length);
                    AssertWithinBudget(pool);
                }
            }),
            TimeSpan.FromMinutes(2),
            "parallel big streams");

        AssertWithinBudget(pool);
    }

    [Fact]
    public void AStreamLargerThanTheBudget_IsRebuiltCorrectly_AndLeavesAtMostTheBudget()
    {
        ScalableArrayPool<byte> pool = StreamBlockPool.Instance;
        const int size = 160 * 1024 * 1024; // 2,560 blocks: 512 more than the pool may keep.
        byte[] chunk = new byte[Chunk];
        byte[] readBack = new byte[Chunk];
        for (int round = 0; round < 2; round++)
        {
            using var stream = new PooledMemoryStream();
            for (int written = 0; written < size; written += Chunk)
            {
                chunk[0] = (byte)(written / Chunk);
                stream.Write(chunk);
            }

            stream.Position = 0;
            for (int block = 0; block < size / Chunk; block++)
            {
                Assert.Equal(Chunk, stream.Read(readBack));
                Assert.Equal((byte)block, readBack[0]);
            }

            stream.Dispose();
            AssertWithinBudget(pool);
        }
    }

    [Fact]
    public void OversizedGetSpan_AndGetBuffer_AreNotRetained()
    {
        ScalableArrayPool<byte> pool = StreamBlockPool.Instance;
        using (var stream = new PooledMemoryStream())
        {
            stream.GetSpan(PooledMemoryStream.DefaultBlockSize + 1);
            stream.Advance(PooledMemoryStream.DefaultBlockSize + 1);
            stream.Write(new byte[3 * Chunk]);
            Assert.True(stream.GetBuffer().Length >= stream.Length);
        }

        AssertWithinBudget(pool);
    }

    private static void AssertWithinBudget(ScalableArrayPool<byte> pool)
    {
        ScalableArrayPoolStatistics stats = pool.GetStatistics();
        Assert.True(stats.RetainedBytes <= StreamBlockPool.MaxRetainedBytes, $"The stream block pool retains {stats.RetainedBytes:N0} B; its budget is {StreamBlockPool.MaxRetainedBytes:N0} B.");
        Assert.True(stats.ReservedBytes <= StreamBlockPool.MaxRetainedBytes, $"The stream block pool reserves {stats.ReservedBytes:N0} B; its budget is {StreamBlockPool.MaxRetainedBytes:N0} B.");
        Assert.True(stats.RetainedArrays * PooledMemoryStream.DefaultBlockSize >= stats.RetainedBytes, $"The stream block pool keeps an array larger than a block ({stats}).");
    }
}
