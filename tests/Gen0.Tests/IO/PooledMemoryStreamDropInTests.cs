using System.Buffers;
using System.IO.Compression;
using System.Reflection;
using System.Text;
using System.Xml;
using Gen0.Buffers;
using Gen0.IO;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.IO;

/// <summary>
/// Issue 26: <see cref="PooledMemoryStream"/> is a <see cref="MemoryStream"/>, so every API typed
/// <see cref="MemoryStream"/> takes it, and what a <see cref="MemoryStream"/>-typed caller does to it (WriteTo, ToArray,
/// GetBuffer after growth, Capacity, TryGetBuffer, serializers writing into it and reading from it) gives what a
/// <see cref="MemoryStream"/> gives. Each case runs the BCL's <see cref="MemoryStream"/> as the control.
/// </summary>
public class PooledMemoryStreamDropInTests
{
    private const int SmallBlock = 64;

    public static TheoryData<int> Lengths()
    {
        var data = new TheoryData<int>();
        foreach (int length in new[] { 0, 1, SmallBlock - 1, SmallBlock, SmallBlock + 1, (3 * SmallBlock) + 5, 85_000, 200_000 })
        {
            data.Add(length);
        }

        return data;
    }

    [Fact]
    public void IsAMemoryStream()
    {
        using var stream = new PooledMemoryStream();
        Assert.IsAssignableFrom<MemoryStream>(stream);
        MemoryStream typed = stream;
        typed.Write([1, 2, 3]);
        Assert.Equal([1, 2, 3], TakesAMemoryStream(stream));
        using PooledMemoryStream fromManager = PooledMemoryStreamManager.Shared.GetStream(new byte[] { 1, 2, 3 });
        Assert.Equal([1, 2, 3], TakesAMemoryStream(fromManager));
    }

    [Fact]
    public void OverridesEveryVirtualMemberOfMemoryStream_SoNoByteLivesInTheBaseBuffer()
    {
        // Every public or protected virtual method MemoryStream or Stream declares (properties through their
        // accessors) must have its most derived implementation in PooledMemoryStream, except those that only call
        // other virtual members (listed) or that have nothing to do with the bytes.
        var delegating = new HashSet<string>
        {
            // Stream's own: implemented over Read/Write/ReadAsync/WriteAsync/Dispose, which are overridden.
            "BeginRead", "EndRead", "BeginWrite", "EndWrite", "Close", "DisposeAsync", "CreateWaitHandle",
            "ObjectInvariant", "get_CanTimeout", "get_ReadTimeout", "set_ReadTimeout", "get_WriteTimeout", "set_WriteTimeout",

            // object's.
            "Equals", "GetHashCode", "Finalize", "MemberwiseClone", "InitializeLifetimeService", "GetLifetimeService", "CreateObjRef",
        };

        // netstandard2.0's Stream has no span, memory or CopyTo(Stream, int) members to override. On .NET, MemoryStream's
        // own versions of them hand any derived type over to Stream's, which call the byte-array overrides: the bytes
        // still go through this stream's blocks, at the cost of a rented copy buffer.
#if GEN0_NETSTANDARD
        static bool NotInNetStandard(MethodInfo method) =>
            method.GetParameters().Any(p => p.ParameterType.Name is "Span`1" or "ReadOnlySpan`1" or "Memory`1" or "ReadOnlyMemory`1")
            || (method.Name == "CopyTo" && method.GetParameters().Length == 2);
#else
        static bool NotInNetStandard(MethodInfo method) => false;
#endif

        const BindingFlags all = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance;
        var missing = new List<string>();
        foreach (MethodInfo method in typeof(MemoryStream).GetMethods(all))
        {
            if (!method.IsVirtual || method.IsFinal || method.IsPrivate || method.IsAssembly || delegating.Contains(method.Name) || NotInNetStandard(method))
            {
                continue;
            }

            MethodInfo? ours = typeof(PooledMemoryStream).GetMethods(all).SingleOrDefault(m => m.GetBaseDefinition() == method.GetBaseDefinition());
            if (ours?.DeclaringType != typeof(PooledMemoryStream))
            {
                missing.Add($"{method.DeclaringType!.Name}.{method.Name}({string.Join(", ", method.GetParameters().Select(p => p.ParameterType.Name))})");
            }
        }

        Assert.True(missing.Count == 0, "not overridden: " + string.Join("; ", missing));
    }

