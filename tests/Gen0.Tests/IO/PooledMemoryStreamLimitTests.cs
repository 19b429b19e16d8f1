using System.Buffers;
using Gen0.IO;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.IO;

/// <summary>
/// Regression tests for the stream's edges: GetBuffer over every block boundary (it once looped forever when the pool
/// rounded the copy's array up), and lengths and positions up to <see cref="long.MaxValue"/> (it once rented blocks
/// until the process died, or threw <see cref="IndexOutOfRangeException"/>). Every stream here rents from a pool that
/// refuses to hand out more than a few arrays, so even unbounded growth cannot take the test host down.
/// </summary>
public class PooledMemoryStreamLimitTests
{
    private const int Block = PooledMemoryStream.DefaultBlockSize;
    private static readonly TimeSpan s_limit = TimeSpan.FromSeconds(20);

    public static TheoryData<int> GetBufferLengths()
    {
        var lengths = new SortedSet<int> { 150_000, 300_000 };
        for (int k = 0; k <= 6; k++)
        {
            foreach (int delta in new[] { -1, 0, 1 })
            {
                if ((k * Block) + delta >= 0)
                {
                    lengths.Add((k * Block) + delta);
                }
            }
        }

        // The ranges that hung with the default pool (131,073-196,608 and 262,145-327,680), edges included.
        foreach (int edge in new[] { 131_072, 131_073, 196_608, 196_609, 262_144, 262_145, 327_680, 327_681 })
        {
            lengths.Add(edge);
        }

        var data = new TheoryData<int>();
        foreach (int length in lengths)
        {
            data.Add(length);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(GetBufferLengths))]
    public void GetBuffer_AtEveryBlockBoundary_ReturnsTheContents(int length)
    {
        foreach (ArrayPool<byte>? pool in new ArrayPool<byte>?[] { null, ArrayPool<byte>.Shared, new RentLimitedPool() })
        {
            Watchdog.Run(
                () =>
                {
                    byte[] data = new byte[length];
                    new Random(length).NextBytes(data);
                    using var stream = new PooledMemoryStream(pool);
                    stream.Write(data);
                    byte[] buffer = stream.GetBuffer();
                    Assert.True(buffer.Length >= length);
                    Assert.True(data.AsSpan().SequenceEqual(buffer.AsSpan(0, length)));
                    Assert.Equal(length, stream.Length);
                    Assert.Equal(length, stream.Position);
                    SpanAssert.Equal(data, stream.ToArray());
                    Assert.Same(buffer, stream.GetBuffer());

                    // Still a working stream: write on past the copy, read everything back.
                    stream.Write(data.AsSpan(0, Math.Min(length, 1000)));
                    stream.Position = 0;
                    byte[] back = new byte[stream.Length];
                    stream.ReadExactly(back);
                    Assert.True(data.AsSpan().SequenceEqual(back.AsSpan(0, length)));
                },
                s_limit,
                $"GetBuffer at length {length} ({pool?.GetType().Name ?? "default pool"})");
        }
    }

    [Theory]
    [InlineData(1, 0)]
    [InlineData(1, 5)]
    [InlineData(16, 15)]
    [InlineData(16, 17)]
    [InlineData(16, 33)]
    [InlineData(100, 301)]
    public void GetBuffer_SmallBlocks_PoolRoundingUp_ReturnsTheContents(int blockSize, int length)
    {
        Watchdog.Run(
            () =>
            {
                byte[] data = new byte[length];
                new Random(length).NextBytes(data);
                using var stream = new PooledMemoryStream(ArrayPool<byte>.Shared, blockSize);
                stream.Write(data);
                byte[] buffer = stream.GetBuffer();
                Assert.True(data.AsSpan().SequenceEqual(buffer.AsSpan(0, length)));
                SpanAssert.Equal(data, stream.ToArray());
            },
            s_limit,
            $"GetBuffer, block {blockSize}, length {length}");
    }

