using System.Buffers;
using System.Runtime.InteropServices;
using Gen0.Buffers;
using Gen0.IO;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.IO;

public class PooledMemoryStreamTests
{
    [Fact]
    public void BadArguments_ThrowMemoryStreamExceptionTypes()
    {
        var expected = new MemoryStream();
        using var actual = new PooledMemoryStream(new GuardedArrayPool<byte>(), 16);
        expected.Write(new byte[40]);
        actual.Write(new byte[40]);
        byte[] buffer = new byte[10];
        Differential.Same(() => expected.Write(null!, 0, 1), () => actual.Write(null!, 0, 1), "Write(null)");
        Differential.Same(() => expected.Read(null!, 0, 1), () => actual.Read(null!, 0, 1), "Read(null)");
        Differential.Same(() => expected.Write(buffer, -1, 1), () => actual.Write(buffer, -1, 1), "Write(offset -1)");
        Differential.Same(() => expected.Write(buffer, 0, -1), () => actual.Write(buffer, 0, -1), "Write(count -1)");
        Differential.Same(() => expected.Write(buffer, 5, 6), () => actual.Write(buffer, 5, 6), "Write(past end)");
        Differential.Same(() => expected.Read(buffer, 0, -1), () => actual.Read(buffer, 0, -1), "Read(count -1)");
        Differential.Same(() => expected.Read(buffer, 8, 3), () => actual.Read(buffer, 8, 3), "Read(past end)");
        Differential.Same(() => expected.Seek(-1, SeekOrigin.Begin), () => actual.Seek(-1, SeekOrigin.Begin), "Seek before begin");
        Differential.Same(() => expected.Seek(-41, SeekOrigin.End), () => actual.Seek(-41, SeekOrigin.End), "Seek before begin from end");
        Differential.Same(() => expected.Seek(0, (SeekOrigin)7), () => actual.Seek(0, (SeekOrigin)7), "Seek bad origin");
        Differential.Same(() => expected.Position = -1, () => actual.Position = -1, "Position -1");
        Differential.Same(() => expected.SetLength(-1), () => actual.SetLength(-1), "SetLength(-1)");
        Differential.Same(() => expected.CopyTo((Stream)null!), () => actual.CopyTo((Stream)null!), "CopyTo(null)");
        Differential.Same(() => expected.CopyTo(new MemoryStream(), 0), () => actual.CopyTo(new MemoryStream(), 0), "CopyTo(bufferSize 0)");
        Differential.Same(() => expected.CopyTo(new MemoryStream([], false)), () => actual.CopyTo(new MemoryStream([], false)), "CopyTo(read-only)");
        Differential.Same(() => expected.WriteTo(null!), () => actual.WriteTo(null!), "WriteTo(null)");
        Differential.Same(() => expected.Capacity = 39, () => actual.Capacity = 39, "Capacity below length");

        // The stream stays usable and consistent after every rejected call.
        SpanAssert.Equal(expected.ToArray(), actual.ToArray());
        Assert.Equal(expected.Position, actual.Position);
        Assert.Throws<ArgumentOutOfRangeException>(() => actual.GetSpan(-1));
        Assert.Throws<ArgumentOutOfRangeException>(() => actual.Advance(-1));
        Assert.Throws<ArgumentOutOfRangeException>(() => new PooledMemoryStream(null, 0));
        Assert.Throws<ArgumentOutOfRangeException>(() => new PooledMemoryStream(null, 85_000));
    }

