using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.IO.Conformance;

/// <summary>
/// What a readable, writable, seekable memory stream must do: read argument validation; every way of reading and
/// copying; seek, position and length edges up to <see cref="long.MaxValue"/>; writes past the end (the gap reads as
/// zeros); shrink then grow (no stale byte comes back); pre-cancelled reads and copies. Every length straddles
/// <see cref="StreamConformanceTests.BoundarySize"/> (-1/0/+1).
/// </summary>
public abstract class SeekableStreamConformanceTests : StreamConformanceTests
{
    /// <summary>Gets the furthest the stream's position may be set (int.MaxValue for <see cref="MemoryStream"/>).</summary>
    protected abstract long MaxPosition { get; }

    /// <summary>
    /// Gets whether <see cref="Stream.WriteByte"/> at <see cref="MaxPosition"/> throws <see cref="IOException"/> as a
    /// write does. .NET 10's <see cref="MemoryStream"/> does not (it throws IndexOutOfRangeException): the control
    /// records the BCL's own deviation instead of hiding it.
    /// </summary>
    protected virtual bool WriteByteAtMaxPositionThrowsIOException => true;

    /// <summary>Gets whether <paramref name="error"/> is what seeking past <see cref="MaxPosition"/> throws (.NET's <see cref="MemoryStream"/>: <see cref="ArgumentOutOfRangeException"/>).</summary>
    protected virtual bool IsSeekPastMaxPositionFailure(Exception? error) => error is ArgumentOutOfRangeException;

    private void AssertSeekPastMaxPositionFails(Action seek)
    {
        Exception? error = Record.Exception(seek);
        Assert.True(IsSeekPastMaxPositionFailure(error), $"seeking past the furthest position threw {error?.GetType().Name ?? "nothing"}");
    }

    protected override bool CanReadAndSeek => true;

    /// <summary>Lengths around each of the first boundaries.</summary>
    protected IEnumerable<int> EdgeLengths()
    {
        int b = BoundarySize;
        var lengths = new SortedSet<int> { 0, 1, 2 };
        for (int k = 1; k <= 3; k++)
        {
            lengths.Add((k * b) - 1);
            lengths.Add(k * b);
            lengths.Add((k * b) + 1);
        }

        return lengths;
    }

    protected override byte[] Finish(Stream stream)
    {
        stream.Position = 0;
        byte[] all = new byte[stream.Length];
        stream.ReadExactly(all);
        return all;
    }

