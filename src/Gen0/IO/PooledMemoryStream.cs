using System.Buffers;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using Gen0.Buffers;

namespace Gen0.IO;

/// <summary>
/// A <see cref="MemoryStream"/> made of pooled blocks that each stay below the Large Object Heap threshold, so that
/// building a payload of any size neither allocates on the LOH nor leaves garbage behind. It derives from
/// <see cref="MemoryStream"/>, as RecyclableMemoryStream does, so every API typed <see cref="MemoryStream"/> takes it.
/// </summary>
/// <remarks>
/// <para>
/// A <see cref="MemoryStream"/> keeps its data in one array and doubles it as it grows: past 85,000 bytes every
/// doubling allocates a new array on the LOH, which only a gen 2 collection reclaims. This stream keeps its data in a
/// chain of blocks (<see cref="DefaultBlockSize"/> = 64 KiB, the largest power of two below the threshold) rented
/// from an <see cref="ArrayPool{T}"/> and returned on <see cref="Stream.Dispose()"/>. Growing never copies.
/// </para>
/// <para>
/// Memory bound: idle blocks live in the pool, so the pool bounds them. The default pool is a block pool sized for
/// streams, separate from the library's general-purpose pool: it keeps at most 128 MiB of idle blocks, less under a
/// memory limit (a sixteenth of it), enough for a 100 MB stream, or several smaller ones, to be built again and again
/// without allocating; it pools nothing larger than a block, releases blocks idle for 60 seconds, and releases them
/// sooner when committed memory nears the limit (docs/container.md). A stream larger than that budget gets the excess dropped on
/// dispose and allocated again next time; give such streams a pool of their own. This is the difference from
/// RecyclableMemoryStream, whose default manager keeps every returned block without limit and whose 128 KiB default
/// block is itself a large object. The block tables are rented from the shared pools too, so in steady state a stream
/// allocates only itself.
/// </para>
/// <para>
/// Invariants: block <c>i</c> covers the stream bytes <c>[start[i], start[i + 1])</c> and the last block covers
/// <c>[start[last], capacity)</c>; no block covers zero bytes; bytes at or after <see cref="Length"/> are undefined
/// and are zeroed whenever the length grows over them (as <see cref="MemoryStream"/> does). Blocks are usually all
/// of the block size; <see cref="GetSpan(int)"/> may close a block early, or add a block of the size asked for, to
/// hand out contiguous memory without a hidden copy.
/// </para>
/// <para>
/// Behaviour follows <see cref="MemoryStream"/> member by member, exception types included, and every member of
/// <see cref="MemoryStream"/> is overridden, so no byte ever lives in <see cref="MemoryStream"/>'s own buffer (its base
/// state is an empty array). The differences: <see cref="Length"/> and <see cref="Position"/> may exceed
/// <see cref="int.MaxValue"/>, up to the manager's <see cref="PooledMemoryStreamOptions.MaximumStreamCapacity"/> (at
/// most <see cref="MaxLength"/>), and <see cref="Capacity64"/> is the capacity as a <see cref="long"/>;
/// <see cref="GetBuffer"/> copies the blocks into one array when the data spans several (see there for the cost);
/// after
/// <see cref="Stream.Dispose()"/> the blocks are back in the pool, so <see cref="ToArray"/>, <see cref="GetBuffer"/>
/// and <see cref="TryGetBuffer"/> throw <see cref="ObjectDisposedException"/> (a <see cref="MemoryStream"/> keeps
/// answering them); <see cref="CanRead"/>, <see cref="CanSeek"/>, <see cref="CanWrite"/> return
/// <see langword="false"/> and <see cref="Flush"/> does nothing, as for a closed <see cref="MemoryStream"/>.
/// Like <see cref="MemoryStream"/>, an instance is not thread-safe. Unlike a <see cref="MemoryStream"/>'s private array,
/// a block goes back to a shared pool, where the next renter could read it: it is cleared on the way back only with
/// <see cref="ClearMode.Always"/> (or a pool that clears what it keeps).
/// </para>
/// <para>
/// The table of blocks is the one array that grows with the stream: it is pooled up to 8,192 blocks (512 MiB with
/// 64 KiB blocks) and stays below the LOH up to 10,621 blocks (about 664 MiB).
/// </para>
/// <para>
/// Lifecycle diagnostics (PooledMemoryStream.Diagnostics.cs): every stream has an <see cref="Id"/> and an optional
/// <see cref="Tag"/>, shown by <see cref="ToString"/>, the debugger and every <c>Gen0-IO</c> event (created, disposed,
/// disposed twice, finalized without dispose, large <see cref="ToArray"/>, over capacity); the <c>Gen0.IO</c> meter
/// counts live, leaked and double-disposed streams. Configure streams through a <see cref="PooledMemoryStreamManager"/>;
/// the constructors use <see cref="PooledMemoryStreamManager.Shared"/>'s settings with the pool and block size given.
/// </para>
/// </remarks>
[DebuggerDisplay("{DebuggerDisplay,nq}")]
public sealed partial class PooledMemoryStream : MemoryStream, IBufferWriter<byte>
{
    /// <summary>The default block size: 64 KiB, the largest power of two whose array stays below the LOH threshold.</summary>
    public const int DefaultBlockSize = 64 * 1024;