    [Fact]
    public void ReadOnlyStream_RejectsWritesLikeMemoryStream()
    {
        byte[] data = [1, 2, 3, 4, 5];
        var expected = new MemoryStream(data, writable: false);
        using var actual = new PooledMemoryStream(data, writable: false, blockSize: 2);
        Differential.Same(() => expected.CanWrite, () => actual.CanWrite, "CanWrite");
        Differential.Same(() => expected.Write([9], 0, 1), () => actual.Write([9], 0, 1), "Write");
        Differential.Same(() => expected.WriteByte(9), () => actual.WriteByte(9), "WriteByte");
        Differential.Same(() => expected.SetLength(2), () => actual.SetLength(2), "SetLength");
        Differential.Same(() => expected.Write([9]), () => actual.Write([9]), "Write(span)");
        Differential.Same(() => expected.WriteAsync(new byte[1]).AsTask().Wait(), () => actual.WriteAsync(new byte[1]).AsTask().Wait(), "WriteAsync");
        Assert.Throws<NotSupportedException>(() => actual.GetSpan());
        SpanAssert.Equal(expected.ToArray(), actual.ToArray());
        Assert.Equal(expected.ReadByte(), actual.ReadByte());
    }

    [Fact]
    public void AfterDispose_MembersBehaveLikeAClosedMemoryStream()
    {
        var pool = new GuardedArrayPool<byte>();
        var expected = new MemoryStream();
        var actual = new PooledMemoryStream(pool, 8);
        expected.Write(new byte[20]);
        actual.Write(new byte[20]);
        expected.Dispose();
        actual.Dispose();
        actual.Dispose();
        pool.AssertAllReturned();

        byte[] buffer = new byte[4];
        Differential.Same(() => expected.CanRead, () => actual.CanRead, "CanRead");
        Differential.Same(() => expected.CanSeek, () => actual.CanSeek, "CanSeek");
        Differential.Same(() => expected.CanWrite, () => actual.CanWrite, "CanWrite");
        Differential.Same(() => expected.Length, () => actual.Length, "Length");
        Differential.Same(() => expected.Position, () => actual.Position, "Position");
        Differential.Same(() => expected.Position = 1, () => actual.Position = 1, "Position =");
        Differential.Same(() => expected.Read(buffer, 0, 4), () => actual.Read(buffer, 0, 4), "Read");
        Differential.Same(() => expected.Read(buffer.AsSpan()), () => actual.Read(buffer.AsSpan()), "Read(span)");
        Differential.Same(() => expected.ReadByte(), () => actual.ReadByte(), "ReadByte");
        Differential.Same(() => expected.Write(buffer, 0, 4), () => actual.Write(buffer, 0, 4), "Write");
        Differential.Same(() => expected.Write(buffer.AsSpan()), () => actual.Write(buffer.AsSpan()), "Write(span)");
        Differential.Same(() => expected.WriteByte(1), () => actual.WriteByte(1), "WriteByte");
        Differential.Same(() => expected.Seek(0, SeekOrigin.Begin), () => actual.Seek(0, SeekOrigin.Begin), "Seek");
        Differential.Same(() => expected.SetLength(3), () => actual.SetLength(3), "SetLength");
        Differential.Same(() => expected.Flush(), () => actual.Flush(), "Flush");
        Differential.Same(() => expected.CopyTo(new MemoryStream()), () => actual.CopyTo(new MemoryStream()), "CopyTo");
        Differential.Same(() => expected.WriteTo(new MemoryStream()), () => actual.WriteTo(new MemoryStream()), "WriteTo");
        Differential.Same(() => expected.ReadAsync(buffer, 0, 4).GetAwaiter().GetResult(), () => actual.ReadAsync(buffer, 0, 4).GetAwaiter().GetResult(), "ReadAsync");
        Differential.Same(() => expected.CopyToAsync(new MemoryStream()).Wait(), () => actual.CopyToAsync(new MemoryStream()).Wait(), "CopyToAsync");
        Differential.Same(() => expected.Capacity, () => (int)actual.Capacity, "Capacity");

        // The blocks are back in the pool, so unlike MemoryStream these cannot answer.
        Assert.Throws<ObjectDisposedException>(() => actual.ToArray());
        Assert.Throws<ObjectDisposedException>(() => actual.GetBuffer());
        Assert.Throws<ObjectDisposedException>(() => actual.TryGetBuffer(out _));
        Assert.Throws<ObjectDisposedException>(() => actual.GetReadOnlySequence());
        Assert.Throws<ObjectDisposedException>(() => actual.GetSpan());
        Assert.Throws<ObjectDisposedException>(() => actual.Advance(0));
        Assert.Throws<ObjectDisposedException>(() => actual.CopyTo(new byte[30].AsSpan()));
    }