    [Theory]
    [MemberData(nameof(Lengths))]
    public void WriteToToArrayTryGetBuffer_MatchMemoryStream(int length)
    {
        byte[] data = Data(length);
        var expected = new MemoryStream();
        using var actual = new PooledMemoryStream(GuardedPool(), SmallBlock);
        expected.Write(data);
        actual.Write(data);
        expected.Position = length / 2;
        actual.Position = length / 2;

        var expectedCopy = new MemoryStream();
        var actualCopy = new MemoryStream();
        expected.WriteTo(expectedCopy);
        actual.WriteTo(actualCopy);
        SpanAssert.Equal(expectedCopy.ToArray(), actualCopy.ToArray());
        SpanAssert.Equal(expected.ToArray(), actual.ToArray());
        Assert.Equal(expected.Position, actual.Position);

        // TryGetBuffer: the contents when they are contiguous (one block here), never a copy; false otherwise.
        Assert.True(expected.TryGetBuffer(out ArraySegment<byte> expectedSegment));
        if (actual.TryGetBuffer(out ArraySegment<byte> actualSegment))
        {
            Assert.True(length <= SmallBlock, $"TryGetBuffer answered for {length} bytes over {SmallBlock}-byte blocks");
            Assert.True(expectedSegment.AsSpan().SequenceEqual(actualSegment.AsSpan()));
        }
        else
        {
            Assert.True(length > SmallBlock);
            Assert.Null(actualSegment.Array);
        }
    }

    [Theory]
    [MemberData(nameof(Lengths))]
    public void GetBuffer_AfterGrowth_IsTheLiveContents_AsMemoryStreams(int length)
    {
        byte[] data = Data(length);
        var expected = new MemoryStream();
        using var actual = new PooledMemoryStream(GuardedPool(), SmallBlock);
        expected.Write(data);
        actual.Write(data);

        byte[] expectedBuffer = expected.GetBuffer();
        byte[] actualBuffer = actual.GetBuffer();
        Assert.True(actualBuffer.Length >= length);
        Assert.True(expectedBuffer.AsSpan(0, length).SequenceEqual(actualBuffer.AsSpan(0, length)));

        if (length > 0)
        {
            // A MemoryStream's buffer is its storage: a write through the stream shows in it, and the other way round.
            expected.Position = 0;
            actual.Position = 0;
            expected.WriteByte(0xAB);
            actual.WriteByte(0xAB);
            Assert.Equal(expectedBuffer[0], actualBuffer[0]);
            expectedBuffer[length - 1] = 0xCD;
            actualBuffer[length - 1] = 0xCD;
            SpanAssert.Equal(expected.ToArray(), actual.ToArray());
            Assert.Same(actualBuffer, actual.GetBuffer());
        }

        // Growing on past the buffer keeps every byte.
        expected.Seek(0, SeekOrigin.End);
        actual.Seek(0, SeekOrigin.End);
        expected.Write(data);
        actual.Write(data);
        SpanAssert.Equal(expected.ToArray(), actual.ToArray());
    }

    [Fact]
    public void Capacity_SetAndGet_AsMemoryStream()
    {
        var expected = new MemoryStream();
        using var actual = new PooledMemoryStream(GuardedPool(), SmallBlock);
        Differential.Same(() => expected.Capacity, () => actual.Capacity, "empty");
        foreach (int capacity in new[] { 1, SmallBlock - 1, SmallBlock, SmallBlock + 1, 1000, 10 })
        {
            expected.Capacity = capacity;
            actual.Capacity = capacity;

            // MemoryStream's capacity is exact; ours is a whole number of blocks, never less than asked for.
            Assert.True(actual.Capacity >= capacity && actual.Capacity < capacity + SmallBlock, $"Capacity = {capacity} gave {actual.Capacity}");
            Assert.Equal(actual.Capacity, actual.Capacity64);
        }

        expected.Write(new byte[100]);
        actual.Write(new byte[100]);
        Differential.Same(() => expected.Capacity = 99, () => actual.Capacity = 99, "below the length");
        Differential.Same(() => expected.Capacity = -1, () => actual.Capacity = -1, "negative");
        Differential.Same(() => expected.Capacity = 100, () => actual.Capacity = 100, "the length");
        SpanAssert.Equal(expected.ToArray(), actual.ToArray());
        Assert.True(actual.Capacity >= 100);
    }