    /// <summary>
    /// The longest a stream can ever be, and the furthest its position can be set: 2^40 bytes (1 TiB), the default
    /// and the upper bound of <see cref="PooledMemoryStreamOptions.MaximumStreamCapacity"/>. Setting
    /// <see cref="Position"/>, <see cref="Seek"/>, <see cref="SetLength"/> or <see cref="Capacity64"/> beyond the
    /// stream's maximum throws <see cref="ArgumentOutOfRangeException"/>; a write that would end beyond it throws
    /// <see cref="IOException"/> ("Stream was too long"), as <see cref="MemoryStream"/> does at
    /// <see cref="int.MaxValue"/>. Both are checked before anything is rented, and the stream is left as it was.
    /// </summary>
    /// <remarks>
    /// A stream may exceed <see cref="int.MaxValue"/> bytes, but a request for more than a stream can ever hold must
    /// fail at once rather than rent blocks until the process runs out of memory. The bound also keeps every
    /// <c>position + count</c> far from overflowing. Growth that the GC could never satisfy (more than
    /// <see cref="GCMemoryInfo.TotalAvailableMemoryBytes"/>) throws <see cref="OutOfMemoryException"/> before renting,
    /// as <see cref="MemoryStream.SetLength"/> does for a length it cannot allocate.
    /// </remarks>
    public const long MaxLength = 1L << 40;

    // Growth below this size is never checked against the machine's memory (the check allocates a little).
    private const long MemoryCheckThreshold = 256L << 20;

    private readonly PooledMemoryStreamManager _manager;
    private readonly ArrayPool<byte> _pool;
    private readonly int _blockSize;
    private readonly bool _clearOnReturn;
    private readonly long _maxLength;

    private byte[][] _blocks = [];
    private long[] _starts = [];
    private int _blockCount;
    private long _capacity;
    private long _length;
    private long _position;

    // The block the last access touched, so that sequential access finds its block with two comparisons.
    private int _cursorIndex;
    private byte[] _cursorBlock = [];
    private long _cursorStart;
    private long _cursorEnd;

    // Blocks allocated for a large GetSpan size hint rather than rented: they are dropped, not returned.
    private List<byte[]>? _unpooledBlocks;

    private bool _isOpen = true;
    private bool _writable;
    private Task<int>? _lastReadTask;

    /// <summary>Initializes an empty, writable stream that rents <see cref="DefaultBlockSize"/> blocks from the default pool.</summary>
    public PooledMemoryStream()
        : this(null, DefaultBlockSize)
    {
    }

    /// <summary>Initializes an empty, writable stream that rents <see cref="DefaultBlockSize"/> blocks from <paramref name="pool"/>.</summary>
    /// <param name="pool">The pool to rent blocks from; <see langword="null"/> for the default pool.</param>
    public PooledMemoryStream(ArrayPool<byte>? pool)
        : this(pool, DefaultBlockSize)
    {
    }

    /// <summary>Initializes an empty, writable stream that rents blocks of <paramref name="blockSize"/> bytes from <paramref name="pool"/>.</summary>
    /// <param name="pool">The pool to rent blocks from; <see langword="null"/> for the default pool.</param>
    /// <param name="blockSize">The size of a block: positive, and small enough that the array stays below the LOH threshold.</param>
    /// <param name="clearMode">
    /// Whether every array the stream gives back to the pool is cleared first. <see cref="ClearMode.Auto"/> and
    /// <see cref="ClearMode.Never"/> do not clear (bytes hold no references), so the next renter of a block may read
    /// what this stream held; <see cref="ClearMode.Always"/> clears each whole array on its way back (a cost
    /// proportional to the capacity, paid on <see cref="Stream.Dispose()"/>, <see cref="SetLength"/> and
    /// <see cref="Capacity"/> shrinks), for data that must not reach another renter.
    /// </param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="blockSize"/> is not positive or would put a block on the LOH.</exception>
    public PooledMemoryStream(ArrayPool<byte>? pool, int blockSize, ClearMode clearMode = ClearMode.Auto)
        : this(PooledMemoryStreamManager.Shared, pool ?? StreamBlockPool.Instance, CheckBlockSize(blockSize), clearMode.ShouldClear<byte>(), tag: null)
    {
    }

