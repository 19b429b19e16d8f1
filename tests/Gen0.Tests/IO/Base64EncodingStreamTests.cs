using System.Text;
using System.Xml;
using Gen0.IO;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.IO;

public class Base64EncodingStreamTests
{
    public enum Destination
    {
        Stream,
        TextWriter,
        XmlWriter,
    }

    public static TheoryData<Destination, int> DestinationsAndSeeds()
    {
        var data = new TheoryData<Destination, int>();
        foreach (Destination destination in Enum.GetValues<Destination>())
        {
            foreach (int seed in Seeds.Range(1, 4))
            {
                data.Add(destination, seed);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(DestinationsAndSeeds))]
    public void RandomInputs_InRandomWriteSizes_EqualConvertToBase64String(Destination destination, int seed) =>
        Seeds.Run(seed, () => RandomInputs(destination, seed));

    private static void RandomInputs(Destination destination, int seed)
    {
        var random = new Random(seed);
        int[] sizes = [0, 1, 2, 3, 4, 5, 6, 7, 100, 12 * 1024, (12 * 1024) + 1, 9 * 1024 * 3, random.Next(1, 200_000)];
        foreach (int size in sizes)
        {
            byte[] input = new byte[size];
            random.NextBytes(input);
            using var target = new Target(destination);
            using (Base64EncodingStream stream = target.Open())
            {
                int written = 0;
                while (written < size)
                {
                    int count = Math.Min(size - written, random.Next(4) switch { 0 => 1, 1 => random.Next(1, 5), 2 => random.Next(1, 100), _ => random.Next(1, 40_000) });
                    switch (random.Next(3))
                    {
                        case 0:
                            stream.Write(input, written, count);
                            break;
                        case 1:
                            stream.Write(input.AsSpan(written, count));
                            break;
                        default:
                            for (int i = 0; i < count; i++)
                            {
                                stream.WriteByte(input[written + i]);
                            }

                            break;
                    }

                    written += count;
                }
            }

            Assert.Equal(Convert.ToBase64String(input), target.Text());
        }
    }

    [Theory]
    [InlineData(Destination.Stream)]
    [InlineData(Destination.TextWriter)]
    [InlineData(Destination.XmlWriter)]
    public async Task WriteAsync_EqualsConvertToBase64String(Destination destination)
    {
        var random = new Random(42);
        byte[] input = new byte[100_001];
        random.NextBytes(input);
        using var target = new Target(destination, async: true);
        Base64EncodingStream stream = target.Open();
        await using (stream.ConfigureAwait(false))
        {
            int written = 0;
            while (written < input.Length)
            {
                int count = Math.Min(input.Length - written, random.Next(1, 5000));
                if (random.Next(2) == 0)
                {
                    await stream.WriteAsync(input.AsMemory(written, count));
                }
                else
                {
                    await stream.WriteAsync(input, written, count);
                }

                written += count;
            }

            await stream.FlushFinalBlockAsync();
        }

        Assert.Equal(Convert.ToBase64String(input), target.Text());
    }

    [Fact]
    public void Flush_WritesCompleteGroupsOnly_AndFlushFinalBlockThePadding()
    {
        var output = new MemoryStream();
        using var stream = new Base64EncodingStream(output, leaveOpen: true);
        stream.Write([1, 2, 3, 4, 5]);
        stream.Flush();
        Assert.Equal(Convert.ToBase64String([1, 2, 3]), Encoding.ASCII.GetString(output.ToArray()));
        stream.WriteByte(6);
        stream.WriteByte(7);
        stream.Flush();
        Assert.Equal(Convert.ToBase64String([1, 2, 3, 4, 5, 6]), Encoding.ASCII.GetString(output.ToArray()));
        stream.FlushFinalBlock();
        Assert.True(stream.HasFlushedFinalBlock);
        Assert.False(stream.CanWrite);
        Assert.Equal(Convert.ToBase64String([1, 2, 3, 4, 5, 6, 7]), Encoding.ASCII.GetString(output.ToArray()));
        Assert.Throws<NotSupportedException>(() => stream.FlushFinalBlock());
        Assert.Throws<NotSupportedException>(() => stream.WriteByte(1));
        stream.Dispose();
        Assert.Equal(Convert.ToBase64String([1, 2, 3, 4, 5, 6, 7]), Encoding.ASCII.GetString(output.ToArray()));
    }

    [Fact]
    public void LeaveOpen_DecidesWhetherTheDestinationIsDisposed()
    {
        var kept = new MemoryStream();
        new Base64EncodingStream(kept, leaveOpen: true).Dispose();
        Assert.True(kept.CanWrite);

        var closed = new MemoryStream();
        new Base64EncodingStream(closed).Dispose();
        Assert.False(closed.CanWrite);

        var writer = new StringWriter();
        new Base64EncodingStream(writer).Dispose();
        Assert.Throws<ObjectDisposedException>(() => writer.Write('x'));
    }

    [Fact]
    public void Misuse_ThrowsBclExceptionTypes()
    {
        Assert.Throws<ArgumentNullException>(() => new Base64EncodingStream((Stream)null!));
        Assert.Throws<ArgumentNullException>(() => new Base64EncodingStream((TextWriter)null!));
        Assert.Throws<ArgumentNullException>(() => new Base64EncodingStream((XmlWriter)null!));
        Assert.Throws<ArgumentException>(() => new Base64EncodingStream(new MemoryStream([], writable: false)));

        var output = new MemoryStream();
        var stream = new Base64EncodingStream(output, leaveOpen: true);
        Assert.False(stream.CanRead);
        Assert.False(stream.CanSeek);
        Assert.True(stream.CanWrite);
        Assert.Throws<ArgumentNullException>(() => stream.Write(null!, 0, 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.Write(new byte[3], -1, 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.Write(new byte[3], 0, -1));
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.Write(new byte[3], 2, 2));
        Assert.Throws<NotSupportedException>(() => stream.Read(new byte[3], 0, 3));
        Assert.Throws<NotSupportedException>(() => stream.Seek(0, SeekOrigin.Begin));
        Assert.Throws<NotSupportedException>(() => stream.Length);
        Assert.Throws<NotSupportedException>(() => stream.Position);
        Assert.Throws<NotSupportedException>(() => stream.SetLength(1));

        // The stream stays usable after rejected calls.
        stream.Write([1, 2]);
        stream.Dispose();
        Assert.Equal("AQI=", Encoding.ASCII.GetString(output.ToArray()));
        Assert.False(stream.CanWrite);
        Assert.Throws<ObjectDisposedException>(() => stream.Write([1]));
        Assert.Throws<ObjectDisposedException>(() => stream.Flush());
        Assert.Throws<ObjectDisposedException>(() => stream.FlushFinalBlock());
        stream.Dispose();
    }

    [AllocationFact]
    public void Encoding10MB_UsesAFixedBufferWhateverTheInputSize()
    {
        byte[] chunk = new byte[64 * 1024];
        new Random(1).NextBytes(chunk);
        using (var warm = new Base64EncodingStream(Stream.Null))
        {
            warm.Write(chunk);
        }

        // The best of three: a concurrent Trim of the shared pool (other tests run in parallel) can empty this thread's
        // cache once and make one round allocate its 12 KiB staging buffer again.
        long allocated = Allocations.FewestBytes(
            () =>
            {
                using var stream = new Base64EncodingStream(Stream.Null);
                for (int i = 0; i < 160; i++)
                {
                    stream.Write(chunk);
                }
            },
            passes: 3);

        Assert.True(allocated < 1024, $"Encoding 10 MB allocated {allocated} bytes.");
    }

    /// <summary>One of the three kinds of destination, and the Base64 text it received.</summary>
    private sealed class Target : IDisposable
    {
        private readonly Destination _destination;
        private readonly MemoryStream _bytes = new();
        private readonly StringWriter _text = new();
        private readonly XmlWriter? _xml;

        public Target(Destination destination, bool async = false)
        {
            _destination = destination;
            if (destination == Destination.XmlWriter)
            {
                _xml = XmlWriter.Create(_text, new XmlWriterSettings { OmitXmlDeclaration = true, Async = async });
                _xml.WriteStartElement("Binary");
            }
        }

        public Base64EncodingStream Open() => _destination switch
        {
            Destination.Stream => new Base64EncodingStream(_bytes, leaveOpen: true),
            Destination.TextWriter => new Base64EncodingStream(_text, leaveOpen: true),
            _ => new Base64EncodingStream(_xml!, leaveOpen: true),
        };

        public string Text()
        {
            switch (_destination)
            {
                case Destination.Stream:
                    return Encoding.ASCII.GetString(_bytes.ToArray());
                case Destination.TextWriter:
                    return _text.ToString();
                default:
                    _xml!.WriteEndElement();
                    _xml.Flush();
                    string xml = _text.ToString();
                    Assert.StartsWith("<Binary", xml, StringComparison.Ordinal);
                    var document = new XmlDocument();
                    document.LoadXml(xml);
                    return document.DocumentElement!.InnerText;
            }
        }

        public void Dispose() => _xml?.Dispose();
    }
}
