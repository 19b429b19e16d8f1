using System.Text;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.IO.Conformance;

/// <summary>
/// What every writable stream must do, whatever else it can: argument validation, each way of writing, zero-length
/// writes, flushing, cancellation and disposal, each compared with what <see cref="MemoryStream"/> does on .NET 10.
/// Derived classes supply the stream and what it should have produced; <see cref="SeekableStreamConformanceTests"/>
/// adds reading and seeking. Modelled on the shape of dotnet/runtime's stream conformance tests (own code).
/// </summary>
public abstract class StreamConformanceTests
{
    /// <summary>Lengths that straddle the stream's internal boundaries.</summary>
    public static TheoryData<ReadWriteMode, int> ModesAndChunks()
    {
        var data = new TheoryData<ReadWriteMode, int>();
        foreach (ReadWriteMode mode in Enum.GetValues<ReadWriteMode>())
        {
            foreach (int chunk in new[] { 1, 2, 3, 7, 64, 4095, 4096, 4097, 70_000 })
            {
                if (mode != ReadWriteMode.SyncByte || chunk <= 64)
                {
                    data.Add(mode, chunk);
                }
            }
        }

        return data;
    }

    /// <summary>Gets whether the stream is seekable and readable (then <see cref="SeekableStreamConformanceTests"/> applies).</summary>
    protected abstract bool CanReadAndSeek { get; }

    /// <summary>Gets the size of the stream's internal unit (a block, a group): test lengths straddle its multiples.</summary>
    protected abstract int BoundarySize { get; }

    /// <summary>Creates an empty, writable stream.</summary>
    protected abstract Stream CreateWritable();

    /// <summary>Finishes <paramref name="stream"/> (it may be disposed) and returns what it produced.</summary>
    protected abstract byte[] Finish(Stream stream);

    /// <summary>Returns what the stream should produce for <paramref name="written"/> (the bytes themselves for a memory stream).</summary>
    protected virtual byte[] Expected(byte[] written) => written;

    [Fact]
    public void Capabilities_AreConsistent()
    {
        using Stream stream = CreateWritable();
        Assert.True(stream.CanWrite);
        Assert.Equal(CanReadAndSeek, stream.CanRead);
        Assert.Equal(CanReadAndSeek, stream.CanSeek);
        Assert.False(stream.CanTimeout);
        Assert.Throws<InvalidOperationException>(() => stream.ReadTimeout);
        Assert.Throws<InvalidOperationException>(() => stream.WriteTimeout = 1);
        if (!CanReadAndSeek)
        {
            byte[] buffer = new byte[4];
            Assert.Throws<NotSupportedException>(() => stream.Length);
            Assert.Throws<NotSupportedException>(() => stream.Position);
            Assert.Throws<NotSupportedException>(() => stream.Position = 0);
            Assert.Throws<NotSupportedException>(() => stream.Seek(0, SeekOrigin.Begin));
            Assert.Throws<NotSupportedException>(() => stream.SetLength(0));
            Assert.Throws<NotSupportedException>(() => stream.Read(buffer, 0, 1));
            Assert.Throws<NotSupportedException>(() => stream.Read(buffer.AsSpan()));
            Assert.Throws<NotSupportedException>(() => stream.ReadByte());
            Assert.Throws<NotSupportedException>(() => stream.ReadAsync(buffer, 0, 1).GetAwaiter().GetResult());
            Assert.Throws<NotSupportedException>(() => stream.ReadAsync(buffer.AsMemory()).AsTask().GetAwaiter().GetResult());
            Assert.Throws<NotSupportedException>(() => stream.CopyTo(new MemoryStream()));
        }
    }

    [Fact]
    public void WriteArguments_AreValidatedLikeMemoryStream_AndTheStreamStaysUsable()
    {
        byte[] buffer = new byte[10];
        Stream stream = CreateWritable();
        var bcl = new MemoryStream();
        foreach ((string name, Action<Stream> write) in BadWrites(buffer))
        {
            Exception? expected = Catch(() => write(bcl));
            Exception? actual = Catch(() => write(stream));
            AssertThrewLikeMemoryStream(name, expected, actual);
            if (TestPlatform.BclMatchesNet && actual is ArgumentException argument && expected is ArgumentException bclArgument)
            {
                Assert.True(bclArgument.ParamName == argument.ParamName, $"{name}: MemoryStream named parameter {bclArgument.ParamName ?? "(none)"}, this stream {argument.ParamName ?? "(none)"}");
            }
        }

        byte[] data = Data(100);
        stream.Write(data);
        SpanAssert.Equal(Expected(data), Finish(stream));
    }

