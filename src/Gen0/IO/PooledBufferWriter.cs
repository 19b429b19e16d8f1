using System.Buffers;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Gen0.Buffers;

namespace Gen0.IO;

/// <summary>
/// An <see cref="IBufferWriter{T}"/> that writes into a chain of arrays rented from an <see cref="ArrayPool{T}"/>, so
/// that what it writes never needs one big array: an <see cref="ArrayBufferWriter{T}"/> that neither doubles onto
/// the Large Object Heap nor copies as it grows.
/// </summary>
/// <remarks>
/// <para>
/// Chunks start small and double up to the chunk length (by default the longest power of two whose array stays
/// below the LOH threshold for <typeparamref name="T"/>), so a small payload costs a small rental. When a size hint
/// does not fit in what is left of the current chunk, the chunk is closed where it is and a new one starts; the
/// unused tail is not part of the data. A size hint longer than the chunk length gets a chunk of that length (a large
/// object when it is over the threshold: the contiguous memory <see cref="IBufferWriter{T}"/> demands cannot be
/// avoided). The chunk tables are rented from the shared pools as well, so in steady state a writer allocates only
/// itself, and growing never copies what was written.
/// </para>
/// <para>
/// Arguments are checked as <see cref="ArrayBufferWriter{T}"/> checks them (a negative size hint or count is an
/// <see cref="ArgumentException"/>, advancing past the memory handed out an <see cref="InvalidOperationException"/>). After <see cref="Dispose"/> the chunks
/// are back in the pool and every member throws <see cref="ObjectDisposedException"/>. Not thread-safe.
/// </para>
/// </remarks>
/// <typeparam name="T">The element type.</typeparam>
[DebuggerDisplay("WrittenCount = {_writtenCount}, Chunks = {_chunkCount}")]
public sealed class PooledBufferWriter<T> : IBufferWriter<T>, IDisposable
{
    private const int FirstChunkLength = 256;

    private readonly ArrayPool<T> _pool;
    private readonly int _maxChunkLength;
    private readonly bool _clearOnReturn;

    private T[][] _chunks = [];
    private int[] _chunkLengths = [];
    private int _chunkCount;
    private T[] _current = [];
    private int _index;
    private long _writtenCount;
    private bool _disposed;

    private PooledSequenceSegment<T>[]? _segments;
    private int _validSegments;

    /// <summary>Initializes a writer that rents from the default pool.</summary>
    public PooledBufferWriter()
        : this(null)
    {
    }

    /// <summary>Initializes a writer that rents from <paramref name="pool"/>.</summary>
    /// <param name="pool">The pool; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">Whether chunks are cleared when they go back to the pool.</param>
    public PooledBufferWriter(ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto)
        : this(LargeObjectHeap.MaxPowerOfTwoLength<T>(), pool, clearMode)
    {
    }

