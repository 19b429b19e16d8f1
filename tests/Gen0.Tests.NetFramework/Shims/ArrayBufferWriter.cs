namespace System.Buffers;

/// <summary>
/// .NET Core 3.0's <c>ArrayBufferWriter&lt;T&gt;</c>, the twin of <c>PooledBufferWriter&lt;T&gt;</c>, for .NET Framework
/// 4.7.2 (which does not have it): the same growth and the same exceptions.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
internal sealed class ArrayBufferWriter<T> : IBufferWriter<T>
{
    private const int DefaultInitialBufferSize = 256;
    private const int MaxLength = 0x7FFFFFC7;
    private T[] _buffer = [];
    private int _index;

    /// <summary>Gets the data written.</summary>
    public ReadOnlyMemory<T> WrittenMemory => _buffer.AsMemory(0, _index);

    /// <summary>Gets the data written.</summary>
    public ReadOnlySpan<T> WrittenSpan => _buffer.AsSpan(0, _index);

    /// <summary>Gets the number of items written.</summary>
    public int WrittenCount => _index;

    /// <summary>Gets the buffer's length.</summary>
    public int Capacity => _buffer.Length;

    /// <summary>Gets the room left.</summary>
    public int FreeCapacity => _buffer.Length - _index;

    /// <summary>Clears what was written.</summary>
    public void Clear()
    {
        _buffer.AsSpan(0, _index).Clear();
        _index = 0;
    }

    /// <summary>Forgets what was written without clearing it.</summary>
    public void ResetWrittenCount() => _index = 0;

    /// <inheritdoc/>
    public void Advance(int count)
    {
        if (count < 0)
        {
            throw new ArgumentException("The count must not be negative.", nameof(count));
        }

        if (_index > _buffer.Length - count)
        {
            throw new InvalidOperationException($"Cannot advance past the end of the buffer, which has a size of {_buffer.Length}.");
        }

        _index += count;
    }

    /// <inheritdoc/>
    public Memory<T> GetMemory(int sizeHint = 0)
    {
        CheckAndResizeBuffer(sizeHint);
        return _buffer.AsMemory(_index);
    }

    /// <inheritdoc/>
    public Span<T> GetSpan(int sizeHint = 0)
    {
        CheckAndResizeBuffer(sizeHint);
        return _buffer.AsSpan(_index);
    }

    private void CheckAndResizeBuffer(int sizeHint)
    {
        if (sizeHint < 0)
        {
            throw new ArgumentException(null, nameof(sizeHint));
        }

        if (sizeHint == 0)
        {
            sizeHint = 1;
        }

        if (sizeHint > FreeCapacity)
        {
            int currentLength = _buffer.Length;
            int growBy = Math.Max(sizeHint, currentLength);
            if (currentLength == 0)
            {
                growBy = Math.Max(growBy, DefaultInitialBufferSize);
            }

            long newSize = (long)currentLength + growBy;
            if (newSize > MaxLength)
            {
                newSize = (long)currentLength + sizeHint;
                if (newSize > MaxLength)
                {
                    throw new OutOfMemoryException($"Cannot allocate a buffer of {newSize} items.");
                }

                newSize = MaxLength;
            }

            Array.Resize(ref _buffer, (int)newSize);
        }
    }
}
