using System.Buffers;
using System.Runtime.InteropServices;
using Gen0.Buffers;
using Gen0.IO;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.IO;

/// <summary>
/// Fixed differential cases with the real block size and with poisoned reused blocks; the random operations live in
/// <see cref="Conformance.PooledMemoryStreamFuzzTests"/>.
/// </summary>
public class PooledMemoryStreamDifferentialTests
{
    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(PooledMemoryStream.DefaultBlockSize - 1)]
    [InlineData(PooledMemoryStream.DefaultBlockSize)]
    [InlineData(PooledMemoryStream.DefaultBlockSize + 1)]
    [InlineData((2 * PooledMemoryStream.DefaultBlockSize) + 1)]
    public void RealBlockSize_WritesAndReadsAcrossBoundaries(int size)
    {
        var random = new Random(size);
        byte[] data = new byte[size];
        random.NextBytes(data);
        var pool = new GuardedArrayPool<byte>(ArrayPool<byte>.Create(), captureStackTraces: false);
        using (var stream = new PooledMemoryStream(pool))
        {
            int written = 0;
            while (written < size)
            {
                int chunk = Math.Min(random.Next(1, 10_000), size - written);
                stream.Write(data, written, chunk);
                written += chunk;
            }

            Assert.Equal(size, stream.Length);
            Assert.Equal((size + PooledMemoryStream.DefaultBlockSize - 1) / PooledMemoryStream.DefaultBlockSize, stream.BlockCount);
            SpanAssert.Equal(data, stream.ToArray());
            SpanAssert.Equal(data, stream.GetReadOnlySequence().ToArray());

            stream.Position = 0;
            byte[] readBack = new byte[size];
            int read = 0;
            while (read < size)
            {
                int n = stream.Read(readBack, read, Math.Min(random.Next(1, 10_000), size - read));
                Assert.True(n > 0);
                read += n;
            }

            SpanAssert.Equal(data, readBack);
            Assert.Equal(-1, stream.ReadByte());

            var copy = new MemoryStream();
            stream.WriteTo(copy);
            SpanAssert.Equal(data, copy.ToArray());
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void ReusedPoisonedBlocks_ReadAsZerosWhereMemoryStreamHasZeros()
    {
        // The guarded pool poisons returned blocks, so stale bytes would show if a gap were not zeroed.
        var pool = new GuardedArrayPool<byte>(ArrayPool<byte>.Create(), captureStackTraces: false);
        for (int round = 0; round < 3; round++)
        {
            var expected = new MemoryStream();
            using var actual = new PooledMemoryStream(pool, 16);
            foreach (Stream s in new Stream[] { expected, actual })
            {
                s.Write(new byte[40].AsSpan());
                s.SetLength(5);
                s.SetLength(30);
                s.Position = 50;
                s.WriteByte(7);
                s.Position = 70;
                s.Write([1, 2, 3]);
                s.Position = 90;
                s.Write(ReadOnlySpan<byte>.Empty);
            }

            SpanAssert.Equal(expected.ToArray(), actual.ToArray());
        }

        pool.AssertAllReturned();
    }
}
