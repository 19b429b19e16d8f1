using System.Buffers;
using System.Xml;
using Gen0.Buffers;
using Gen0.IO;

namespace Gen0.Tests.IO;

/// <summary>
/// Issue 14 item 15 for the IO types: with <see cref="ClearMode.Always"/> no byte of the previous user is left in an
/// array that goes back to the pool, whatever path gave it back (dispose, shrink, GetBuffer's copy, a GetSpan
/// temporary, bytes written to memory handed out but never committed); and the default (<see cref="ClearMode.Auto"/>,
/// which for bytes does not clear) really does leave them, as documented.
/// </summary>
public class ClearModeTests
{
    private const byte Secret = 0xA5;

    [Theory]
    [InlineData(1)]
    [InlineData(16)]
    [InlineData(100)]
    [InlineData(PooledMemoryStream.DefaultBlockSize)]
    public void PooledMemoryStream_Always_ReturnsEveryArrayCleared(int blockSize)
    {
        var pool = new RentLimitedPool(maxRents: 100_000);
        using (var stream = new PooledMemoryStream(pool, blockSize, ClearMode.Always))
        {
            WriteSecretsEveryWay(stream, blockSize);
        }

        Assert.Equal(0, pool.Outstanding);
        Assert.True(pool.Returns > 0);
        Assert.Equal(0, pool.DirtyReturns);

        // Same through the data constructor.
        using (var stream = new PooledMemoryStream(Enumerable.Repeat(Secret, 3 * blockSize).ToArray(), writable: false, pool, blockSize, ClearMode.Always))
        {
            Assert.Equal(Secret, stream.ReadByte());
        }

        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.DirtyReturns);
    }

    [Theory]
    [InlineData(ClearMode.Auto)]
    [InlineData(ClearMode.Never)]
    public void PooledMemoryStream_Default_LeavesBytesForTheNextRenter(ClearMode mode)
    {
        var pool = new RentLimitedPool();
        using (var stream = new PooledMemoryStream(pool, 16, mode))
        {
            stream.Write(Enumerable.Repeat(Secret, 40).ToArray());
        }

        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(pool.Returns, pool.DirtyReturns);
    }

    [Fact]
    public void PoolWithClearOnReturnAlways_HandsTheStreamsBlocksOutCleared()
    {
        // The pool-side equivalent: a stream with the default ClearMode over a pool that clears what it keeps.
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { ClearOnReturn = ClearMode.Always, ShardCount = 1 });
        using (var stream = new PooledMemoryStream(pool, 64))
        {
            stream.Write(Enumerable.Repeat(Secret, 64 * 5).ToArray());
        }

        using (var writer = new PooledBufferWriter<byte>(64, pool))
        {
            writer.GetSpan(64 * 3).Fill(Secret);
            writer.Advance(64 * 3);
        }

        var rented = new List<byte[]>();
        for (int i = 0; i < 20; i++)
        {
            byte[] block = pool.Rent(64);
            Assert.True(block.AsSpan().IndexOfAnyExcept((byte)0) < 0, "A block reached the next renter with the previous user's bytes.");
            rented.Add(block);
        }

        rented.ForEach(block => pool.Return(block));
    }

    [Theory]
    [InlineData(16)]
    [InlineData(256)]
    [InlineData(0)]
    public void PooledBufferWriter_Always_ReturnsEveryChunkCleared(int maxChunkLength)
    {
        var pool = new RentLimitedPool(maxRents: 100_000);
        using (PooledBufferWriter<byte> writer = maxChunkLength == 0
            ? new PooledBufferWriter<byte>(pool, ClearMode.Always)
            : new PooledBufferWriter<byte>(maxChunkLength, pool, ClearMode.Always))
        {
            for (int round = 0; round < 3; round++)
            {
                foreach (int hint in new[] { 0, 1, 7, 100, 300, 5000 })
                {
                    Span<byte> span = writer.GetSpan(hint);
                    span.Fill(Secret);                    // all of it, though only part is committed
                    writer.Advance(Math.Min(span.Length, Math.Max(hint, 1)));
                }

                writer.Clear();
            }

            writer.GetSpan(10).Fill(Secret);
            writer.Advance(10);
        }

        Assert.Equal(0, pool.Outstanding);
        Assert.True(pool.Returns > 0);
        Assert.Equal(0, pool.DirtyReturns);
    }

    [Fact]
    public void PooledBufferWriter_Auto_LeavesBytesForTheNextRenter()
    {
        var pool = new RentLimitedPool();
        using (var writer = new PooledBufferWriter<byte>(16, pool))
        {
            writer.GetSpan(40).Fill(Secret);
            writer.Advance(40);
        }

        Assert.Equal(pool.Returns, pool.DirtyReturns);
    }

