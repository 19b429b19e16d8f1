using System.Buffers;
using System.Buffers.Text;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Text;
using System.Xml;
using Gen0.Buffers;

namespace Gen0.IO;

/// <summary>
/// A write-only stream that Base64-encodes what is written to it, as it arrives, into a <see cref="Stream"/> (as
/// UTF-8 bytes), a <see cref="TextWriter"/> or an <see cref="XmlWriter"/>, so that a payload can be produced as Base64
/// without first being collected in a <c>byte[]</c>.
/// </summary>
/// <remarks>
/// <para>
/// The design problem (seed 004): serializing a response, copying it into a temporary array, then calling
/// <see cref="Convert.ToBase64String(byte[])"/> or <see cref="XmlWriter.WriteBase64"/> on that array allocates two
/// buffers proportional to the payload, both on the LOH once it passes 85,000 bytes. Written through this stream,
/// the payload never exists in one piece.
/// </para>
/// <para>
/// Invariants: at most two input bytes are held between writes (Base64 encodes three bytes at a time); one fixed
/// buffer of a few kilobytes, rented from the pool on first write and returned on dispose, stages the output; the part of it that held output
/// is cleared before it goes back, so the payload never reaches the pool's next renter. Every
/// write passes all complete three-byte groups on; <see cref="Flush"/> flushes the destination and never writes
/// padding; <see cref="FlushFinalBlock"/> (called by <see cref="Stream.Dispose()"/> if not called before) encodes
/// the last one or two bytes with padding. The output equals <see cref="Convert.ToBase64String(byte[])"/> of the
/// concatenated input, however the input was split.
/// </para>
/// <para>
/// For an <see cref="XmlWriter"/> the stream hands the raw bytes to <see cref="XmlWriter.WriteBase64"/> in complete
/// groups, so a binary XML writer (WCF's <c>XmlDictionaryWriter</c>) stores them natively and a text writer encodes
/// them; the writer adds the padding when its element ends. Not thread-safe.
/// </para>
/// </remarks>
[DebuggerDisplay("Pending = {_pendingCount}, Final = {_finalBlockWritten}")]
public sealed class Base64EncodingStream : Stream
{
    // Output bytes staged per destination call: a multiple of 4 (encoded groups) and of 3 (raw groups for XML).
    private const int BufferLength = 12 * 1024;

    private readonly Stream? _stream;
    private readonly TextWriter? _textWriter;
    private readonly XmlWriter? _xmlWriter;
    private readonly bool _leaveOpen;

    private byte[]? _buffer;
    private char[]? _chars;

    // The most output ever staged at once: that prefix of the buffers is cleared before they go back to the pool, so
    // the encoded payload never reaches the pool's next renter (at most BufferLength bytes and chars to clear).
    private int _staged;
    private byte _pending0;
    private byte _pending1;
    private int _pendingCount;
    private bool _finalBlockWritten;
    private bool _disposed;

    /// <summary>Initializes a stream that writes the Base64 text, as UTF-8 (ASCII) bytes, to <paramref name="destination"/>.</summary>
    /// <param name="destination">The stream to write the Base64 text to.</param>
    /// <param name="leaveOpen"><see langword="true"/> to leave <paramref name="destination"/> open when this stream is disposed.</param>
    /// <exception cref="ArgumentNullException"><paramref name="destination"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is not writable.</exception>
    public Base64EncodingStream(Stream destination, bool leaveOpen = false)
    {
        if (destination is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(destination));
        }

        if (!destination.CanWrite)
        {
            throw new ArgumentException("The destination stream is not writable.", nameof(destination));
        }