    [Fact]
    public void Capacity_BeyondIntMaxValue_ThrowsInvalidOperation_Capacity64Answers()
    {
        // One shared 64 KiB array stands in for every block, so the test takes no memory for its 2.5 GiB.
        using var stream = new PooledMemoryStream(new OneArrayPool(), PooledMemoryStream.DefaultBlockSize);
        long capacity = (5L << 30) / 2;
        stream.Capacity64 = capacity;
        Assert.Equal(capacity, stream.Capacity64);
        InvalidOperationException error = Assert.Throws<InvalidOperationException>(() => stream.Capacity);
        Assert.Contains("Capacity64", error.Message, StringComparison.Ordinal);
        stream.Capacity64 = 100;
        Assert.Equal(PooledMemoryStream.DefaultBlockSize, stream.Capacity);
    }

#if !GEN0_NETFRAMEWORK // System.Text.Json is in .NET's shared framework, a package on .NET Framework
    [Fact]
    public void SystemTextJson_SerializesIntoAndFromIt_AsIntoAMemoryStream()
    {
        var graph = Enumerable.Range(0, 5_000).Select(i => new { Id = i, Name = "item " + i, Tags = new[] { "a", "b" } }).ToArray();
        var expected = new MemoryStream();
        using var actual = new PooledMemoryStream(null, SmallBlock * 16);
        System.Text.Json.JsonSerializer.Serialize(expected, graph);
        System.Text.Json.JsonSerializer.Serialize(actual, graph);
        SpanAssert.Equal(expected.ToArray(), actual.ToArray());

        actual.Position = 0;
        System.Text.Json.JsonDocument document = System.Text.Json.JsonDocument.Parse(actual);
        Assert.Equal(5_000, document.RootElement.GetArrayLength());
    }
#endif

    [Fact]
    public void XmlWriterAndReader_OverIt_AsOverAMemoryStream()
    {
        byte[] Write(MemoryStream stream)
        {
            using (XmlWriter writer = XmlWriter.Create(stream, new XmlWriterSettings { CloseOutput = false }))
            {
                writer.WriteStartElement("root");
                for (int i = 0; i < 2_000; i++)
                {
                    writer.WriteElementString("item", "value " + i);
                }

                writer.WriteEndElement();
            }

            return stream.ToArray();
        }

        using var actual = new PooledMemoryStream(null, SmallBlock);
        Assert.Equal(Write(new MemoryStream()), Write(actual));

        actual.Position = 0;
        var document = new XmlDocument();
        document.Load(actual);
        Assert.Equal(2_000, document.DocumentElement!.ChildNodes.Count);
    }

    [Fact]
    public void BinaryWriterAndReader_OverIt_AsOverAMemoryStream()
    {
        byte[] Write(MemoryStream stream)
        {
            using var writer = new BinaryWriter(stream, Encoding.UTF8, leaveOpen: true);
            for (int i = 0; i < 1_000; i++)
            {
                writer.Write(i);
                writer.Write("text " + i);
                writer.Write((double)i / 3);
            }

            return stream.ToArray();
        }

        using var actual = new PooledMemoryStream(null, SmallBlock);
        Assert.Equal(Write(new MemoryStream()), Write(actual));

        actual.Position = 0;
        using var reader = new BinaryReader(actual, Encoding.UTF8, leaveOpen: true);
        for (int i = 0; i < 1_000; i++)
        {
            Assert.Equal(i, reader.ReadInt32());
            Assert.Equal("text " + i, reader.ReadString());
            Assert.Equal((double)i / 3, reader.ReadDouble());
        }

        Assert.Equal(actual.Length, actual.Position);
    }

    [Theory]
    [InlineData("deflate")]
    [InlineData("gzip")]
    public void CompressionStreams_OverIt_RoundTrip_AsOverAMemoryStream(string format)
    {
        byte[] data = Encoding.UTF8.GetBytes(string.Concat(Enumerable.Range(0, 20_000).Select(i => (i % 97).ToString(System.Globalization.CultureInfo.InvariantCulture))));
        Stream Compressor(Stream inner) => format == "gzip" ? new GZipStream(inner, CompressionLevel.Fastest, leaveOpen: true) : new DeflateStream(inner, CompressionLevel.Fastest, leaveOpen: true);
        Stream Decompressor(Stream inner) => format == "gzip" ? new GZipStream(inner, CompressionMode.Decompress, leaveOpen: true) : new DeflateStream(inner, CompressionMode.Decompress, leaveOpen: true);

        var expected = new MemoryStream();
        using var actual = new PooledMemoryStream(null, SmallBlock);
        using (Stream compressor = Compressor(expected))
        {
            compressor.Write(data);
        }

        using (Stream compressor = Compressor(actual))
        {
            compressor.Write(data);
        }

        SpanAssert.Equal(expected.ToArray(), actual.ToArray());

        actual.Position = 0;
        using var decompressed = new PooledMemoryStream(null, SmallBlock);
        using (Stream decompressor = Decompressor(actual))
        {
            decompressor.CopyTo(decompressed);
        }

        SpanAssert.Equal(data, decompressed.ToArray());
    }