    [Fact]
    public void ReadArguments_AreValidatedLikeMemoryStream_AndChangeNothing()
    {
        byte[] data = Data(BoundarySize + 1);
        Stream stream = CreateWritable();
        stream.Write(data);
        stream.Position = 3;
        var bcl = new MemoryStream();
        bcl.Write(data);
        bcl.Position = 3;
        byte[] buffer = new byte[10];
        var cases = new (string Name, Action<Stream> Use)[]
        {
            ("Read(null)", s => _ = s.Read(null!, 0, 1)),
            ("Read(offset -1)", s => _ = s.Read(buffer, -1, 1)),
            ("Read(count -1)", s => _ = s.Read(buffer, 0, -1)),
            ("Read(offset past end)", s => _ = s.Read(buffer, 11, 0)),
            ("Read(offset + count past end)", s => _ = s.Read(buffer, 8, 3)),
            ("ReadAsync(null)", s => _ = s.ReadAsync(null!, 0, 1).GetAwaiter().GetResult()),
            ("ReadAsync(count -1)", s => _ = s.ReadAsync(buffer, 0, -1).GetAwaiter().GetResult()),
            ("ReadAsync(offset + count past end)", s => _ = s.ReadAsync(buffer, 10, 1).GetAwaiter().GetResult()),
            ("BeginRead(null)", s => s.EndRead(s.BeginRead(null!, 0, 1, null, null))), // a pair: see StreamConformanceTests.BadWrites
            ("EndRead(null)", s => s.EndRead(null!)),
            ("CopyTo(null)", s => s.CopyTo(null!)),
            ("CopyTo(bufferSize 0)", s => s.CopyTo(new MemoryStream(), 0)),
            ("CopyTo(bufferSize -1)", s => s.CopyTo(new MemoryStream(), -1)),
            ("CopyTo(read-only)", s => s.CopyTo(new MemoryStream([], writable: false))),
            ("CopyTo(disposed)", s => s.CopyTo(Disposed())),
            ("CopyToAsync(null)", s => s.CopyToAsync(null!).GetAwaiter().GetResult()),
            ("CopyToAsync(bufferSize 0)", s => s.CopyToAsync(new MemoryStream(), 0).GetAwaiter().GetResult()),
            ("CopyToAsync(disposed)", s => s.CopyToAsync(Disposed()).GetAwaiter().GetResult()),
            ("Seek(bad origin)", s => s.Seek(0, (SeekOrigin)3)),
            ("Seek(bad origin -1)", s => s.Seek(0, (SeekOrigin)(-1))),
            ("Seek(-1, Begin)", s => s.Seek(-1, SeekOrigin.Begin)),
            ("Seek(-4, Current)", s => s.Seek(-4, SeekOrigin.Current)),
            ("Seek(long.MinValue, End)", s => s.Seek(long.MinValue, SeekOrigin.End)),
            ("Seek(long.MaxValue, Begin)", s => s.Seek(long.MaxValue, SeekOrigin.Begin)),
            ("Seek(long.MaxValue, Current)", s => s.Seek(long.MaxValue, SeekOrigin.Current)),
            ("Seek(long.MaxValue, End)", s => s.Seek(long.MaxValue, SeekOrigin.End)),
            ("Position = -1", s => s.Position = -1),
            ("Position = long.MinValue", s => s.Position = long.MinValue),
            ("Position = long.MaxValue", s => s.Position = long.MaxValue),
            ("SetLength(-1)", s => s.SetLength(-1)),
            ("SetLength(long.MinValue)", s => s.SetLength(long.MinValue)),
            ("SetLength(long.MaxValue)", s => s.SetLength(long.MaxValue)),
        };

        foreach ((string name, Action<Stream> use) in cases)
        {
            Exception? expected = Catch(() => use(bcl));
            Exception? actual = Catch(() => use(stream));
            AssertThrewLikeMemoryStream(name, expected, actual);
            Assert.Equal(3, stream.Position);
            Assert.Equal(data.Length, stream.Length);
        }

        SpanAssert.Equal(data, Finish(stream));
    }

    [Theory]
    [MemberData(nameof(ModesAndChunks))]
    public async Task Read_EveryWay_ReturnsTheData(ReadWriteMode mode, int chunk)
    {
        byte[] data = Data((3 * BoundarySize) + 1);
        Stream stream = CreateWritable();
        stream.Write(data);
        stream.Position = 0;
        byte[] back = new byte[data.Length + chunk];
        int total = 0;
        int read;
        while ((read = await ReadAsync(stream, mode, back, total, Math.Min(chunk, back.Length - total))) > 0)
        {
            total += read;
            Assert.Equal(total, stream.Position);
        }

        Assert.Equal(data.Length, total);
        SpanAssert.Equal(data, back.AsSpan(0, total).ToArray());

        // At the end (and past it) every read returns 0 and moves nothing.
        Assert.Equal(0, await ReadAsync(stream, mode, back, 0, 1));
        stream.Position = data.Length + 10L;
        Assert.Equal(0, await ReadAsync(stream, mode, back, 0, 1));
        Assert.Equal(-1, stream.ReadByte());
        Assert.Equal(data.Length + 10L, stream.Position);
        Assert.Equal(data.Length, stream.Length);
    }

    [Theory]
    [InlineData(ReadWriteMode.SyncArray)]
    [InlineData(ReadWriteMode.SyncSpan)]
    [InlineData(ReadWriteMode.AsyncArray)]
    [InlineData(ReadWriteMode.AsyncMemory)]
    [InlineData(ReadWriteMode.BeginEnd)]
    public async Task ZeroLengthReads_ReturnZero_AndMoveNothing(ReadWriteMode mode)
    {
        Stream stream = CreateWritable();
        stream.Write(Data(10));
        stream.Position = 4;
        Assert.Equal(0, await ReadAsync(stream, mode, new byte[4], 2, 0));
        Assert.Equal(0, await ReadAsync(stream, mode, [], 0, 0));
        Assert.Equal(4, stream.Position);
    }