        _stream = destination;
        _leaveOpen = leaveOpen;
    }

    /// <summary>Initializes a stream that writes the Base64 text to <paramref name="destination"/>.</summary>
    /// <param name="destination">The writer to write the Base64 text to.</param>
    /// <param name="leaveOpen"><see langword="true"/> to leave <paramref name="destination"/> open when this stream is disposed.</param>
    /// <exception cref="ArgumentNullException"><paramref name="destination"/> is <see langword="null"/>.</exception>
    public Base64EncodingStream(TextWriter destination, bool leaveOpen = false)
    {
        if (destination is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(destination));
        }

        _textWriter = destination;
        _leaveOpen = leaveOpen;
    }

    /// <summary>Initializes a stream that writes what it receives to <paramref name="destination"/> with <see cref="XmlWriter.WriteBase64"/>, typically inside an element the caller has started.</summary>
    /// <param name="destination">The XML writer.</param>
    /// <param name="leaveOpen"><see langword="true"/> to leave <paramref name="destination"/> open when this stream is disposed (the usual case: the caller still has to end the element).</param>
    /// <exception cref="ArgumentNullException"><paramref name="destination"/> is <see langword="null"/>.</exception>
    public Base64EncodingStream(XmlWriter destination, bool leaveOpen = false)
    {
        if (destination is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(destination));
        }

        _xmlWriter = destination;
        _leaveOpen = leaveOpen;
    }

    /// <summary>Gets the pool the staging bytes come from (the default pool; tests substitute a recording one).</summary>
    internal ArrayPool<byte> BytePool { get; init; } = DefaultArrayPool<byte>.Instance;

    /// <summary>Gets the pool the staging chars of a <see cref="TextWriter"/> destination come from.</summary>
    internal ArrayPool<char> CharPool { get; init; } = DefaultArrayPool<char>.Instance;

    /// <summary>Gets whether <see cref="FlushFinalBlock"/> has run: the padding is written and nothing more can be.</summary>
    public bool HasFlushedFinalBlock => _finalBlockWritten;

    /// <inheritdoc/>
    public override bool CanRead => false;

    /// <inheritdoc/>
    public override bool CanSeek => false;

    /// <inheritdoc/>
    public override bool CanWrite => !_disposed && !_finalBlockWritten;

    /// <summary>Not supported: the stream is write-only.</summary>
    /// <exception cref="NotSupportedException">Always.</exception>
    public override long Length => throw NotSeekable();

    /// <summary>Not supported: the stream is write-only.</summary>
    /// <exception cref="NotSupportedException">Always.</exception>
    public override long Position
    {
        get => throw NotSeekable();
        set => throw NotSeekable();
    }

    /// <summary>Not supported: the stream is write-only.</summary>
    /// <param name="buffer">Unused.</param>
    /// <param name="offset">Unused.</param>
    /// <param name="count">Unused.</param>
    /// <returns>Never returns.</returns>
    /// <exception cref="NotSupportedException">Always.</exception>
    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException("Stream does not support reading.");

    /// <summary>Not supported: the stream is write-only.</summary>
    /// <param name="offset">Unused.</param>
    /// <param name="origin">Unused.</param>
    /// <returns>Never returns.</returns>
    /// <exception cref="NotSupportedException">Always.</exception>
    public override long Seek(long offset, SeekOrigin origin) => throw NotSeekable();

    /// <summary>Not supported: the stream is write-only.</summary>
    /// <param name="value">Unused.</param>
    /// <exception cref="NotSupportedException">Always.</exception>
    public override void SetLength(long value) => throw NotSeekable();

    /// <inheritdoc/>
    public override void Write(byte[] buffer, int offset, int count)
    {
        ValidateBufferArguments(buffer, offset, count);
        Write(new ReadOnlySpan<byte>(buffer, offset, count));
    }

    /// <inheritdoc/>
    public override void Write(ReadOnlySpan<byte> buffer)
    {
        EnsureWritable();
        while (!buffer.IsEmpty)
        {
            int produced = Fill(buffer, out int consumed);
            buffer = buffer[consumed..];
            if (produced > 0)
            {
                Emit(produced);
            }
        }
    }

    /// <inheritdoc/>
    public override void WriteByte(byte value) => Write([value]);

    /// <inheritdoc/>
    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
    {
        ValidateBufferArguments(buffer, offset, count);
        return WriteAsync(new ReadOnlyMemory<byte>(buffer, offset, count), cancellationToken).AsTask();
    }

    /// <inheritdoc/>
    public override async ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        EnsureWritable();
        cancellationToken.ThrowIfCancellationRequested();
        while (!buffer.IsEmpty)
        {
            int produced = Fill(buffer.Span, out int consumed);
            buffer = buffer[consumed..];
            if (produced > 0)
            {
                await EmitAsync(produced, cancellationToken).ConfigureAwait(false);
            }
        }
    }

    /// <summary>Flushes the destination. Writes only complete three-byte groups (which every write has already passed on); never writes padding.</summary>
    public override void Flush()
    {
        EnsureNotDisposed();
        FlushDestination();
    }

    /// <inheritdoc/>
    public override async Task FlushAsync(CancellationToken cancellationToken)
    {
        EnsureNotDisposed();
        if (_stream is not null)
        {
            await _stream.FlushAsync(cancellationToken).ConfigureAwait(false);
        }
        else if (_textWriter is not null)
        {
            await _textWriter.FlushAsync(cancellationToken).ConfigureAwait(false);
        }
        else
        {
            FlushDestination();
        }
    }

    /// <summary>
    /// Encodes the one or two bytes still held, with padding, and flushes the destination. Nothing can be written
    /// afterwards. <see cref="Stream.Dispose()"/> calls it when it has not been called.
    /// </summary>
    /// <exception cref="NotSupportedException">It has already been called (as for <c>CryptoStream</c>).</exception>
    public void FlushFinalBlock()
    {
        int produced = BeginFinalBlock();
        if (produced > 0)
        {
            Emit(produced);
        }

        FlushDestination();
    }

    /// <summary>Asynchronously encodes the one or two bytes still held, with padding, and flushes the destination; see <see cref="FlushFinalBlock"/>.</summary>
    /// <param name="cancellationToken">The token to monitor for cancellation.</param>
    /// <returns>A task that completes when the padding is written and the destination flushed.</returns>
    /// <exception cref="NotSupportedException">The final block has already been written.</exception>
    public async ValueTask FlushFinalBlockAsync(CancellationToken cancellationToken = default)
    {
        int produced = BeginFinalBlock();
        if (produced > 0)
        {
            await EmitAsync(produced, cancellationToken).ConfigureAwait(false);
        }

        await FlushAsync(cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc/>
    public override async ValueTask DisposeAsync()
    {
        if (!_disposed)
        {
            try
            {
                if (!_finalBlockWritten)
                {
                    await FlushFinalBlockAsync().ConfigureAwait(false);
                }
            }
            finally
            {
                _disposed = true;
                ReturnBuffers();
                if (!_leaveOpen)
                {
                    if (_stream is not null)
                    {
                        await _stream.DisposeAsync().ConfigureAwait(false);
                    }

                    if (_textWriter is not null)
                    {
                        await _textWriter.DisposeAsync().ConfigureAwait(false);
                    }

                    _xmlWriter?.Dispose();
                }
            }
        }

        GC.SuppressFinalize(this);
    }

    /// <summary>Marks the stream finished without writing the final block: for callers whose producer failed midway.</summary>
    internal void Abandon() => _finalBlockWritten = true;

    /// <inheritdoc/>
    protected override void Dispose(bool disposing)
    {
        if (disposing && !_disposed)
        {
            try
            {
                if (!_finalBlockWritten)
                {
                    FlushFinalBlock();
                }
            }
            finally
            {
                _disposed = true;
                ReturnBuffers();
                if (!_leaveOpen)
                {
                    _stream?.Dispose();
                    _textWriter?.Dispose();
                    _xmlWriter?.Dispose();
                }
            }
        }

        base.Dispose(disposing);
    }

    /// <summary>
    /// Stages output from <paramref name="input"/> in the buffer: first the held bytes completed to a group, then as
    /// many whole groups as fit; when fewer than three bytes are left, they become the held bytes.
    /// </summary>
    /// <returns>The number of bytes staged.</returns>
    private int Fill(ReadOnlySpan<byte> input, out int consumed)
    {
        byte[] buffer = _buffer ??= BytePool.Rent(BufferLength);
        bool encode = _xmlWriter is null;
        int filled = 0;
        consumed = 0;
        if (_pendingCount > 0)
        {
            Span<byte> group = [_pending0, _pending1, 0];
            int count = _pendingCount;
            while (count < 3 && consumed < input.Length)
            {
                group[count++] = input[consumed++];
            }

            if (count < 3)
            {
                _pending0 = group[0];
                _pending1 = group[1];
                _pendingCount = count;
                return 0;
            }

            _pendingCount = 0;
            filled = encode ? Encode(group, buffer, final: false) : Copy(group, buffer);
        }

        int wholeGroups = (input.Length - consumed) / 3 * 3;
        int room = encode ? (BufferLength - filled) / 4 * 3 : (BufferLength - filled) / 3 * 3;
        int take = Math.Min(wholeGroups, room);
        if (take > 0)
        {
            ReadOnlySpan<byte> source = input.Slice(consumed, take);
            filled += encode ? Encode(source, buffer.AsSpan(filled), final: false) : Copy(source, buffer.AsSpan(filled));
            consumed += take;
        }

        if (take == wholeGroups)
        {
            int left = input.Length - consumed;
            if (left > 0)
            {
                _pending0 = input[consumed];
                _pending1 = left > 1 ? input[consumed + 1] : (byte)0;
                _pendingCount = left;
                consumed = input.Length;
            }
        }

        return filled;
    }

    /// <summary>Marks the final block written and stages the held bytes, with padding when encoding.</summary>
    /// <returns>The number of bytes staged.</returns>
    private int BeginFinalBlock()
    {
        EnsureNotDisposed();
        if (_finalBlockWritten)
        {
            ThrowFinalBlockWritten();
        }

        _finalBlockWritten = true;
        if (_pendingCount == 0)
        {
            return 0;
        }

        byte[] buffer = _buffer ??= BytePool.Rent(BufferLength);
        ReadOnlySpan<byte> group = _pendingCount == 1 ? [_pending0] : [_pending0, _pending1];
        _pendingCount = 0;
        return _xmlWriter is null ? Encode(group, buffer, final: true) : Copy(group, buffer);
    }

    private static int Encode(ReadOnlySpan<byte> source, Span<byte> destination, bool final)
    {
        OperationStatus status = Base64.EncodeToUtf8(source, destination, out _, out int written, isFinalBlock: final);
        Debug.Assert(status == OperationStatus.Done);
        return written;
    }

    private static int Copy(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        source.CopyTo(destination);
        return source.Length;
    }

    private void Emit(int count)
    {
        NoteStaged(count);
        byte[] buffer = _buffer!;
        if (_stream is not null)
        {
            _stream.Write(buffer, 0, count);
        }
        else if (_textWriter is not null)
        {
            _textWriter.Write(Widen(count), 0, count);
        }
        else
        {
            _xmlWriter!.WriteBase64(buffer, 0, count);
        }
    }

    private Task EmitAsync(int count, CancellationToken cancellationToken)
    {
        NoteStaged(count);
        byte[] buffer = _buffer!;
        if (_stream is not null)
        {
            return _stream.WriteAsync(buffer.AsMemory(0, count), cancellationToken).AsTask();
        }

        if (_textWriter is not null)
        {
            return _textWriter.WriteAsync(Widen(count).AsMemory(0, count), cancellationToken);
        }

        if (_xmlWriter!.Settings?.Async == true)
        {
            return _xmlWriter.WriteBase64Async(buffer, 0, count);
        }

        _xmlWriter.WriteBase64(buffer, 0, count);
        return Task.CompletedTask;
    }

    // Base64 text is ASCII, so widening the encoded bytes gives the UTF-16 text (vectorized, as Convert does).
    private char[] Widen(int count)
    {
        char[] chars = _chars ??= CharPool.Rent(BufferLength);
        Ascii.ToUtf16(_buffer.AsSpan(0, count), chars, out _);
        return chars;
    }

    private void NoteStaged(int count)
    {
        if (count > _staged)
        {
            _staged = count;
        }
    }

    private void FlushDestination()
    {
        _stream?.Flush();
        _textWriter?.Flush();
        _xmlWriter?.Flush();
    }

    private void ReturnBuffers()
    {
        if (_buffer is { } buffer)
        {
            _buffer = null;
            buffer.AsSpan(0, _staged).Clear();
            BytePool.Return(buffer);
        }

        if (_chars is { } chars)
        {
            _chars = null;
            chars.AsSpan(0, _staged).Clear();
            CharPool.Return(chars);
        }
    }

    private void EnsureNotDisposed()
    {
        if (_disposed)
        {
            ThrowHelper.ThrowObjectDisposed(nameof(Base64EncodingStream), "Cannot access a closed Stream.");
        }
    }

    private void EnsureWritable()
    {
        EnsureNotDisposed();
        if (_finalBlockWritten)
        {
            ThrowFinalBlockWritten();
        }
    }

    private static NotSupportedException NotSeekable() => new("Stream does not support seeking.");

    [DoesNotReturn]
    private static void ThrowFinalBlockWritten() =>
        throw new NotSupportedException("The final Base64 block has been written (FlushFinalBlock or Dispose); nothing more can be written to this stream. Create a new Base64EncodingStream for a new payload.");
}