    [Theory]
    [MemberData(nameof(ModesAndChunks))]
    public async Task Write_EveryWay_ProducesTheData(ReadWriteMode mode, int chunk)
    {
        byte[] data = Data(Math.Min(3 * BoundarySize, 300_000) + 1 + chunk);
        Stream stream = CreateWritable();
        for (int offset = 0; offset < data.Length; offset += chunk)
        {
            await WriteAsync(stream, mode, data, offset, Math.Min(chunk, data.Length - offset));
        }

        SpanAssert.Equal(Expected(data), Finish(stream));
    }

    [Theory]
    [InlineData(ReadWriteMode.SyncArray)]
    [InlineData(ReadWriteMode.SyncSpan)]
    [InlineData(ReadWriteMode.AsyncArray)]
    [InlineData(ReadWriteMode.AsyncMemory)]
    [InlineData(ReadWriteMode.BeginEnd)]
    public async Task ZeroLengthWrites_ChangeNothing(ReadWriteMode mode)
    {
        byte[] data = Data(BoundarySize + 1);
        Stream stream = CreateWritable();
        await WriteAsync(stream, mode, data, 0, 0);
        await WriteAsync(stream, mode, data, 0, BoundarySize);
        await WriteAsync(stream, mode, data, data.Length, 0);
        await WriteAsync(stream, mode, data, 5, 0);
        await WriteAsync(stream, mode, data, BoundarySize, 1);
        await WriteAsync(stream, mode, [], 0, 0);
        SpanAssert.Equal(Expected(data), Finish(stream));
    }

    [Fact]
    public async Task Flush_AndFlushAsync_CanBeCalledAnyTime()
    {
        Stream stream = CreateWritable();
        stream.Flush();
        await stream.FlushAsync();
        byte[] data = Data(10);
        stream.Write(data, 0, 4);
        stream.Flush();
        await stream.FlushAsync(CancellationToken.None);
        stream.Write(data, 4, 6);
        stream.Flush();
        stream.Flush();
        SpanAssert.Equal(Expected(data), Finish(stream));
    }