    [Fact]
    public void Seek_EveryOrigin_AtEveryEdge()
    {
        foreach (int length in EdgeLengths())
        {
            Stream stream = CreateWritable();
            stream.Write(Data(length));
            foreach (long target in new long[] { 0, 1, length - 1L, length, length + 1L, (2L * BoundarySize) + 1, MaxPosition - 1, MaxPosition })
            {
                if (target < 0)
                {
                    continue;
                }

                Assert.Equal(target, stream.Seek(target, SeekOrigin.Begin));
                Assert.Equal(target, stream.Position);
                Assert.Equal(target, stream.Seek(0, SeekOrigin.Current));
                Assert.Equal(target, stream.Seek(target - length, SeekOrigin.End));
                stream.Position = 0;
                Assert.Equal(target, stream.Seek(target, SeekOrigin.Current));
                Assert.Equal(length, stream.Length);
            }

            // One past the furthest position fails from every origin, and moves nothing.
            stream.Position = 1;
            AssertSeekPastMaxPositionFails(() => stream.Seek(MaxPosition + 1, SeekOrigin.Begin));
            AssertSeekPastMaxPositionFails(() => stream.Seek(MaxPosition, SeekOrigin.Current));
            AssertSeekPastMaxPositionFails(() => stream.Seek(MaxPosition - length + 1, SeekOrigin.End));
            Assert.Throws<ArgumentOutOfRangeException>(() => stream.Position = MaxPosition + 1);
            Assert.Throws<IOException>(() => stream.Seek(-2, SeekOrigin.Current));
            Assert.Throws<IOException>(() => stream.Seek(-length - 1L, SeekOrigin.End));
            Assert.Equal(1, stream.Position);
            SpanAssert.Equal(Data(length), Finish(stream));
        }
    }

    [Fact]
    public void AtMaxPosition_ReadsReturnNothing_AndWritesThrowStreamTooLong()
    {
        Stream stream = CreateWritable();
        byte[] data = Data(BoundarySize + 1);
        stream.Write(data);
        stream.Position = MaxPosition;
        Assert.Equal(-1, stream.ReadByte());
        Assert.Equal(0, stream.Read(new byte[5]));
        Assert.Throws<IOException>(() => stream.Write([1], 0, 1));
        Assert.Throws<IOException>(() => stream.Write([1, 2, 3]));
        Assert.Throws<IOException>(() => stream.WriteAsync(new byte[2]).AsTask().GetAwaiter().GetResult());
        Exception? writeByte = Catch(() => stream.WriteByte(1));
        if (WriteByteAtMaxPositionThrowsIOException)
        {
            Assert.IsType<IOException>(writeByte);
        }
        else
        {
            Assert.IsType<IndexOutOfRangeException>(writeByte);
        }

        stream.Position = MaxPosition - 2;
        Assert.Throws<IOException>(() => stream.Write(new byte[3]));
        Assert.Equal(data.Length, stream.Length);
        SpanAssert.Equal(data, Finish(stream));
    }

    [Fact]
    public void WritePastTheEnd_FillsTheGapWithZeros()
    {
        foreach (int gapEnd in EdgeLengths())
        {
            foreach (int start in new[] { 0, 1, BoundarySize - 1, BoundarySize })
            {
                if (start > gapEnd)
                {
                    continue;
                }

                Stream stream = CreateWritable();
                stream.Write(Data(start));
                stream.Position = gapEnd;
                stream.WriteByte(0xEE);
                byte[] expected = [.. Data(start), .. new byte[gapEnd - start], 0xEE];
                SpanAssert.Equal(expected, Finish(stream));

                // Length-only growth (an empty write past the end) zero-fills too, as MemoryStream does.
                stream.Position = gapEnd + 5L;
                stream.Write(ReadOnlySpan<byte>.Empty);
                Assert.Equal(gapEnd + 5L, stream.Length);
                SpanAssert.Equal<byte>([.. expected, 0, 0, 0, 0], Finish(stream));
            }
        }
    }