#if !GEN0_NETSTANDARD // Base64EncodingStream is .NET only (docs/netstandard.md).
    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(100)]
    [InlineData(50_000)]
    public void Base64EncodingStream_ClearsItsStagingBuffers(int payload)
    {
        byte[] data = Enumerable.Repeat(Secret, payload).ToArray();
        foreach (Func<RentLimitedPool, CharPool, Base64EncodingStream> create in Destinations())
        {
            var bytes = new RentLimitedPool();
            var chars = new CharPool();
            using (Base64EncodingStream stream = create(bytes, chars))
            {
                stream.Write(data, 0, data.Length / 2);
                stream.Write(data.AsSpan(data.Length / 2));
            }

            Assert.Equal(0, bytes.Outstanding);
            Assert.Equal(0, bytes.DirtyReturns);
            Assert.Equal(0, chars.DirtyReturns);
            Assert.Equal(0, chars.Outstanding);
        }
    }

    private static IEnumerable<Func<RentLimitedPool, CharPool, Base64EncodingStream>> Destinations()
    {
        yield return (b, c) => new Base64EncodingStream(new MemoryStream()) { BytePool = b, CharPool = c };
        yield return (b, c) => new Base64EncodingStream(new StringWriter()) { BytePool = b, CharPool = c };
        yield return (b, c) =>
        {
            var xml = XmlWriter.Create(new StringWriter());
            xml.WriteStartElement("data");
            return new Base64EncodingStream(xml) { BytePool = b, CharPool = c };
        };
    }
#endif

    private static void WriteSecretsEveryWay(PooledMemoryStream stream, int blockSize)
    {
        byte[] secret = Enumerable.Repeat(Secret, (3 * blockSize) + 5).ToArray();
        stream.Write(secret);
        stream.WriteByte(Secret);

        // Memory handed out and filled but only partly committed; then a temporary for a hint mid-stream.
        Span<byte> span = stream.GetSpan(blockSize);
        span.Fill(Secret);
        stream.Advance(1);
        stream.Position = 1;
        Span<byte> middle = stream.GetSpan(blockSize + 3);
        middle.Fill(Secret);
        stream.Advance(blockSize + 3);
        stream.Position = stream.Length;
        stream.GetSpan(100_000).Fill(Secret);
        stream.Advance(10);

        // Shrink (blocks beyond go back), GetBuffer (blocks copied into one array, then given back), shrink again.
        stream.SetLength(blockSize / 2);
        stream.Capacity = blockSize / 2;
        stream.Write(secret);
        stream.GetBuffer();
        stream.Write(secret);
        stream.SetLength(0);
        stream.Capacity = 0;
        stream.Write(secret);
    }

    /// <summary>The char counterpart of <see cref="RentLimitedPool"/>, for the Base64 stream's text staging.</summary>
    public sealed class CharPool : ArrayPool<char>
    {
        private readonly HashSet<char[]> _outstanding = new(ReferenceEqualityComparer.Instance);

        public int Outstanding => _outstanding.Count;

        public int DirtyReturns { get; private set; }

        public override char[] Rent(int minimumLength)
        {
            char[] array = new char[minimumLength];
            _outstanding.Add(array);
            return array;
        }

        public override void Return(char[] array, bool clearArray = false)
        {
            Assert.True(_outstanding.Remove(array));
            if (array.AsSpan().IndexOfAnyExcept('\0') >= 0)
            {
                DirtyReturns++;
            }
        }
    }
}