    [Fact]
    public async Task PreCancelledTokens_GiveCancelledTasks_AndWriteNothing()
    {
        using var cancelled = new CancellationTokenSource();
        cancelled.Cancel();
        Stream stream = CreateWritable();
        byte[] data = Data(10);
        Task write = stream.WriteAsync(data, 0, data.Length, cancelled.Token);
        Assert.True(write.IsCanceled);
        ValueTask writeMemory = stream.WriteAsync(data.AsMemory(), cancelled.Token);
        Assert.True(writeMemory.IsCanceled);
        Task flush = stream.FlushAsync(cancelled.Token);
        Assert.True(flush.IsCanceled);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => write);
        SpanAssert.Equal(Expected([]), Finish(stream));
    }

    [Fact]
    public async Task Dispose_IsIdempotent_SyncAndAsync()
    {
        Stream stream = CreateWritable();
        stream.Write(Data(3));
        stream.Dispose();
        stream.Dispose();
        await stream.DisposeAsync();
        stream.Close();

        Stream other = CreateWritable();
        await other.DisposeAsync();
        await other.DisposeAsync();
        other.Dispose();
        Assert.False(other.CanWrite);
        Assert.False(other.CanRead);
        Assert.False(other.CanSeek);
    }

    [Fact]
    public void AfterDispose_EveryMemberThrowsObjectDisposed_WhereMemoryStreamDoes()
    {
        Stream stream = CreateWritable();
        stream.Write(Data(20));
        stream.Dispose();
        var bcl = new MemoryStream();
        bcl.Write(Data(20));
        bcl.Dispose();
        foreach ((string name, bool reads, Action<Stream> use) in Members())
        {
            Exception? expected = Catch(() => use(bcl));
            Exception? actual = Catch(() => use(stream));
            bool unsupported = reads && !CanReadAndSeek && actual is NotSupportedException;
            if (expected is ObjectDisposedException)
            {
                Assert.True(actual is ObjectDisposedException || unsupported, $"{name} after Dispose: MemoryStream throws ObjectDisposedException, this stream {actual?.GetType().Name ?? "nothing"}");
            }
            else if (expected is null)
            {
                // MemoryStream keeps answering (its buffer stays); a stream whose memory went back may refuse.
                Assert.True(actual is null or ObjectDisposedException || unsupported, $"{name} after Dispose: {actual}");
            }
            else
            {
                Assert.True(actual?.GetType() == expected.GetType() || unsupported, $"{name} after Dispose: MemoryStream throws {expected.GetType().Name}, this stream {actual?.GetType().Name ?? "nothing"}");
            }
        }
    }

    protected static byte[] Data(int length)
    {
        byte[] data = new byte[length];
        new Random(length).NextBytes(data);
        return data;
    }

    protected static Exception? Catch(Action action)
    {
        try
        {
            action();
            return null;
        }
        catch (Exception ex)
        {
            return ex;
        }
    }

    protected static async Task WriteAsync(Stream stream, ReadWriteMode mode, byte[] data, int offset, int count)
    {
        switch (mode)
        {
            case ReadWriteMode.SyncArray:
                stream.Write(data, offset, count);
                break;
            case ReadWriteMode.SyncSpan:
                stream.Write(data.AsSpan(offset, count));
                break;
            case ReadWriteMode.SyncByte:
                for (int i = 0; i < count; i++)
                {
                    stream.WriteByte(data[offset + i]);
                }

                break;
            case ReadWriteMode.AsyncArray:
                await stream.WriteAsync(data, offset, count);
                break;
            case ReadWriteMode.AsyncMemory:
                await stream.WriteAsync(data.AsMemory(offset, count));
                break;
            default:
                await Task.Factory.FromAsync(stream.BeginWrite, stream.EndWrite, data, offset, count, null);
                break;
        }
    }

    protected static async Task<int> ReadAsync(Stream stream, ReadWriteMode mode, byte[] buffer, int offset, int count)
    {
        switch (mode)
        {
            case ReadWriteMode.SyncArray:
                return stream.Read(buffer, offset, count);
            case ReadWriteMode.SyncSpan:
                return stream.Read(buffer.AsSpan(offset, count));
            case ReadWriteMode.SyncByte:
                int read = 0;
                while (read < count)
                {
                    int value = stream.ReadByte();
                    if (value < 0)
                    {
                        break;
                    }

                    buffer[offset + read++] = (byte)value;
                }

                return read;
            case ReadWriteMode.AsyncArray:
                return await stream.ReadAsync(buffer, offset, count);
            case ReadWriteMode.AsyncMemory:
                return await stream.ReadAsync(buffer.AsMemory(offset, count));
            default:
                return await Task.Factory.FromAsync(stream.BeginRead, stream.EndRead, buffer, offset, count, null);
        }
    }

    /// <summary>
    /// Asserts that a bad call threw what .NET's <see cref="MemoryStream"/> throws. Where the BCL is not .NET's
    /// (<see cref="TestPlatform.BclMatchesNet"/>: .NET Framework's and Mono's <see cref="MemoryStream"/> throw
    /// <see cref="ArgumentException"/> where .NET throws its subclass, and let some bad calls through), that this stream
    /// threw an exception of the same family wherever the BCL's threw.
    /// </summary>
    protected static void AssertThrewLikeMemoryStream(string name, Exception? expected, Exception? actual)
    {
        if (!TestPlatform.BclMatchesNet)
        {
            // Where the older MemoryStream (or Stream's own Begin/End pair there) lets a bad call through, so may we.
            if (expected is not null)
            {
                Assert.True(actual is not null, $"{name}: MemoryStream threw {expected.GetType().Name}, this stream nothing");
                Assert.True(expected.GetType() == actual!.GetType() || (expected is ArgumentException && actual is ArgumentException), $"{name}: MemoryStream threw {expected.GetType().Name}, this stream {actual.GetType().Name}");
            }

            return;
        }

        Assert.NotNull(expected);
        Assert.True(actual?.GetType() == expected!.GetType(), $"{name}: MemoryStream threw {expected.GetType().Name}, this stream {actual?.GetType().Name ?? "nothing"}");
    }

    private static IEnumerable<(string Name, Action<Stream> Write)> BadWrites(byte[] buffer)
    {
        yield return ("Write(null)", s => s.Write(null!, 0, 1));
        yield return ("Write(offset -1)", s => s.Write(buffer, -1, 1));
        yield return ("Write(count -1)", s => s.Write(buffer, 0, -1));
        yield return ("Write(offset past end)", s => s.Write(buffer, 11, 0));
        yield return ("Write(offset + count past end)", s => s.Write(buffer, 5, 6));
        yield return ("Write(int.MaxValue count)", s => s.Write(buffer, 1, int.MaxValue));
        yield return ("WriteAsync(null)", s => s.WriteAsync(null!, 0, 1).GetAwaiter().GetResult());
        yield return ("WriteAsync(offset -1)", s => s.WriteAsync(buffer, -1, 1).GetAwaiter().GetResult());
        yield return ("WriteAsync(count -1)", s => s.WriteAsync(buffer, 0, -1).GetAwaiter().GetResult());
        yield return ("WriteAsync(offset + count past end)", s => s.WriteAsync(buffer, 9, 2).GetAwaiter().GetResult());
        // Begin and End as a pair: .NET validates in BeginWrite; .NET Framework's Stream (Mono's too) fails the operation
        // and throws in EndWrite, and until EndWrite its async semaphore stays taken, so a lone BeginWrite would hang the
        // stream's next asynchronous call.
        yield return ("BeginWrite(null)", s => s.EndWrite(s.BeginWrite(null!, 0, 1, null, null)));
        yield return ("BeginWrite(offset + count past end)", s => s.EndWrite(s.BeginWrite(buffer, 9, 2, null, null)));
        yield return ("EndWrite(null)", s => s.EndWrite(null!));
    }

    private static IEnumerable<(string Name, bool Reads, Action<Stream> Use)> Members()
    {
        byte[] buffer = new byte[8];
        yield return ("Length", true, s => _ = s.Length);
        yield return ("Position get", true, s => _ = s.Position);
        yield return ("Position set", true, s => s.Position = 1);
        yield return ("Position = -1", true, s => s.Position = -1);
        yield return ("Position = long.MaxValue", true, s => s.Position = long.MaxValue);
        yield return ("Seek(long.MaxValue)", true, s => s.Seek(long.MaxValue, SeekOrigin.Begin));
        yield return ("Seek(bad origin)", true, s => s.Seek(0, (SeekOrigin)7));
        yield return ("SetLength(-1)", true, s => s.SetLength(-1));
        yield return ("SetLength(long.MaxValue)", true, s => s.SetLength(long.MaxValue));
        yield return ("Seek", true, s => s.Seek(1, SeekOrigin.Begin));
        yield return ("SetLength", true, s => s.SetLength(1));
        yield return ("Read(array)", true, s => _ = s.Read(buffer, 0, 4));
        yield return ("Read(span)", true, s => _ = s.Read(buffer.AsSpan()));
        yield return ("ReadByte", true, s => s.ReadByte());
        yield return ("ReadAsync(array)", true, s => _ = s.ReadAsync(buffer, 0, 4).GetAwaiter().GetResult());
        yield return ("ReadAsync(memory)", true, s => _ = s.ReadAsync(buffer.AsMemory()).AsTask().GetAwaiter().GetResult());
        yield return ("BeginRead", true, s => s.EndRead(s.BeginRead(buffer, 0, 4, null, null)));
        yield return ("CopyTo", true, s => s.CopyTo(new MemoryStream()));
        yield return ("CopyToAsync", true, s => s.CopyToAsync(new MemoryStream()).GetAwaiter().GetResult());
        yield return ("Write(array)", false, s => s.Write(buffer, 0, 4));
        yield return ("Write(span)", false, s => s.Write(buffer.AsSpan()));
        yield return ("Write(empty span)", false, s => s.Write(ReadOnlySpan<byte>.Empty));
        yield return ("WriteByte", false, s => s.WriteByte(1));
        yield return ("WriteAsync(array)", false, s => s.WriteAsync(buffer, 0, 4).GetAwaiter().GetResult());
        yield return ("WriteAsync(memory)", false, s => s.WriteAsync(buffer.AsMemory()).AsTask().GetAwaiter().GetResult());
        yield return ("BeginWrite", false, s => s.EndWrite(s.BeginWrite(buffer, 0, 4, null, null)));
        yield return ("Flush", false, s => s.Flush());
        yield return ("FlushAsync", false, s => s.FlushAsync().GetAwaiter().GetResult());
    }

    /// <summary>Returns the ASCII bytes of <paramref name="text"/>.</summary>
    protected static byte[] Ascii(string text) => Encoding.ASCII.GetBytes(text);
}