    /// <summary>Initializes a writer whose chunks grow up to <paramref name="maxChunkLength"/> elements.</summary>
    /// <param name="maxChunkLength">The longest regular chunk, in elements; positive.</param>
    /// <param name="pool">The pool; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">Whether chunks are cleared when they go back to the pool.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxChunkLength"/> is not positive.</exception>
    public PooledBufferWriter(int maxChunkLength, ArrayPool<T>? pool = null, ClearMode clearMode = ClearMode.Auto)
    {
        if (maxChunkLength <= 0)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(maxChunkLength), $"The chunk length must be positive; it was {maxChunkLength}.");
        }

        _maxChunkLength = maxChunkLength;
        _pool = pool ?? DefaultArrayPool<T>.Instance;
        _clearOnReturn = clearMode.ShouldClear<T>();
    }

    /// <summary>Gets the number of elements written.</summary>
    public long WrittenCount
    {
        get
        {
            EnsureNotDisposed();
            return _writtenCount;
        }
    }

    /// <summary>Gets the elements written, as a sequence over the chunks (no copy; the segment chain is cached). Valid until the next write, <see cref="Clear"/> or <see cref="Dispose"/>.</summary>
    public ReadOnlySequence<T> WrittenSequence
    {
        get
        {
            EnsureNotDisposed();
            if (_writtenCount == 0)
            {
                return ReadOnlySequence<T>.Empty;
            }

            if (_chunkCount == 1)
            {
                return new ReadOnlySequence<T>(_current, 0, _index);
            }

            if (_validSegments < _chunkCount)
            {
                RebuildSegments();
            }

            PooledSequenceSegment<T>[] segments = _segments!;
            return new ReadOnlySequence<T>(segments[0], 0, segments[_chunkCount - 1], _index);
        }
    }

    /// <inheritdoc/>
    public void Advance(int count)
    {
        // One unsigned comparison for the common case (1 <= count <= free room). After Dispose the current chunk is
        // empty, so the fast path never passes there and the slow path throws ObjectDisposedException.
        int index = _index;
        if ((uint)(count - 1) < (uint)(_current.Length - index))
        {
            _index = index + count;
            _writtenCount += count;
            return;
        }

        AdvanceSlow(count);
    }

    /// <inheritdoc/>
    public Memory<T> GetMemory(int sizeHint = 0)
    {
        if (!HasRoom(sizeHint))
        {
            EnsureRoom(sizeHint);
        }

        return _current.AsMemory(_index);
    }

    /// <inheritdoc/>
    public Span<T> GetSpan(int sizeHint = 0)
    {
        if (!HasRoom(sizeHint))
        {
            EnsureRoom(sizeHint);
        }

        // _index never exceeds the current chunk's length, so the span needs neither a bounds nor (for reference
        // types) an array covariance check: this is the per-write hot path.
        return UncheckedSpan.Tail(_current, _index);
    }

    /// <summary>Copies the elements written into <paramref name="destination"/>.</summary>
    /// <param name="destination">The span to fill; at least <see cref="WrittenCount"/> elements long.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is too short.</exception>
    public void CopyTo(Span<T> destination)
    {
        EnsureNotDisposed();
        if (destination.Length < _writtenCount)
        {
            ThrowHelper.ThrowArrayTooSmall(nameof(destination));
        }

        for (int i = 0; i < _chunkCount; i++)
        {
            int length = i == _chunkCount - 1 ? _index : _chunkLengths[i];
            _chunks[i].AsSpan(0, length).CopyTo(destination);
            destination = destination[length..];
        }
    }

    /// <summary>Copies the elements written into a new array.</summary>
    /// <returns>The elements written.</returns>
    public T[] ToArray()
    {
        EnsureNotDisposed();
        if (_writtenCount == 0)
        {
            return [];
        }

        T[] array = GC.AllocateUninitializedArray<T>(checked((int)_writtenCount));
        CopyTo(array);
        return array;
    }

    /// <summary>Forgets what was written, keeping the first chunk and returning the others to the pool.</summary>
    public void Clear()
    {
        EnsureNotDisposed();
        if (_chunkCount == 0)
        {
            return;
        }

        if (_clearOnReturn)
        {
            _chunks[0].AsSpan(0, _chunkCount == 1 ? _index : _chunkLengths[0]).Clear();
        }

        ReturnChunksFrom(1);
        _current = _chunks[0];
        _index = 0;
        _writtenCount = 0;
    }

    /// <summary>Returns every chunk to the pool. The writer cannot be used afterwards.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        ReturnChunksFrom(0);
        PooledTable.Return(_chunks);
        PooledTable.Return(_chunkLengths);
        _current = [];
        _index = 0;
        _writtenCount = 0;
        _chunks = [];
        _chunkLengths = [];
        _segments = null;
    }

    /// <summary>
    /// The hot path's test: whether the current chunk has room for <paramref name="sizeHint"/> (0 meaning 1). False
    /// for a negative hint, and always after Dispose (the current chunk is then empty), so that the slow path throws.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool HasRoom(int sizeHint)
    {
        int free = _current.Length - _index;
        return (uint)sizeHint <= (uint)free && free != 0;
    }

    private void AdvanceSlow(int count)
    {
        if (count < 0)
        {
            ThrowNegative(nameof(count));
        }

        EnsureNotDisposed();
        if (_index > _current.Length - count)
        {
            ThrowHelper.ThrowAdvancedTooFar(_current.Length - _index);
        }

        _index += count;
        _writtenCount += count;
    }

    private void EnsureRoom(int sizeHint)
    {
        if (sizeHint < 0)
        {
            ThrowNegative(nameof(sizeHint));
        }

        EnsureNotDisposed();
        if (sizeHint == 0)
        {
            sizeHint = 1;
        }

        if (_current.Length - _index < sizeHint)
        {
            StartChunk(sizeHint);
        }
    }

    private void StartChunk(int sizeHint)
    {
        int length = _chunkCount == 0
            ? Math.Min(FirstChunkLength, _maxChunkLength)
            : (int)Math.Min(_maxChunkLength, (long)_current.Length * 2);
        length = Math.Max(length, sizeHint);

        if (_chunkCount > 0 && _index == 0)
        {
            // The current chunk holds nothing: replace it rather than keep an empty chunk.
            ReturnChunksFrom(_chunkCount - 1);
        }
        else if (_chunkCount > 0)
        {
            _chunkLengths[_chunkCount - 1] = _index;
        }

        if (_chunkCount == _chunks.Length)
        {
            _chunks = PooledTable.Grow(_chunks, _chunkCount);
            _chunkLengths = PooledTable.Grow(_chunkLengths, _chunkCount);
            Debug.Assert(_chunks.Length == _chunkLengths.Length);
        }

        _current = _pool.Rent(length);
        _chunks[_chunkCount] = _current;
        _chunkCount++;
        _index = 0;
        if (_validSegments > _chunkCount - 2)
        {
            _validSegments = Math.Max(0, _chunkCount - 2);
        }
    }

    private void ReturnChunksFrom(int first)
    {
        for (int i = first; i < _chunkCount; i++)
        {
            _pool.Return(_chunks[i], _clearOnReturn);
            _chunks[i] = null!;
        }

        if (first < _chunkCount)
        {
            _chunkCount = first;
            _validSegments = Math.Min(_validSegments, first);
            _current = first == 0 ? [] : _chunks[first - 1];
            _index = first == 0 ? 0 : _chunkLengths[first - 1];
        }
    }

    private void RebuildSegments()
    {
        PooledSequenceSegment<T>.EnsureCount(ref _segments, _chunkCount);
        PooledSequenceSegment<T>[] segments = _segments!;
        long runningIndex = 0;
        int first = Math.Max(0, _validSegments - 1);
        if (first > 0)
        {
            runningIndex = segments[first - 1].RunningIndex + segments[first - 1].Memory.Length;
        }

        for (int i = first; i < _chunkCount; i++)
        {
            bool last = i == _chunkCount - 1;
            T[] chunk = _chunks[i];
            int length = last ? chunk.Length : _chunkLengths[i];
            segments[i].Set(new ReadOnlyMemory<T>(chunk, 0, length), runningIndex, last ? null : segments[i + 1]);
            runningIndex += length;
        }

        _validSegments = _chunkCount;
    }

    private void EnsureNotDisposed()
    {
        if (_disposed)
        {
            ThrowHelper.ThrowObjectDisposed(GetType());
        }
    }

    // ArrayBufferWriter<T> throws ArgumentException (not its ArgumentOutOfRangeException subclass) here; so do we.
    [DoesNotReturn]
    private static void ThrowNegative(string paramName) =>
        throw new ArgumentException("The value must be non-negative.", paramName);
}
