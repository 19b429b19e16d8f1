using System.Buffers;
using System.Runtime.InteropServices;
using Gen0.Buffers;
using Gen0.IO;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.IO;

/// <summary>
/// Runs seeded random sequences of every <see cref="Stream"/> operation against a <see cref="MemoryStream"/> and a
/// <see cref="PooledMemoryStream"/>, comparing each result (or exception type) and the contents after each step.
/// Small block sizes make every operation cross block boundaries; a guarded pool proves every block goes back once.
/// </summary>
public class PooledMemoryStreamDifferentialTests
{
    public static TheoryData<int, int> SeedsAndBlockSizes()
    {
        var data = new TheoryData<int, int>();
        int[] blockSizes = [1, 3, 16, 100, 4096];
        for (int seed = 1; seed <= 6; seed++)
        {
            foreach (int blockSize in blockSizes)
            {
                data.Add(seed, blockSize);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(SeedsAndBlockSizes))]
    public void RandomOperations_MatchMemoryStream(int seed, int blockSize)
    {
        var random = new Random(seed * 7919 + blockSize);
        var pool = new GuardedArrayPool<byte>(ArrayPool<byte>.Create(), captureStackTraces: false);
        int maxSize = Math.Min(3 * blockSize + 5, 20_000);
        var expected = new MemoryStream();
        using (var actual = new PooledMemoryStream(pool, blockSize))
        {
            for (int step = 0; step < 400; step++)
            {
                string name = RunRandomOperation(random, expected, actual, maxSize, out string detail);
                string where = $"seed {seed}, block {blockSize}, step {step}: {name} {detail}";
                Differential.Same(() => expected.Length, () => actual.Length, where + " (Length)");
                Differential.Same(() => expected.Position, () => actual.Position, where + " (Position)");
                if (step % 20 == 0)
                {
                    Assert.Equal(expected.ToArray(), actual.ToArray());
                }
            }

            Assert.Equal(expected.ToArray(), actual.ToArray());
            Assert.Equal(expected.ToArray(), actual.GetReadOnlySequence().ToArray());
        }

        pool.AssertAllReturned();
    }

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
            Assert.Equal(data, stream.ToArray());
            Assert.Equal(data, stream.GetReadOnlySequence().ToArray());

            stream.Position = 0;
            byte[] readBack = new byte[size];
            int read = 0;
            while (read < size)
            {
                int n = stream.Read(readBack, read, Math.Min(random.Next(1, 10_000), size - read));
                Assert.True(n > 0);
                read += n;
            }

            Assert.Equal(data, readBack);
            Assert.Equal(-1, stream.ReadByte());

            var copy = new MemoryStream();
            stream.WriteTo(copy);
            Assert.Equal(data, copy.ToArray());
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

            Assert.Equal(expected.ToArray(), actual.ToArray());
        }

