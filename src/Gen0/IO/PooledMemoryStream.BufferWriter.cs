using System.Buffers;
using System.Diagnostics.CodeAnalysis;

namespace Gen0.IO;

/// <content>The <see cref="IBufferWriter{T}"/> side of the stream, and its <see cref="ReadOnlySequence{T}"/> view.</content>
public sealed partial class PooledMemoryStream
{
    // A buffer handed out by GetSpan when no block can serve the size hint contiguously; Advance copies it in.
    private byte[]? _pendingBuffer;

    private PooledSequenceSegment<byte>[]? _segments;
    private int _validSegments;

    /// <summary>
    /// Returns memory to write to at <see cref="Position"/>, at least <paramref name="sizeHint"/> bytes long (at least
    /// one byte when it is 0). Call <see cref="Advance(int)"/> with the number of bytes written.
    /// </summary>
    /// <remarks>
    /// When the current block cannot serve the hint at the end of the stream, the block is closed early and a new one
    /// starts: a regular block when the hint fits one, else a block of exactly the hint while that stays below the
    /// LOH threshold (allocated, not rented, because pools round up to sizes that would be large objects). Only a hint
    /// of a large object's size, or a hint that would straddle data already written in the middle of the stream, is
    /// served from a temporary buffer rented from the pool and copied in by <see cref="Advance(int)"/>.
    /// </remarks>
    /// <param name="sizeHint">The minimum length wanted.</param>
    /// <returns>The memory to write to.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="sizeHint"/> is negative.</exception>
    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        (byte[] array, int offset, int length) = GetWritableBuffer(sizeHint);
        return new Memory<byte>(array, offset, length);
    }

    /// <summary>
    /// Returns a span to write to at <see cref="Position"/>, at least <paramref name="sizeHint"/> bytes long (at least
    /// one byte when it is 0). Call <see cref="Advance(int)"/> with the number of bytes written. See
    /// <see cref="GetMemory(int)"/> for when a temporary buffer is involved.
    /// </summary>
    /// <param name="sizeHint">The minimum length wanted.</param>
    /// <returns>The span to write to.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="sizeHint"/> is negative.</exception>
    public Span<byte> GetSpan(int sizeHint = 0)
    {
        (byte[] array, int offset, int length) = GetWritableBuffer(sizeHint);
        return new Span<byte>(array, offset, length);
    }

    /// <summary>Commits <paramref name="count"/> bytes written to the last <see cref="GetSpan(int)"/> or <see cref="GetMemory(int)"/> and moves the position past them.</summary>
    /// <param name="count">The number of bytes written.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative.</exception>
    /// <exception cref="InvalidOperationException"><paramref name="count"/> goes past the end of the memory handed out.</exception>
    public void Advance(int count)
    {
        if (count < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(count));
        }

        EnsureNotClosed();
        EnsureWriteable();
        if (_pendingBuffer is { } pending)
        {
            if (count > pending.Length)
            {
                ThrowHelper.ThrowAdvancedTooFar(pending.Length);
            }

            _pendingBuffer = null;
            try
            {
                Write(pending.AsSpan(0, count));
            }
            finally
            {
                _pool.Return(pending, _clearOnReturn);
            }

            return;
        }

        if (count == 0)
        {
            // As writing no bytes does: a position past the end extends the stream to it.
            if (_position > _length)
            {
                Grow(_position, _position);
            }

            return;
        }

        long position = _position;
        long end = position + count;
        if (position >= _capacity || end > BlockEndAt(position) || end > _maxLength)
        {
            ThrowHelper.ThrowAdvancedTooFar(position >= _capacity ? 0 : (int)(_cursorEnd - position));
        }

        if (end > _length)
        {
            Grow(position, end);
        }

        _position = end;
    }

    /// <summary>
    /// Returns the whole contents (from index 0, whatever the position) as a sequence over the blocks, without copying.
    /// The segment chain is cached: in steady state a call allocates nothing. The sequence is valid until the stream
    /// is written to, resized or disposed.
    /// </summary>
    /// <returns>The contents.</returns>
    public ReadOnlySequence<byte> GetReadOnlySequence()
    {
        EnsureNotClosed();
        if (_length == 0)
        {
            return ReadOnlySequence<byte>.Empty;
        }

        if (_blockCount == 1)
        {
            return new ReadOnlySequence<byte>(_blocks[0], 0, (int)_length);
        }

        if (_validSegments < _blockCount)
        {
            RebuildSegments();
        }

        PooledSequenceSegment<byte>[] segments = _segments!;

        int last = FindBlock(_length - 1);
        return new ReadOnlySequence<byte>(segments[0], 0, segments[last], (int)(_length - _starts[last]));
    }

    private (byte[] Array, int Offset, int Length) GetWritableBuffer(int sizeHint)
    {
        if (sizeHint < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(sizeHint));
        }

        EnsureNotClosed();
        EnsureWriteable();
        ReturnPendingBuffer();
        if (sizeHint == 0)
        {
            sizeHint = 1;
        }

        long position = _position;
        if (position + sizeHint > _maxLength)
        {
            ThrowStreamTooLong(position + sizeHint);
        }

        EnsureCapacity(position + 1);
        Locate(position);
        if (_cursorEnd - position < sizeHint && !TryStartBlockFor(position, sizeHint))
        {
            byte[] pending = _pool.Rent(sizeHint);
            _pendingBuffer = pending;
            return (pending, 0, (int)Math.Min(pending.Length, _maxLength - position));
        }

        // Never hand out memory past the maximum capacity, so that Advance over all of it stays within the limit.
        return (_cursorBlock, (int)(position - _cursorStart), (int)(Math.Min(_cursorEnd, _maxLength) - position));
    }

    /// <summary>
    /// At the end of the data, closes the cursor's block at <paramref name="position"/> and starts one that holds
    /// <paramref name="sizeHint"/> bytes, when that block can stay below the LOH threshold.
    /// </summary>
    private bool TryStartBlockFor(long position, int sizeHint)
    {
        if (position < _length || LargeObjectHeap.IsLarge<byte>(sizeHint))
        {
            return false;
        }

        EnsureTableRoom(1);
        int index = _cursorIndex;
        long blockStart = _cursorStart;

        // Blocks after the cursor's one hold no data (they start past the length): give them back.
        ReleaseBlocksFrom(index + 1);
        if (position == blockStart)
        {
            // The block holds nothing yet: replace it rather than leave a block that covers zero bytes.
            ReleaseBlocksFrom(index);
        }

        byte[] block;
        int size;
        if (sizeHint <= _blockSize)
        {
            block = _pool.Rent(_blockSize);
            size = _blockSize;
        }
        else
        {
            block = new byte[sizeHint];
            size = sizeHint;
            (_unpooledBlocks ??= []).Add(block);
        }

        AppendBlock(block, size, position);
        Locate(position);
        return true;
    }

    private long BlockEndAt(long position)
    {
        Locate(position);
        return _cursorEnd;
    }

    private int FindBlock(long position)
    {
        int index = Array.BinarySearch(_starts, 0, _blockCount, position);
        return index >= 0 ? index : ~index - 1;
    }

    private void ReturnPendingBuffer()
    {
        if (_pendingBuffer is { } pending)
        {
            _pendingBuffer = null;
            _pool.Return(pending, _clearOnReturn);
        }
    }

    private void InvalidateSegmentsFrom(int index)
    {
        if (_validSegments > index)
        {
            _validSegments = index;
        }
    }

    private void RebuildSegments()
    {
        PooledSequenceSegment<byte>.EnsureCount(ref _segments, _blockCount);
        PooledSequenceSegment<byte>[] segments = _segments!;
        for (int i = Math.Max(0, _validSegments - 1); i < _blockCount; i++)
        {
            long start = _starts[i];
            segments[i].Set(
                new ReadOnlyMemory<byte>(_blocks[i], 0, (int)(BlockEnd(i) - start)),
                start,
                i + 1 < _blockCount ? segments[i + 1] : null);
        }

        _validSegments = _blockCount;
    }
}