    /// <summary>Initializes a writable stream holding a copy of <paramref name="data"/>, positioned at its start.</summary>
    /// <param name="data">The initial contents.</param>
    public PooledMemoryStream(ReadOnlySpan<byte> data)
        : this(data, writable: true)
    {
    }

    /// <summary>Initializes a stream holding a copy of <paramref name="data"/>, positioned at its start.</summary>
    /// <param name="data">The initial contents.</param>
    /// <param name="writable"><see langword="false"/> for a read-only stream: writing then throws <see cref="NotSupportedException"/>.</param>
    /// <param name="pool">The pool to rent blocks from; <see langword="null"/> for the default pool.</param>
    /// <param name="blockSize">The size of a block.</param>
    /// <param name="clearMode">Whether arrays are cleared on their way back to the pool; see <see cref="PooledMemoryStream(ArrayPool{byte}, int, ClearMode)"/>.</param>
    public PooledMemoryStream(ReadOnlySpan<byte> data, bool writable, ArrayPool<byte>? pool = null, int blockSize = DefaultBlockSize, ClearMode clearMode = ClearMode.Auto)
        : this(pool, blockSize, clearMode)
    {
        Write(data);
        _position = 0;
        _writable = writable;
    }

    /// <summary>Initializes an empty, writable stream of <paramref name="manager"/>'s (its <c>GetStream</c> calls this).</summary>
    internal PooledMemoryStream(PooledMemoryStreamManager manager, ArrayPool<byte> pool, int blockSize, bool clearOnReturn, string? tag)
        : base(Array.Empty<byte>(), writable: false)
    {
        _manager = manager;
        _pool = pool;
        _blockSize = blockSize;
        _clearOnReturn = clearOnReturn;
        _maxLength = manager.MaximumStreamCapacity;
        _writable = true;
        if (tag is not null)
        {
            _tag = tag;
        }

        OnCreated();
    }

    /// <summary>Gets the size of a regular block.</summary>
    public int BlockSize => _blockSize;

    /// <summary>Gets the number of blocks the stream holds.</summary>
    public int BlockCount => _blockCount;

    /// <inheritdoc/>
    public override bool CanRead => _isOpen;

    /// <inheritdoc/>
    public override bool CanSeek => _isOpen;

    /// <inheritdoc/>
    public override bool CanWrite => _writable;

    /// <inheritdoc/>
    public override long Length
    {
        get
        {
            EnsureNotClosed();
            return _length;
        }
    }

    /// <inheritdoc/>
    public override long Position
    {
        get
        {
            EnsureNotClosed();
            return _position;
        }

        set
        {
            if (value < 0)
            {
                ThrowHelper.ThrowNeedNonNegative(nameof(value));
            }

            // In MemoryStream's order: a negative value, then a closed stream, then a value past the maximum.
            EnsureNotClosed();
            if (value > _maxLength)
            {
                ThrowOverCapacity(nameof(value), value);
            }

            _position = value;
        }
    }

    /// <summary>
    /// Gets or sets the number of bytes the stream's blocks can hold without renting more, as
    /// <see cref="MemoryStream.Capacity"/> does; <see cref="Capacity64"/> is the same as a <see cref="long"/>. Setting
    /// a smaller value (not below <see cref="Length"/>) returns the blocks that lie wholly beyond it to the pool, so
    /// reading it back may give more than was set (the capacity is a whole number of blocks).
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is less than <see cref="Length"/>.</exception>
    /// <exception cref="InvalidOperationException">Getting: the capacity is more than <see cref="int.MaxValue"/>; read <see cref="Capacity64"/>.</exception>
    public override int Capacity
    {
        get
        {
            long capacity = Capacity64;
            if (capacity > int.MaxValue)
            {
                ThrowHelper.ThrowInvalidOperation($"The capacity ({capacity} bytes) is more than int.MaxValue; read Capacity64 instead.");
            }

            return (int)capacity;
        }

        set => Capacity64 = value;
    }

    /// <summary>
    /// Gets or sets the number of bytes the stream's blocks can hold without renting more (RecyclableMemoryStream's
    /// name for it), up to the stream's maximum capacity. Setting a smaller value (not below <see cref="Length"/>)
    /// returns the blocks that lie wholly beyond it to the pool.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is less than <see cref="Length"/> or beyond the maximum capacity.</exception>
    public long Capacity64
    {
        get
        {
            EnsureNotClosed();
            return _capacity;
        }

        set
        {
            if (value < Length)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(value), "capacity was less than the current size.");
            }