    [Theory]
    [InlineData(long.MaxValue)]
    [InlineData(long.MaxValue - 1)]
    [InlineData(1L << 50)]
    [InlineData(PooledMemoryStream.MaxLength + 1)]
    public void SetLengthAndCapacity_BeyondMaxLength_ThrowBeforeRenting(long value)
    {
        var pool = new RentLimitedPool(maxRents: 64);
        using PooledMemoryStream stream = CreateWithData(pool, out byte[] data);
        int rents = pool.Rents;
        long capacity = stream.Capacity64;

        Watchdog.Run(() => Assert.Throws<ArgumentOutOfRangeException>(() => stream.SetLength(value)), s_limit, $"SetLength({value})");
        Watchdog.Run(() => Assert.Throws<ArgumentOutOfRangeException>(() => stream.Capacity64 = value), s_limit, $"Capacity = {value}");

        Assert.Equal(rents, pool.Rents);
        AssertUnchanged(stream, data, capacity, pool);
    }

    [Theory]
    [InlineData(long.MaxValue)]
    [InlineData(long.MaxValue - 1)]
    [InlineData(1L << 50)]
    [InlineData(PooledMemoryStream.MaxLength + 1)]
    public void PositionAndSeek_BeyondMaxLength_ThrowArgumentOutOfRange(long value)
    {
        var pool = new RentLimitedPool(maxRents: 64);
        using PooledMemoryStream stream = CreateWithData(pool, out byte[] data);
        long capacity = stream.Capacity64;

        Assert.Throws<ArgumentOutOfRangeException>(() => stream.Position = value);
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.Seek(value, SeekOrigin.Begin));
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.Seek(value - data.Length, SeekOrigin.End));
        stream.Position = 2;
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.Seek(value - 2, SeekOrigin.Current));
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.Seek(long.MaxValue, SeekOrigin.Current));
        Assert.Equal(2, stream.Position);
        stream.Position = data.Length;
        AssertUnchanged(stream, data, capacity, pool);
    }

    [Fact]
    public void Writes_AtMaxLength_ThrowStreamTooLong_AndLeaveTheStreamUnchanged()
    {
        var pool = new RentLimitedPool(maxRents: 64);
        using PooledMemoryStream stream = CreateWithData(pool, out byte[] data);
        long capacity = stream.Capacity64;
        int rents = pool.Rents;

        // The position may sit at the maximum length (as MemoryStream's may sit at int.MaxValue), not past it.
        Assert.Equal(PooledMemoryStream.MaxLength, stream.Seek(PooledMemoryStream.MaxLength, SeekOrigin.Begin));
        Watchdog.Run(
            () =>
            {
                Assert.Throws<IOException>(() => stream.WriteByte(1));
                Assert.Throws<IOException>(() => stream.Write([1], 0, 1));
                Assert.Throws<IOException>(() => stream.Write([1, 2]));
                Assert.Throws<IOException>(() => stream.WriteAsync(new byte[1], 0, 1).GetAwaiter().GetResult());
                Assert.Throws<IOException>(() => stream.WriteAsync(new byte[1]).AsTask().GetAwaiter().GetResult());
                Assert.Throws<IOException>(() => stream.GetSpan());
                Assert.Throws<IOException>(() => stream.GetMemory(1));
                Assert.Throws<InvalidOperationException>(() => stream.Advance(1));
                Assert.Equal(-1, stream.ReadByte());
                Assert.Equal(0, stream.Read(new byte[4]));

                // Just below the limit a write that would cross it fails the same way, before renting.
                stream.Position = PooledMemoryStream.MaxLength - 3;
                Assert.Throws<IOException>(() => stream.Write(new byte[4]));
                Assert.Throws<IOException>(() => stream.GetSpan(4));
            },
            s_limit,
            "writes at MaxLength");

        Assert.Equal(rents, pool.Rents);
        stream.Position = data.Length;
        AssertUnchanged(stream, data, capacity, pool);
    }

    [PlatformFact(Requires.NetAsset, "netstandard2.0 sees no memory limit (no GC.GetGCMemoryInfo): the stream grows until the runtime's own allocation fails (docs/netstandard.md).")]
    public void GrowingToMoreThanTheMachineHas_ThrowsOutOfMemory_BeforeRenting()
    {
        if (TotalAvailableMemoryBytes() >= PooledMemoryStream.MaxLength / 2)
        {
            return; // A machine with half a terabyte for the GC could really hold it; nothing to prove here.
        }

        var pool = new RentLimitedPool(maxRents: 64);
        using PooledMemoryStream stream = CreateWithData(pool, out byte[] data);
        long capacity = stream.Capacity64;
        int rents = pool.Rents;
        Watchdog.Run(
            () =>
            {
                // Each of these asks for (nearly) MaxLength bytes: allowed by the limit, impossible on this machine.
                Assert.Throws<OutOfMemoryException>(() => stream.SetLength(PooledMemoryStream.MaxLength));
                Assert.Throws<OutOfMemoryException>(() => stream.Capacity64 = PooledMemoryStream.MaxLength / 2);
                stream.Position = PooledMemoryStream.MaxLength - 1;
                Assert.Throws<OutOfMemoryException>(() => stream.WriteByte(1));
                Assert.Throws<OutOfMemoryException>(() => stream.Write(ReadOnlySpan<byte>.Empty));
                Assert.Throws<OutOfMemoryException>(() => stream.GetSpan());
                Assert.Throws<OutOfMemoryException>(() => stream.Advance(0));
            },
            s_limit,
            "growth beyond the machine");

        Assert.Equal(rents, pool.Rents);
        stream.Position = data.Length;
        AssertUnchanged(stream, data, capacity, pool);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(5)]
    public void GrowthThatFailsMidway_GivesBackWhatItRented(int rentsAllowed)
    {
        var pool = new RentLimitedPool(maxRents: 1 + rentsAllowed);
        using PooledMemoryStream stream = new(pool, 16);
        stream.Write(new byte[10]);
        byte[] data = stream.ToArray();
        long capacity = stream.Capacity64;

        Assert.Throws<RentLimitedPool.RentLimitExceededException>(() => stream.SetLength(1000));
        Assert.Throws<RentLimitedPool.RentLimitExceededException>(() => stream.Capacity = 1000);
        stream.Position = 500;
        Assert.Throws<RentLimitedPool.RentLimitExceededException>(() => stream.WriteByte(1));
        Assert.Throws<RentLimitedPool.RentLimitExceededException>(() => stream.Write(new byte[100]));
        stream.Position = 10;
        AssertUnchanged(stream, data, capacity, pool);
    }

    private static PooledMemoryStream CreateWithData(RentLimitedPool pool, out byte[] data)
    {
        var stream = new PooledMemoryStream(pool, 16);
        data = new byte[40];
        new Random(40).NextBytes(data);
        stream.Write(data);
        return stream;
    }

    private static void AssertUnchanged(PooledMemoryStream stream, byte[] data, long capacity, RentLimitedPool pool)
    {
        Assert.Equal(data.Length, stream.Length);
        Assert.Equal(data.Length, stream.Position);
        Assert.Equal(capacity, stream.Capacity64);
        SpanAssert.Equal(data, stream.ToArray());
        Assert.Equal(stream.BlockCount, pool.Outstanding);

        // And usable: it grows, reads and shrinks as before.
        stream.Write([7, 8, 9]);
        stream.Position = 0;
        byte[] back = new byte[data.Length + 3];
        stream.ReadExactly(back);
        Assert.Equal([.. data, 7, 8, 9], back);
        stream.SetLength(data.Length);
        SpanAssert.Equal(data, stream.ToArray());
    }

    private static long TotalAvailableMemoryBytes() =>
#if GEN0_NETFRAMEWORK
        0; // .NET Framework has no GC memory info; the test that asks is skipped there.
#else
        GC.GetGCMemoryInfo().TotalAvailableMemoryBytes;
#endif
}
