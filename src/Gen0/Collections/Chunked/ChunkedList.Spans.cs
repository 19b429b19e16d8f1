using System.Runtime.CompilerServices;

namespace Gen0.Collections;

/// <summary>The span members of <see cref="ChunkedList{T}"/>: what <see cref="List{T}"/>'s span extensions and <c>CollectionsMarshal</c> offer.</summary>
public sealed partial class ChunkedList<T>
{
    /// <summary>Adds the elements of <paramref name="source"/> to the end of the list.</summary>
    /// <param name="source">The elements to add. It may be a span over this list's own storage.</param>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public void AddRange(ReadOnlySpan<T> source) => InsertRange(_size, source);

    /// <summary>Inserts the elements of <paramref name="source"/> at <paramref name="index"/>.</summary>
    /// <param name="index">Where to insert, from 0 to <see cref="Count"/>.</param>
    /// <param name="source">The elements to insert. It may be a span over this list's own storage.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is negative or above <see cref="Count"/>.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public void InsertRange(int index, ReadOnlySpan<T> source)
    {
        ThrowIfDisposed();
        if ((uint)index > (uint)_size)
        {
            ThrowHelper.ThrowIndexOutOfRange(nameof(index));
        }

        if (source.IsEmpty)
        {
            return;
        }

        int size = _size;
        if (OverlapsStorage(source, moving: index < size || (long)size + source.Length > _items.Capacity))
        {
            // The span reads the storage that the growth (a short first chunk is replaced and returned) or the move
            // below would change under it: read it from a copy.
            source = source.ToArray();
        }

        EnsureCapacityCore((long)size + source.Length);
        _items.Move(index, index + source.Length, size - index);
        _items.CopyFrom(source, index);
        _size = size + source.Length;
        _version++;
    }

    /// <summary>Copies the elements into <paramref name="destination"/>, in order.</summary>
    /// <param name="destination">The destination; at least <see cref="Count"/> long.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <see cref="Count"/>.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public void CopyTo(Span<T> destination)
    {
        ThrowIfDisposed();
        if (destination.Length < _size)
        {
            throw new ArgumentException("Destination is too short.", nameof(destination));
        }

        _items.CopyTo(0, destination[.._size]);
    }

    /// <summary>What <see cref="PooledCollectionsMarshal.SetCount{T}(ChunkedList{T}, int)"/> does.</summary>
    internal void SetCount(int count)
    {
        if (count < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(count));
        }

        ThrowIfDisposed();
        _version++;
        if (count > _items.Capacity)
        {
            EnsureCapacityCore(count);
        }
        else if (count < _size && RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            _items.Clear(count, _size - count);
        }

        _size = count;
    }

    /// <summary>What <see cref="PooledCollectionsMarshal.GetChunkSpan{T}(ChunkedList{T}, int)"/> returns.</summary>
    internal Span<T> GetChunkSpan(int index)
    {
        ThrowIfDisposed();
        if ((uint)index > (uint)_size)
        {
            ThrowHelper.ThrowIndexOutOfRange(nameof(index));
        }

        return index == _size ? [] : _items.GetSegment(index, _size - index);
    }

    /// <summary>Returns whether <paramref name="source"/> lies in this list's storage, looked for only when <paramref name="moving"/> says the storage is about to move.</summary>
    private bool OverlapsStorage(ReadOnlySpan<T> source, bool moving)
    {
        if (!moving)
        {
            return false;
        }

        for (int chunk = 0; chunk < _items.ChunkCount; chunk++)
        {
            if (source.Overlaps(_items.GetChunk(chunk)))
            {
                return true;
            }
        }

        return false;
    }
}