            if (value > _maxLength)
            {
                ThrowOverCapacity(nameof(value), value);
            }

            EnsureWriteable();
            if (value > _capacity)
            {
                EnsureCapacity(value);
            }
            else
            {
                int keep = _blockCount;
                while (keep > 0 && _starts[keep - 1] >= value)
                {
                    keep--;
                }

                ReleaseBlocksFrom(keep);
            }
        }
    }

    /// <inheritdoc/>
    public override void Flush()
    {
    }

    /// <inheritdoc/>
    public override Task FlushAsync(CancellationToken cancellationToken) =>
        cancellationToken.IsCancellationRequested ? Task.FromCanceled(cancellationToken) : Task.CompletedTask;

    /// <inheritdoc/>
    public override long Seek(long offset, SeekOrigin origin)
    {
        EnsureNotClosed();
        long basePosition = origin switch
        {
            SeekOrigin.Begin => 0,
            SeekOrigin.Current => _position,
            SeekOrigin.End => _length,
            _ => ThrowInvalidSeekOrigin(),
        };

        // basePosition <= the maximum, so the sum overflows only for offsets far beyond it.
        if (offset > _maxLength - basePosition)
        {
            ThrowOverCapacity(nameof(offset), offset > long.MaxValue - basePosition ? long.MaxValue : basePosition + offset);
        }

        long position = basePosition + offset;
        if (position < 0)
        {
            ThrowSeekBeforeBegin();
        }

        _position = position;
        return position;
    }

    /// <inheritdoc/>
    public override void SetLength(long value)
    {
        if ((ulong)value > (ulong)_maxLength)
        {
            ThrowOverCapacity(nameof(value), value);
        }

        EnsureWriteable();
        if (value > _length)
        {
            EnsureCapacity(value);
            ClearRange(_length, value);
        }

        _length = value;
        if (_position > value)
        {
            _position = value;
        }
    }

    /// <inheritdoc/>
    public override int Read(byte[] buffer, int offset, int count)
    {
        ValidateBufferArguments(buffer, offset, count);
        return Read(new Span<byte>(buffer, offset, count));
    }

    /// <summary>Reads into <paramref name="buffer"/>: the body of <c>Read(Span&lt;byte&gt;)</c>, which overrides <see cref="Stream"/>'s where it has one (PooledMemoryStream.Spans.cs) and is a plain method on netstandard2.0.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int ReadCore(Span<byte> buffer)
    {
        EnsureNotClosed();
        long position = _position;
        long available = _length - position;
        if (available <= 0 || buffer.IsEmpty)
        {
            return 0;
        }

        int count = (int)Math.Min(available, buffer.Length);
        if (position >= _cursorStart && position + count <= _cursorEnd)
        {
            _cursorBlock.AsSpan((int)(position - _cursorStart), count).CopyTo(buffer);
        }
        else
        {
            CopyOut(position, buffer[..count]);
        }

        _position = position + count;
        return count;
    }

    /// <inheritdoc/>
    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
    {
        ValidateBufferArguments(buffer, offset, count);
        if (cancellationToken.IsCancellationRequested)
        {
            return Task.FromCanceled<int>(cancellationToken);
        }

        try
        {
            int read = Read(new Span<byte>(buffer, offset, count));
            Task<int>? last = _lastReadTask;
            return last is not null && last.Result == read ? last : (_lastReadTask = Task.FromResult(read));
        }
        catch (Exception ex)
        {
            return Task.FromException<int>(ex);
        }
    }

    /// <inheritdoc/>
    public override int ReadByte()
    {
        EnsureNotClosed();
        long position = _position;
        if (position >= _length)
        {
            return -1;
        }

        Locate(position);
        _position = position + 1;
        return _cursorBlock[(int)(position - _cursorStart)];
    }

    /// <inheritdoc/>
    public override void Write(byte[] buffer, int offset, int count)
    {
        ValidateBufferArguments(buffer, offset, count);
        Write(new ReadOnlySpan<byte>(buffer, offset, count));
    }

    /// <summary>Writes <paramref name="buffer"/>: the body of <c>Write(ReadOnlySpan&lt;byte&gt;)</c> (see <see cref="ReadCore"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void WriteCore(ReadOnlySpan<byte> buffer)
    {
        EnsureNotClosed();
        EnsureWriteable();
        long position = _position;
        long end = position + buffer.Length;
        if (end > _maxLength)
        {
            ThrowStreamTooLong(end);
        }

        if (end > _length)
        {
            Grow(position, end);
        }

        if (position >= _cursorStart && end <= _cursorEnd)
        {
            buffer.CopyTo(_cursorBlock.AsSpan((int)(position - _cursorStart)));
        }
        else
        {
            CopyIn(position, buffer);
        }

        _position = end;
    }

    /// <inheritdoc/>
    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
    {
        ValidateBufferArguments(buffer, offset, count);
        if (cancellationToken.IsCancellationRequested)
        {
            return Task.FromCanceled(cancellationToken);
        }

        try
        {
            Write(new ReadOnlySpan<byte>(buffer, offset, count));
            return Task.CompletedTask;
        }
        catch (Exception ex)
        {
            return Task.FromException(ex);
        }
    }

    /// <inheritdoc/>
    public override void WriteByte(byte value)
    {
        EnsureNotClosed();
        EnsureWriteable();
        long position = _position;
        if (position >= _length)
        {
            if (position >= _maxLength)
            {
                ThrowStreamTooLong(position + 1);
            }

            Grow(position, position + 1);
        }

        Locate(position);
        _cursorBlock[(int)(position - _cursorStart)] = value;
        _position = position + 1;
    }

    /// <inheritdoc/>
    public override Task CopyToAsync(Stream destination, int bufferSize, CancellationToken cancellationToken)
    {
        ValidateCopyToArguments(destination, bufferSize);
        EnsureNotClosed();
        if (cancellationToken.IsCancellationRequested)
        {
            return Task.FromCanceled(cancellationToken);
        }

        long position = _position;
        if (position >= _length)
        {
            return Task.CompletedTask;
        }

        _position = _length;
        return WriteRangeAsync(destination, position, _length, cancellationToken);
    }

    /// <summary>
    /// Writes the whole contents of the stream to <paramref name="stream"/>, whatever the position; the position does
    /// not move. One write per block, straight from the blocks: no copy.
    /// </summary>
    /// <param name="stream">The stream to write to.</param>
    /// <exception cref="ArgumentNullException"><paramref name="stream"/> is <see langword="null"/>.</exception>
    public override void WriteTo(Stream stream)
    {
        if (stream is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(stream));
        }

        EnsureNotClosed();
        WriteRange(stream, 0, _length);
    }

    /// <summary>
    /// Writes <paramref name="count"/> bytes of the contents from <paramref name="offset"/> to <paramref name="stream"/>,
    /// whatever the position; the position does not move (RecyclableMemoryStream's overload).
    /// </summary>
    /// <param name="stream">The stream to write to.</param>
    /// <param name="offset">Where in the contents to start.</param>
    /// <param name="count">How many bytes to write.</param>
    /// <exception cref="ArgumentNullException"><paramref name="stream"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="count"/> is negative, or together they go past <see cref="Length"/>.</exception>
    public void WriteTo(Stream stream, long offset, long count)
    {
        if (stream is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(stream));
        }

        EnsureNotClosed();
        if ((ulong)offset > (ulong)_length)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(offset), $"The offset must be between 0 and the length ({_length}); it was {offset}.");
        }

        if ((ulong)count > (ulong)(_length - offset))
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(count), $"The count must be between 0 and the length after the offset ({_length - offset}); it was {count}.");
        }

        WriteRange(stream, offset, offset + count);
    }

    /// <summary>Writes the whole contents of the stream to <paramref name="stream"/> asynchronously; the position does not move.</summary>
    /// <param name="stream">The stream to write to.</param>
    /// <param name="cancellationToken">The token to monitor for cancellation.</param>
    /// <returns>A task that completes when everything is written.</returns>
    public Task WriteToAsync(Stream stream, CancellationToken cancellationToken = default)
    {
        if (stream is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(stream));
        }

        EnsureNotClosed();
        return WriteRangeAsync(stream, 0, _length, cancellationToken);
    }

    /// <summary>
    /// Copies the whole contents of the stream into a new array, whatever the position. The array is on the LOH when
    /// the stream holds about 85,000 bytes or more (the <c>StreamConvertedToArray</c> event reports those copies);
    /// prefer <see cref="WriteTo(Stream)"/>, <see cref="Stream.CopyTo(Stream)"/> or <see cref="GetReadOnlySequence"/>.
    /// </summary>
    /// <returns>A new array.</returns>
    /// <exception cref="NotSupportedException">The manager has <see cref="PooledMemoryStreamOptions.ThrowExceptionOnToArray"/> on.</exception>
    public override byte[] ToArray()
    {
        EnsureNotClosed();
        if (_manager.ThrowExceptionOnToArray)
        {
            ThrowToArrayNotSupported();
        }

        if (_length == 0)
        {
            return [];
        }

        if (_length > Array.MaxLength)
        {
            ThrowTooLongForArray();
        }

        if (LargeObjectHeap.IsLarge<byte>(_length))
        {
            ReportLargeToArray();
        }

        // As MemoryStream.ToArray: an uninitialized array (no zeroing pass), then one bulk copy per block.
        byte[] copy = GC.AllocateUninitializedArray<byte>((int)_length);
        CopyAllTo(copy);
        return copy;
    }

    /// <summary>Copies the whole contents of the stream into <paramref name="destination"/>, whatever the position.</summary>
    /// <param name="destination">The span to fill; at least <see cref="Length"/> bytes long.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <see cref="Length"/>.</exception>
    public void CopyTo(Span<byte> destination)
    {
        EnsureNotClosed();
        if (destination.Length < _length)
        {
            ThrowHelper.ThrowArrayTooSmall(nameof(destination));
        }

        CopyAllTo(destination);
    }

    /// <summary>
    /// Returns one array that holds the whole contents from index 0, like <see cref="MemoryStream.GetBuffer"/>: the
    /// stream's own storage, so writes through it are writes to the stream until the stream grows past it.
    /// </summary>
    /// <remarks>
    /// What it costs: nothing while the contents fit the first block (at most <see cref="BlockSize"/> bytes; the blocks
    /// after it are given back). When the data spans several blocks this is the one member that makes the stream
    /// contiguous: the blocks are copied into a single array of at least <see cref="Length"/> bytes rented from the
    /// stream's pool (the default pools nothing larger than a block, so it is allocated, on the LOH from about
    /// 85,000 bytes, and dropped on dispose), which then becomes the stream's only block. Code that only reads should
    /// call <see cref="TryGetBuffer"/>, <see cref="GetReadOnlySequence"/> or <see cref="WriteTo(Stream)"/> instead.
    /// </remarks>
    /// <returns>An array whose first <see cref="Length"/> bytes are the contents; it may be longer.</returns>
    public override byte[] GetBuffer()
    {
        EnsureNotClosed();
        if (_blockCount == 0)
        {
            return [];
        }

        if (_length <= BlockEnd(0))
        {
            ReleaseBlocksFrom(1);
            return _blocks[0];
        }

        if (_length > Array.MaxLength)
        {
            ThrowTooLongForArray();
        }

        // The pool may round the array up past the capacity: copy exactly the contents, no more.
        byte[] single = _pool.Rent((int)_length);
        CopyAllTo(single);
        ReleaseBlocksFrom(0);
        AppendBlock(single, single.Length, 0);
        return single;
    }

    /// <summary>
    /// Returns the contents as one array segment when they lie in a single block, like
    /// <see cref="MemoryStream.TryGetBuffer"/>; never copies. Callers that fall back to <see cref="ToArray"/> when it
    /// returns <see langword="false"/> (as many serializers do) pay that copy only for streams longer than a block.
    /// </summary>
    /// <param name="buffer">The contents, when they are contiguous.</param>
    /// <returns><see langword="true"/> when the contents lie in one block; <see langword="false"/> when they span several.</returns>
    public override bool TryGetBuffer(out ArraySegment<byte> buffer)
    {
        EnsureNotClosed();
        if (_blockCount == 0 || _length == 0)
        {
            buffer = new ArraySegment<byte>(_blockCount == 0 ? [] : _blocks[0], 0, 0);
            return true;
        }

        if (_length <= BlockEnd(0))
        {
            buffer = new ArraySegment<byte>(_blocks[0], 0, (int)_length);
            return true;
        }

        buffer = default;
        return false;
    }

    /// <inheritdoc/>
    protected override void Dispose(bool disposing)
    {
        if (!_isOpen)
        {
            if (disposing)
            {
                OnDisposedAgain();
            }
        }
        else if (disposing)
        {
            long length = _length;
            long capacity = _capacity;
            _isOpen = false;
            _writable = false;
            _lastReadTask = null;
            ReturnPendingBuffer();
            ReleaseBlocksFrom(0);
            PooledTable.Return(_blocks);
            PooledTable.Return(_starts);
            _blocks = [];
            _starts = [];
            _segments = null;
            _length = 0;
            _position = 0;
            OnDisposed(length, capacity);
        }

        base.Dispose(disposing);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void EnsureNotClosed()
    {
        if (!_isOpen)
        {
            ThrowHelper.ThrowObjectDisposed(nameof(PooledMemoryStream), "Cannot access a closed Stream.");
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void EnsureWriteable()
    {
        if (!_writable)
        {
            ThrowUnwritable();
        }
    }

    private long BlockEnd(int index) => index + 1 < _blockCount ? _starts[index + 1] : _capacity;

    /// <summary>Points the cursor at the block holding <paramref name="position"/>, which must be below the capacity.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Locate(long position)
    {
        if (position < _cursorStart || position >= _cursorEnd)
        {
            LocateSlow(position);
        }
    }

    private void LocateSlow(long position)
    {
        Debug.Assert(position >= 0 && position < _capacity);
        int index = _cursorIndex + 1;
        if (index >= _blockCount || position < _starts[index] || position >= BlockEnd(index))
        {
            index = FindBlock(position);
        }

        _cursorIndex = index;
        _cursorBlock = _blocks[index];
        _cursorStart = _starts[index];
        _cursorEnd = BlockEnd(index);
    }

    private void InvalidateCursor() => _cursorEnd = _cursorStart;

    /// <summary>Makes the stream <paramref name="end"/> bytes long for a write that starts at <paramref name="position"/>, zeroing any gap.</summary>
    private void Grow(long position, long end)
    {
        EnsureCapacity(end);
        if (position > _length)
        {
            ClearRange(_length, position);
        }

        _length = end;
    }

    /// <summary>
    /// Rents blocks until the capacity reaches <paramref name="required"/> (at most the maximum capacity). All or
    /// nothing: if a rent fails midway, the blocks rented by this call go back and the stream is as it was.
    /// </summary>
    private void EnsureCapacity(long required)
    {
        Debug.Assert(required <= _maxLength);
        long growth = required - _capacity;
        if (growth <= 0)
        {
            return;
        }

        if (growth >= MemoryCheckThreshold && growth > GC.GetGCMemoryInfo().TotalAvailableMemoryBytes)
        {
            ThrowTooLargeForMemory(required);
        }

        EnsureTableRoom(((growth - 1) / _blockSize) + 1);

        int first = _blockCount;
        try
        {
            while (_capacity < required)
            {
                AppendBlock(_pool.Rent(_blockSize), _blockSize, _capacity);
            }
        }
        catch
        {
            ReleaseBlocksFrom(first);
            throw;
        }
    }

    /// <summary>Throws "Stream was too long" when the block table cannot take <paramref name="newBlocks"/> more blocks.</summary>
    private void EnsureTableRoom(long newBlocks)
    {
        if (newBlocks > Array.MaxLength - _blockCount)
        {
            ThrowStreamTooLong(_capacity + (newBlocks * _blockSize));
        }
    }

    /// <summary>Adds <paramref name="block"/> as the last block, covering <paramref name="size"/> bytes from <paramref name="start"/>.</summary>
    private void AppendBlock(byte[] block, int size, long start)
    {
        int index = _blockCount;
        if (index == _blocks.Length)
        {
            _blocks = PooledTable.Grow(_blocks, index);
            _starts = PooledTable.Grow(_starts, index);
            Debug.Assert(_blocks.Length == _starts.Length);
        }

        _blocks[index] = block;
        _starts[index] = start;
        _blockCount = index + 1;
        _capacity = start + size;
        InvalidateCursor();
        InvalidateSegmentsFrom(index);
    }

    /// <summary>Returns the blocks from <paramref name="first"/> on to the pool; the stream keeps the ones before.</summary>
    private void ReleaseBlocksFrom(int first)
    {
        if (first >= _blockCount)
        {
            return;
        }

        for (int i = first; i < _blockCount; i++)
        {
            byte[] block = _blocks[i];
            _blocks[i] = null!;
            if (_unpooledBlocks is null || !_unpooledBlocks.Remove(block))
            {
                _pool.Return(block, _clearOnReturn);
            }
        }

        _capacity = first == 0 ? 0 : _starts[first];
        _blockCount = first;
        _cursorIndex = 0;
        _cursorBlock = [];
        _cursorStart = 0;
        _cursorEnd = 0;
        InvalidateSegmentsFrom(first);
    }

    private void ClearRange(long from, long to)
    {
        while (from < to)
        {
            Locate(from);
            int count = (int)(Math.Min(_cursorEnd, to) - from);
            _cursorBlock.AsSpan((int)(from - _cursorStart), count).Clear();
            from += count;
        }
    }

    private void CopyIn(long position, ReadOnlySpan<byte> source)
    {
        while (!source.IsEmpty)
        {
            Locate(position);
            int count = (int)Math.Min(_cursorEnd - position, source.Length);
            source[..count].CopyTo(_cursorBlock.AsSpan((int)(position - _cursorStart), count));
            source = source[count..];
            position += count;
        }
    }

    /// <summary>Copies the first <see cref="Length"/> bytes into <paramref name="destination"/>: one bulk copy per block, no cursor.</summary>
    private void CopyAllTo(Span<byte> destination)
    {
        long length = _length;
        bool nonTemporal = length >= NonTemporalCopy.Threshold && NonTemporalCopy.IsSupported;
        for (int i = 0; i < _blockCount; i++)
        {
            long start = _starts[i];
            if (start >= length)
            {
                break;
            }

            int count = (int)(Math.Min(BlockEnd(i), length) - start);
            ReadOnlySpan<byte> block = _blocks[i].AsSpan(0, count);
            Span<byte> target = destination[(int)start..];

            // A destination that overlaps a block (a caller's span over this stream's own buffer) takes the
            // overlap-safe copy.
            if (nonTemporal && !block.Overlaps(target))
            {
                NonTemporalCopy.Copy(block, target);
            }
            else
            {
                block.CopyTo(target);
            }
        }

        if (nonTemporal)
        {
            NonTemporalCopy.Fence();
        }
    }

    private void CopyOut(long position, Span<byte> destination)
    {
        while (!destination.IsEmpty)
        {
            Locate(position);
            int count = (int)Math.Min(_cursorEnd - position, destination.Length);
            _cursorBlock.AsSpan((int)(position - _cursorStart), count).CopyTo(destination);
            destination = destination[count..];
            position += count;
        }
    }

    private void WriteRange(Stream destination, long from, long to)
    {
        while (from < to)
        {
            Locate(from);
            int count = (int)(Math.Min(_cursorEnd, to) - from);
            destination.Write(_cursorBlock, (int)(from - _cursorStart), count);
            from += count;
        }
    }

    private async Task WriteRangeAsync(Stream destination, long from, long to, CancellationToken cancellationToken)
    {
        while (from < to)
        {
            Locate(from);
            int count = (int)(Math.Min(_cursorEnd, to) - from);
            await destination.WriteAsync(_cursorBlock.AsMemory((int)(from - _cursorStart), count), cancellationToken).ConfigureAwait(false);
            from += count;
        }
    }

    [DoesNotReturn]
    private static long ThrowInvalidSeekOrigin() =>
        throw new ArgumentException("Invalid seek origin.", "origin");

    [DoesNotReturn]
    private static void ThrowSeekBeforeBegin() =>
        throw new IOException("An attempt was made to move the position before the beginning of the stream.");

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int CheckBlockSize(int blockSize)
    {
        if (blockSize <= 0 || LargeObjectHeap.IsLarge<byte>(blockSize))
        {
            ThrowBadBlockSize(blockSize);
        }

        return blockSize;
    }

    [DoesNotReturn]
    private static void ThrowBadBlockSize(int blockSize) =>
        ThrowHelper.ThrowArgumentOutOfRange(nameof(blockSize), $"The block size must be positive and below the LOH threshold ({LargeObjectHeap.Threshold - LargeObjectHeap.ArrayOverhead} bytes); it was {blockSize}.");

    /// <summary>Throws "Stream was too long" for a write that would end at <paramref name="end"/>, past the maximum capacity.</summary>
    [DoesNotReturn]
    private void ThrowStreamTooLong(long end)
    {
        ReportOverCapacity(end);
        throw new IOException("Stream was too long.");
    }

    /// <summary>Throws for a length, position or capacity of <paramref name="requested"/> bytes: negative, or past the maximum capacity.</summary>
    [DoesNotReturn]
    private void ThrowOverCapacity(string paramName, long requested)
    {
        ReportOverCapacity(requested);
        throw new ArgumentOutOfRangeException(paramName, $"Stream length must be non-negative and at most the stream's maximum capacity ({_maxLength} bytes; PooledMemoryStreamOptions.MaximumStreamCapacity).");
    }

    [DoesNotReturn]
    private static void ThrowTooLargeForMemory(long required) =>
        throw new OutOfMemoryException($"Growing the stream to {required} bytes needs more memory than the GC can ever use in this process ({GC.GetGCMemoryInfo().TotalAvailableMemoryBytes} bytes).");

    [DoesNotReturn]
    private static void ThrowToArrayNotSupported() =>
        throw new NotSupportedException("ToArray is turned off for this stream's manager (PooledMemoryStreamOptions.ThrowExceptionOnToArray): write the stream out with WriteTo, CopyTo or GetReadOnlySequence instead of copying it into an array.");

    [DoesNotReturn]
    private static void ThrowUnwritable() => throw new NotSupportedException("Stream does not support writing.");

    [DoesNotReturn]
    private static void ThrowTooLongForArray() =>
        throw new InvalidOperationException($"The stream is longer than the longest array ({Array.MaxLength} bytes); read it with GetReadOnlySequence, CopyTo or WriteTo instead.");
}