        pool.AssertAllReturned();
    }

    private static string RunRandomOperation(Random random, MemoryStream expected, PooledMemoryStream actual, int maxSize, out string detail)
    {
        detail = string.Empty;
        int size = random.Next(0, maxSize + 1);
        switch (random.Next(18))
        {
            case 0:
            case 1:
            {
                byte[] data = RandomBytes(random, size + 4);
                int offset = random.Next(-1, 4);
                int count = random.Next(10) == 0 ? -1 : size;
                detail = $"Write(byte[{data.Length}], {offset}, {count})";
                Differential.Same(() => expected.Write(data, offset, count), () => actual.Write(data, offset, count), detail);
                return "Write";
            }

            case 2:
            {
                byte[] data = RandomBytes(random, size);
                detail = $"Write(span {size})";
                Differential.Same(() => expected.Write(data.AsSpan()), () => actual.Write(data.AsSpan()), detail);
                return "WriteSpan";
            }

            case 3:
            {
                byte value = (byte)random.Next(256);
                Differential.Same(() => expected.WriteByte(value), () => actual.WriteByte(value), "WriteByte");
                return "WriteByte";
            }

            case 4:
            case 5:
            {
                int offset = random.Next(-1, 3);
                int count = random.Next(12) == 0 ? -1 : size;
                byte[] e = new byte[size + 2];
                byte[] a = new byte[size + 2];
                detail = $"Read(byte[{e.Length}], {offset}, {count})";
                Differential.Same(() => expected.Read(e, offset, count), () => actual.Read(a, offset, count), detail);
                Assert.Equal(e, a);
                return "Read";
            }

            case 6:
            {
                byte[] e = new byte[size];
                byte[] a = new byte[size];
                Differential.Same(() => expected.Read(e.AsSpan()), () => actual.Read(a.AsSpan()), $"Read(span {size})");
                Assert.Equal(e, a);
                return "ReadSpan";
            }

            case 7:
                Differential.Same(() => expected.ReadByte(), () => actual.ReadByte(), "ReadByte");
                return "ReadByte";

            case 8:
            case 9:
            {
                var origin = (SeekOrigin)random.Next(0, 4);
                long offset = random.Next(-maxSize, maxSize + 1);
                detail = $"Seek({offset}, {origin})";
                Differential.Same(() => expected.Seek(offset, origin), () => actual.Seek(offset, origin), detail);
                return "Seek";
            }

            case 10:
            {
                long value = random.Next(-2, (int)Math.Min(expected.Length + maxSize, 60_000));
                detail = $"Position = {value}";
                Differential.Same(() => expected.Position = value, () => actual.Position = value, detail);
                return "SetPosition";
            }

            case 11:
            {
                long value = random.Next(-1, (int)Math.Min(expected.Length + maxSize, 60_000));
                detail = $"SetLength({value})";
                Differential.Same(() => expected.SetLength(value), () => actual.SetLength(value), detail);
                return "SetLength";
            }

            case 12:
            {
                var e = new MemoryStream();
                var a = new MemoryStream();
                int bufferSize = random.Next(-1, 100);
                detail = $"CopyTo(bufferSize {bufferSize})";
                Differential.Same(() => expected.CopyTo(e, bufferSize), () => actual.CopyTo(a, bufferSize), detail);
                Assert.Equal(e.ToArray(), a.ToArray());
                return "CopyTo";
            }

            case 13:
            {
                byte[] data = RandomBytes(random, size);
                Differential.Same(
                    () => expected.WriteAsync(data, 0, size).GetAwaiter().GetResult(),
                    () => actual.WriteAsync(data.AsMemory()).AsTask().GetAwaiter().GetResult(),
                    "WriteAsync");
                return "WriteAsync";
            }

            case 14:
            {
                byte[] e = new byte[size];
                byte[] a = new byte[size];
                Differential.Same(
                    () => expected.ReadAsync(e, 0, size).GetAwaiter().GetResult(),
                    () => actual.ReadAsync(a, 0, size).GetAwaiter().GetResult(),
                    "ReadAsync");
                Assert.Equal(e, a);
                return "ReadAsync";
            }

            case 15:
            {
                // IBufferWriter: GetSpan/Advance at the position against the same bytes written to MemoryStream.
                int hint = random.Next(0, maxSize + 1);
                Span<byte> span = actual.GetSpan(hint);
                Assert.True(span.Length >= Math.Max(1, hint), $"GetSpan({hint}) gave {span.Length}");
                int count = random.Next(0, Math.Min(span.Length, Math.Max(hint, 1)) + 1);
                byte[] data = RandomBytes(random, count);
                data.CopyTo(span);
                actual.Advance(count);
                expected.Write(data, 0, count);
                detail = $"GetSpan({hint}) + Advance({count})";
                return "GetSpanAdvance";
            }

            case 16:
            {
                var e = new MemoryStream();
                var a = new MemoryStream();
                expected.CopyToAsync(e).GetAwaiter().GetResult();
                actual.CopyToAsync(a).GetAwaiter().GetResult();
                Assert.Equal(e.ToArray(), a.ToArray());
                return "CopyToAsync";
            }

            default:
            {
                Assert.Equal(expected.ToArray(), actual.GetReadOnlySequence().ToArray());
                if (actual.TryGetBuffer(out ArraySegment<byte> segment))
                {
                    Assert.Equal(expected.ToArray(), segment.ToArray());
                }
                else
                {
                    Assert.True(actual.BlockCount > 1);
                }

                return "Sequence";
            }
        }
    }

    private static byte[] RandomBytes(Random random, int length)
    {
        byte[] data = new byte[Math.Max(0, length)];
        random.NextBytes(data);
        return data;
    }
}