    [Fact]
    public async Task StreamContent_OverIt_SendsTheBytesFromThePosition_AsOverAMemoryStream()
    {
        byte[] data = Data(150_000);
        var expected = new MemoryStream(data) { Position = 10 };
        using var actual = new PooledMemoryStream(data) { Position = 10 };
        using var expectedContent = new System.Net.Http.StreamContent(expected);
        using var actualContent = new System.Net.Http.StreamContent(actual);
        Assert.Equal(expectedContent.Headers.ContentLength, actualContent.Headers.ContentLength);
        Assert.Equal(await expectedContent.ReadAsByteArrayAsync(), await actualContent.ReadAsByteArrayAsync());
    }

    [Fact]
    public void CopyToAnotherMemoryStream_AndFromOne_AsMemoryStreams()
    {
        byte[] data = Data(100_000);
        using var source = new PooledMemoryStream(data);
        var destination = new MemoryStream();
        source.CopyTo(destination);
        SpanAssert.Equal(data, destination.ToArray());

        // A MemoryStream's WriteTo and CopyTo into ours (MemoryStream writes in one call).
        using var target = new PooledMemoryStream(null, SmallBlock);
        new MemoryStream(data).WriteTo(target);
        new MemoryStream(data).CopyTo(target);
        SpanAssert.Equal([.. data, .. data], target.ToArray());
    }

    [Theory]
    [InlineData(0, 0)]
    [InlineData(0, 200)]
    [InlineData(63, 2)]
    [InlineData(64, 136)]
    [InlineData(199, 1)]
    [InlineData(200, 0)]
    public void WriteToARange_WritesThoseBytes_PositionUnmoved(long offset, long count)
    {
        byte[] data = Data(200);
        using var stream = new PooledMemoryStream(data, writable: true, pool: null, blockSize: SmallBlock) { Position = 17 };
        var destination = new MemoryStream();
        stream.WriteTo(destination, offset, count);
        SpanAssert.Equal(data.AsSpan((int)offset, (int)count).ToArray(), destination.ToArray());
        Assert.Equal(17, stream.Position);
    }

    [Fact]
    public void WriteToARange_BadArguments()
    {
        using var stream = new PooledMemoryStream(Data(10));
        Assert.Throws<ArgumentNullException>(() => stream.WriteTo(null!, 0, 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.WriteTo(new MemoryStream(), -1, 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.WriteTo(new MemoryStream(), 11, 0));
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.WriteTo(new MemoryStream(), 5, 6));
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.WriteTo(new MemoryStream(), 0, -1));
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.WriteTo(new MemoryStream(), 1, long.MaxValue));
        stream.Dispose();
        Assert.Throws<ObjectDisposedException>(() => stream.WriteTo(new MemoryStream(), 0, 0));
    }

    private static byte[] TakesAMemoryStream(MemoryStream stream) => stream.ToArray();

    // A 200,000-byte stream over 64-byte blocks rents 3,125 of them: without stacks, since capturing one per rent took
    // 20 s of the Mono run, and a failure here is about contents, not about who rented.
    private static GuardedArrayPool<byte> GuardedPool() => new(ArrayPool<byte>.Create(), captureStackTraces: false);

    private static byte[] Data(int length)
    {
        byte[] data = new byte[length];
        new Random(length).NextBytes(data);
        return data;
    }

    /// <summary>Hands out one shared array for every rent of a block, to reach huge capacities without the memory.</summary>
    private sealed class OneArrayPool : ArrayPool<byte>
    {
        private readonly byte[] _block = new byte[PooledMemoryStream.DefaultBlockSize];

        public override byte[] Rent(int minimumLength) => minimumLength <= _block.Length ? _block : new byte[minimumLength];

        public override void Return(byte[] array, bool clearArray = false)
        {
        }
    }
}