    [Fact]
    public void GetSpan_AtTheEnd_ServesHintsWithoutACopy()
    {
        var pool = new GuardedArrayPool<byte>(ArrayPool<byte>.Create(), captureStackTraces: false);
        using (var stream = new PooledMemoryStream(pool, 100))
        {
            stream.Write(new byte[90]);

            // 10 bytes are left in the block: a 50-byte hint closes it and starts a regular block.
            Memory<byte> memory = stream.GetMemory(50);
            Assert.True(memory.Length >= 50);
            Assert.True(MemoryMarshal.TryGetArray<byte>(memory, out ArraySegment<byte> first));
            memory.Span[..50].Fill(1);
            stream.Advance(50);
            Assert.Equal(140, stream.Length);
            Assert.Equal(2, stream.BlockCount);

            // A hint above the block size but below the LOH threshold gets a block of exactly that size.
            Memory<byte> big = stream.GetMemory(1000);
            Assert.True(MemoryMarshal.TryGetArray<byte>(big, out ArraySegment<byte> second));
            Assert.Equal(1000, second.Array!.Length);
            big.Span[..1000].Fill(2);
            stream.Advance(1000);

            ReadOnlySequence<byte> sequence = stream.GetReadOnlySequence();
            Assert.Equal(1140, sequence.Length);
            var segments = new List<ReadOnlyMemory<byte>>();
            foreach (ReadOnlyMemory<byte> segment in sequence)
            {
                segments.Add(segment);
            }

            // The bytes written through GetMemory are in the sequence in the very arrays handed out.
            Assert.True(MemoryMarshal.TryGetArray(segments[1], out ArraySegment<byte> s1));
            Assert.Same(first.Array, s1.Array);
            Assert.True(MemoryMarshal.TryGetArray(segments[2], out ArraySegment<byte> s2));
            Assert.Same(second.Array, s2.Array);

            byte[] expected = [.. new byte[90], .. Enumerable.Repeat((byte)1, 50), .. Enumerable.Repeat((byte)2, 1000)];
            SpanAssert.Equal(expected, stream.ToArray());

            // A hint of a large object's size, or one straddling data in the middle, goes through a temporary.
            Span<byte> huge = stream.GetSpan(100_000);
            Assert.True(huge.Length >= 100_000);
            huge[..3].Fill(3);
            stream.Advance(3);
            stream.Position = 85;
            Span<byte> middle = stream.GetSpan(30);
            middle[..30].Fill(4);
            stream.Advance(30);
            Assert.Equal(115, stream.Position);
            expected = [.. expected, 3, 3, 3];
            expected.AsSpan(85, 30).Fill(4);
            SpanAssert.Equal(expected, stream.ToArray());
            Assert.Throws<InvalidOperationException>(() => stream.Advance(1000));
            stream.GetSpan(5);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void Advance_PastTheHandedOutMemory_Throws()
    {
        using var stream = new PooledMemoryStream(null, 64);
        Span<byte> span = stream.GetSpan(10);
        Assert.Equal(64, span.Length);
        Assert.Throws<InvalidOperationException>(() => stream.Advance(65));
        stream.Advance(64);
        Assert.Equal(64, stream.Length);
        Assert.Throws<InvalidOperationException>(() => stream.Advance(1));
        Assert.Equal(64, stream.Length);
    }

    [AllocationFact]
    public void GetReadOnlySequence_AllocatesNothingInSteadyState()
    {
        using var stream = new PooledMemoryStream(null, 1024);
        stream.Write(new byte[10_000]);
        long total = 0;
        total += stream.GetReadOnlySequence().Length;
        long passes = 0;
        long allocated = Allocations.FewestBytes(() =>
        {
            passes++;
            for (int i = 0; i < 1000; i++)
            {
                total += stream.GetReadOnlySequence().Length;
            }
        });
        Assert.Equal(0, allocated);
        Assert.Equal(((1000 * passes) + 1) * 10_000L, total);

        // Growing within the last block keeps the cached chain; a new block extends it.
        stream.Write(new byte[100]);
        Assert.Equal(10_100, stream.GetReadOnlySequence().Length);
        stream.Write(new byte[5000]);
        Assert.Equal(15_100, stream.GetReadOnlySequence().Length);
        Assert.Equal(0, Allocations.FewestBytes(() =>
        {
            for (int i = 0; i < 100; i++)
            {
                total += stream.GetReadOnlySequence().Length;
            }
        }));
    }

    [Fact]
    public void GetBuffer_MakesTheStreamContiguous()
    {
        var pool = new GuardedArrayPool<byte>(ArrayPool<byte>.Create(), captureStackTraces: false);
        byte[] data = new byte[1000];
        new Random(5).NextBytes(data);
        using (var stream = new PooledMemoryStream(data, writable: true, pool, blockSize: 64))
        {
            Assert.False(stream.TryGetBuffer(out _));
            Assert.Equal(16, stream.BlockCount);
            byte[] buffer = stream.GetBuffer();
            SpanAssert.Equal(data, buffer.AsSpan(0, 1000).ToArray());
            Assert.Equal(1, stream.BlockCount);
            Assert.True(stream.TryGetBuffer(out ArraySegment<byte> segment));
            Assert.Same(buffer, segment.Array);
            Assert.Equal(1000, segment.Count);
            Assert.Same(buffer, stream.GetBuffer());

            // Writing on past it adds regular blocks again.
            stream.Position = stream.Length;
            stream.Write(new byte[buffer.Length]);
            SpanAssert.Equal(data, stream.ToArray().AsSpan(0, 1000).ToArray());
        }

        using (var empty = new PooledMemoryStream())
        {
            Assert.Empty(empty.GetBuffer());
            Assert.True(empty.TryGetBuffer(out ArraySegment<byte> segment));
            Assert.Equal(0, segment.Count);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void Capacity_GrowsAndReleasesTrailingBlocks()
    {
        var pool = new GuardedArrayPool<byte>(ArrayPool<byte>.Create(), captureStackTraces: false);
        using (var stream = new PooledMemoryStream(pool, 100))
        {
            stream.Capacity = 1000;
            Assert.Equal(1000, stream.Capacity);
            Assert.Equal(10, stream.BlockCount);
            Assert.Equal(10, pool.OutstandingCount);
            stream.Write(new byte[250]);
            stream.Capacity = 250;
            Assert.Equal(300, stream.Capacity);
            Assert.Equal(3, pool.OutstandingCount);
            SpanAssert.Equal(new byte[250], stream.ToArray());
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public async Task CopyToAsync_AndWriteToAsync_CopyEverything()
    {
        byte[] data = new byte[5000];
        new Random(3).NextBytes(data);
        using var stream = new PooledMemoryStream(data, writable: true, blockSize: 128);
        stream.Position = 1000;
        var rest = new MemoryStream();
        await stream.CopyToAsync(rest);
        SpanAssert.Equal(data.AsSpan(1000).ToArray(), rest.ToArray());
        Assert.Equal(5000, stream.Position);

        var all = new MemoryStream();
        await stream.WriteToAsync(all);
        SpanAssert.Equal(data, all.ToArray());
        Assert.Equal(5000, stream.Position);

        byte[] copy = new byte[5000];
        stream.CopyTo(copy.AsSpan());
        SpanAssert.Equal(data, copy);
        Assert.Throws<ArgumentException>(() => stream.CopyTo(new byte[4999].AsSpan()));
    }
}