    [Fact]
    public void SetLength_ShrinkThenGrow_BringsBackNoStaleByte()
    {
        foreach (int full in EdgeLengths())
        {
            foreach (int shrunk in EdgeLengths())
            {
                if (shrunk > full)
                {
                    continue;
                }

                Stream stream = CreateWritable();
                byte[] data = Enumerable.Repeat((byte)0xAB, full).ToArray();
                stream.Write(data);
                stream.Position = full;
                stream.SetLength(shrunk);
                Assert.Equal(shrunk, stream.Length);
                Assert.Equal(shrunk, stream.Position);
                stream.SetLength(full + 3L);
                Assert.Equal(shrunk, stream.Position);
                byte[] expected = [.. data.AsSpan(0, shrunk), .. new byte[full + 3 - shrunk]];
                SpanAssert.Equal(expected, Finish(stream));

                // Shrinking below the position moves it; growing does not.
                stream.Position = full;
                stream.SetLength(shrunk / 2);
                Assert.Equal(shrunk / 2, stream.Position);
                stream.SetLength(shrunk);
                Assert.Equal(shrunk / 2, stream.Position);
            }
        }
    }

    [Theory]
    [InlineData(1)]
    [InlineData(7)]
    [InlineData(4097)]
    [InlineData(81_920)]
    public Task CopyTo_AndCopyToAsync_CopyFromThePositionToTheEnd(int bufferSize) => CopyFromThePositionToTheEnd(bufferSize);

    [PlatformFact(Requires.NetAsset, "netstandard2.0's Stream.CopyTo(Stream, int) cannot be overridden: Stream's own allocates a buffer of bufferSize (docs/netstandard.md).")]
    public Task CopyTo_AndCopyToAsync_WithABufferSizeOfInt32MaxValue_AllocateNoSuchBuffer() => CopyFromThePositionToTheEnd(int.MaxValue);

    private async Task CopyFromThePositionToTheEnd(int bufferSize)
    {
        foreach (int length in EdgeLengths())
        {
            byte[] data = Data(length);
            foreach (int from in new[] { 0, 1, length / 2, length, length + 2 })
            {
                Stream stream = CreateWritable();
                stream.Write(data);
                stream.Position = from;
                var sync = new MemoryStream();
                stream.CopyTo(sync, bufferSize);
                SpanAssert.Equal(data.AsSpan(Math.Min(from, length)).ToArray(), sync.ToArray());
                Assert.Equal(Math.Max(from, length), stream.Position);

                stream.Position = from;
                var async = new MemoryStream();
                await stream.CopyToAsync(async, bufferSize);
                SpanAssert.Equal(sync.ToArray(), async.ToArray());
                Assert.Equal(Math.Max(from, length), stream.Position);
                Assert.Equal(length, stream.Length);
            }
        }
    }

    [Fact]
    public async Task PreCancelledReadsAndCopies_GiveCancelledTasks_AndMoveNothing()
    {
        using var cancelled = new CancellationTokenSource();
        cancelled.Cancel();
        Stream stream = CreateWritable();
        stream.Write(Data(100));
        stream.Position = 10;
        byte[] buffer = new byte[10];
        Assert.True(stream.ReadAsync(buffer, 0, 10, cancelled.Token).IsCanceled);
        Assert.True(stream.ReadAsync(buffer.AsMemory(), cancelled.Token).IsCanceled);
        Task copy = stream.CopyToAsync(new MemoryStream(), 81_920, cancelled.Token);
        Assert.True(copy.IsCanceled);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => copy);
        Assert.Equal(10, stream.Position);
        SpanAssert.Equal(new byte[10], buffer);
    }

    [Fact]
    public void ReadByteAndWriteByte_AcrossBoundaries_MatchArrayWrites()
    {
        int length = (2 * BoundarySize) + 3;
        byte[] data = Data(length);
        Stream stream = CreateWritable();
        foreach (byte b in data)
        {
            stream.WriteByte(b);
        }

        Assert.Equal(length, stream.Position);
        stream.Position = 0;
        for (int i = 0; i < length; i++)
        {
            Assert.Equal(data[i], stream.ReadByte());
        }

        Assert.Equal(-1, stream.ReadByte());

        // Overwrite in the middle with bytes, straddling a boundary.
        stream.Position = BoundarySize - 1;
        stream.WriteByte(1);
        stream.WriteByte(2);
        data[BoundarySize - 1] = 1;
        data[BoundarySize] = 2;
        SpanAssert.Equal(data, Finish(stream));
    }

    private static MemoryStream Disposed()
    {
        var stream = new MemoryStream();
        stream.Dispose();
        return stream;
    }
}
