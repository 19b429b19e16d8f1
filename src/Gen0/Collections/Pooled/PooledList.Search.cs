using System.Collections.ObjectModel;

namespace Gen0.Collections;

/// <content>Searching, sorting, copying and projecting, with <see cref="List{T}"/>'s argument checks and results.</content>
public partial class PooledList<T>
{
    /// <summary>Returns whether the list contains <paramref name="item"/>.</summary>
    /// <param name="item">The element to find.</param>
    /// <returns><see langword="true"/> if the item is found.</returns>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public bool Contains(T item)
    {
        ThrowIfDisposed();
        return _size != 0 && IndexOf(item) >= 0;
    }

    /// <summary>Returns the index of the first occurrence of <paramref name="item"/>, or -1.</summary>
    /// <param name="item">The element to find.</param>
    /// <returns>The zero-based index, or -1.</returns>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public int IndexOf(T item)
    {
        ThrowIfDisposed();
        return Array.IndexOf(_buffer.Items, item, 0, _size);
    }

    /// <summary>Returns the index of the first occurrence of <paramref name="item"/> at or after <paramref name="index"/>, or -1.</summary>
    /// <param name="item">The element to find.</param>
    /// <param name="index">The zero-based index to start at.</param>
    /// <returns>The zero-based index, or -1.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is outside the list.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public int IndexOf(T item, int index)
    {
        ThrowIfDisposed();
        ListArguments.CheckForward(_size, index, _size - index, nameof(index));
        return Array.IndexOf(_buffer.Items, item, index, _size - index);
    }

    /// <summary>Returns the index of the first occurrence of <paramref name="item"/> in the given range, or -1.</summary>
    /// <param name="item">The element to find.</param>
    /// <param name="index">The zero-based index to start at.</param>
    /// <param name="count">The number of elements to search.</param>
    /// <returns>The zero-based index, or -1.</returns>
    /// <exception cref="ArgumentOutOfRangeException">The range is outside the list.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public int IndexOf(T item, int index, int count)
    {
        ThrowIfDisposed();
        ListArguments.CheckForward(_size, index, count, nameof(index));
        return Array.IndexOf(_buffer.Items, item, index, count);
    }

    /// <summary>Returns the index of the last occurrence of <paramref name="item"/>, or -1.</summary>
    /// <param name="item">The element to find.</param>
    /// <returns>The zero-based index, or -1.</returns>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public int LastIndexOf(T item)
    {
        ThrowIfDisposed();
        return _size == 0 ? -1 : LastIndexOf(item, _size - 1, _size);
    }

    /// <summary>Returns the index of the last occurrence of <paramref name="item"/> at or before <paramref name="index"/>, or -1.</summary>
    /// <param name="item">The element to find.</param>
    /// <param name="index">The zero-based index to search backwards from.</param>
    /// <returns>The zero-based index, or -1.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is outside the list.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public int LastIndexOf(T item, int index)
    {
        ThrowIfDisposed();
        ListArguments.CheckBackwardStart(_size, index);

        return LastIndexOf(item, index, index + 1);
    }

    /// <summary>Returns the index of the last occurrence of <paramref name="item"/> in the range that ends at <paramref name="index"/>, or -1.</summary>
    /// <param name="item">The element to find.</param>
    /// <param name="index">The zero-based index to search backwards from.</param>
    /// <param name="count">The number of elements to search.</param>
    /// <returns>The zero-based index, or -1.</returns>
    /// <exception cref="ArgumentOutOfRangeException">The range is outside the list.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public int LastIndexOf(T item, int index, int count)
    {
        ThrowIfDisposed();
        if (!ListArguments.CheckBackward(_size, index, count))
        {
            return -1;
        }

        return Array.LastIndexOf(_buffer.Items, item, index, count);
    }

    /// <summary>Searches the sorted list for <paramref name="item"/> with the default comparer.</summary>
    /// <param name="item">The element to find.</param>
    /// <returns>The index of the item, or the bitwise complement of the index of the next larger element.</returns>
    /// <exception cref="InvalidOperationException">The default comparer cannot compare <typeparamref name="T"/>.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public int BinarySearch(T item) => BinarySearch(0, _size, item, null);

    /// <summary>Searches the sorted list for <paramref name="item"/> with <paramref name="comparer"/>.</summary>
    /// <param name="item">The element to find.</param>
    /// <param name="comparer">The comparer, or <see langword="null"/> for the default one.</param>
    /// <returns>The index of the item, or the bitwise complement of the index of the next larger element.</returns>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public int BinarySearch(T item, IComparer<T>? comparer) => BinarySearch(0, _size, item, comparer);

    /// <summary>Searches a sorted range of the list for <paramref name="item"/> with <paramref name="comparer"/>.</summary>
    /// <param name="index">The zero-based start of the range.</param>
    /// <param name="count">The length of the range.</param>
    /// <param name="item">The element to find.</param>
    /// <param name="comparer">The comparer, or <see langword="null"/> for the default one.</param>
    /// <returns>The index of the item, or the bitwise complement of the index of the next larger element.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> or <paramref name="count"/> is negative.</exception>
    /// <exception cref="ArgumentException">The range does not lie within the list.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public int BinarySearch(int index, int count, T item, IComparer<T>? comparer)
    {
        ThrowIfDisposed();
        CheckRange(index, count);
        return Array.BinarySearch(_buffer.Items, index, count, item, comparer);
    }

    /// <summary>Sorts the list with the default comparer (an unstable introsort, as <see cref="List{T}.Sort()"/>).</summary>
    /// <exception cref="InvalidOperationException">The default comparer cannot compare <typeparamref name="T"/>.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public void Sort() => Sort(0, _size, null);

    /// <summary>Sorts the list with <paramref name="comparer"/>.</summary>
    /// <param name="comparer">The comparer, or <see langword="null"/> for the default one.</param>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public void Sort(IComparer<T>? comparer) => Sort(0, _size, comparer);

    /// <summary>Sorts a range of the list with <paramref name="comparer"/>.</summary>
    /// <param name="index">The zero-based start of the range.</param>
    /// <param name="count">The length of the range.</param>
    /// <param name="comparer">The comparer, or <see langword="null"/> for the default one.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> or <paramref name="count"/> is negative.</exception>
    /// <exception cref="ArgumentException">The range does not lie within the list.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public void Sort(int index, int count, IComparer<T>? comparer)
    {
        ThrowIfDisposed();
        CheckRange(index, count);
        if (count > 1)
        {
            Array.Sort(_buffer.Items, index, count, comparer);
        }

        _buffer.Version++;
    }

    /// <summary>Sorts the list with <paramref name="comparison"/>.</summary>
    /// <param name="comparison">The comparison.</param>
    /// <exception cref="ArgumentNullException"><paramref name="comparison"/> is <see langword="null"/>.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public void Sort(Comparison<T> comparison)
    {
        if (comparison is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(comparison));
        }

        ThrowIfDisposed();
        if (_size > 1)
        {
            new Span<T>(_buffer.Items, 0, _size).Sort(comparison);
        }

        _buffer.Version++;
    }

    /// <summary>Reverses the order of the elements.</summary>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public void Reverse() => Reverse(0, _size);

    /// <summary>Reverses the order of the elements in a range.</summary>
    /// <param name="index">The zero-based start of the range.</param>
    /// <param name="count">The length of the range.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> or <paramref name="count"/> is negative.</exception>
    /// <exception cref="ArgumentException">The range does not lie within the list.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public void Reverse(int index, int count)
    {
        ThrowIfDisposed();
        CheckRange(index, count);
        if (count > 1)
        {
            Array.Reverse(_buffer.Items, index, count);
        }

        _buffer.Version++;
    }

    /// <summary>Returns the first element that matches <paramref name="match"/>, or the default value.</summary>
    /// <param name="match">The condition.</param>
    /// <returns>The element found, or <c>default</c>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="match"/> is <see langword="null"/>.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public T? Find(Predicate<T> match)
    {
        if (match is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(match));
        }

        ThrowIfDisposed();
        for (int i = 0; i < _size; i++)
        {
            if (match(_buffer.Items[i]))
            {
                return _buffer.Items[i];
            }
        }

        return default;
    }

    /// <summary>Returns the last element that matches <paramref name="match"/>, or the default value.</summary>
    /// <param name="match">The condition.</param>
    /// <returns>The element found, or <c>default</c>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="match"/> is <see langword="null"/>.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public T? FindLast(Predicate<T> match)
    {
        if (match is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(match));
        }

        ThrowIfDisposed();
        for (int i = _size - 1; i >= 0; i--)
        {
            if (match(_buffer.Items[i]))
            {
                return _buffer.Items[i];
            }
        }

        return default;
    }

    /// <summary>Returns a new pooled list (same pool and clear mode) of every element that matches <paramref name="match"/>.</summary>
    /// <param name="match">The condition.</param>
    /// <returns>A new list the caller disposes.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="match"/> is <see langword="null"/>.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public PooledList<T> FindAll(Predicate<T> match)
    {
        if (match is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(match));
        }

        ThrowIfDisposed();
        PooledList<T> list = CreateSibling();
        try
        {
            for (int i = 0; i < _size; i++)
            {
                if (match(_buffer.Items[i]))
                {
                    list.Add(_buffer.Items[i]);
                }
            }
        }
        catch
        {
            // The caller never sees the new list, so it gives its array back itself.
            list.Dispose();
            throw;
        }

        return list;
    }

    /// <summary>Returns the index of the first element that matches <paramref name="match"/>, or -1.</summary>
    /// <param name="match">The condition.</param>
    /// <returns>The zero-based index, or -1.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="match"/> is <see langword="null"/>.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public int FindIndex(Predicate<T> match) => FindIndex(0, _size, match);

    /// <summary>Returns the index of the first element at or after <paramref name="startIndex"/> that matches, or -1.</summary>
    /// <param name="startIndex">The zero-based index to start at.</param>
    /// <param name="match">The condition.</param>
    /// <returns>The zero-based index, or -1.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="match"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="startIndex"/> is outside the list.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public int FindIndex(int startIndex, Predicate<T> match) => FindIndex(startIndex, _size - startIndex, match);

    /// <summary>Returns the index of the first element in the given range that matches, or -1.</summary>
    /// <param name="startIndex">The zero-based index to start at.</param>
    /// <param name="count">The number of elements to search.</param>
    /// <param name="match">The condition.</param>
    /// <returns>The zero-based index, or -1.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="match"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The range is outside the list.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public int FindIndex(int startIndex, int count, Predicate<T> match)
    {
        ThrowIfDisposed();
        ListArguments.CheckForward(_size, startIndex, count, nameof(startIndex), negativeIndexFirst: true);

        if (match is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(match));
        }

        int endIndex = startIndex + count;
        for (int i = startIndex; i < endIndex; i++)
        {
            if (match(_buffer.Items[i]))
            {
                return i;
            }
        }

        return -1;
    }

    /// <summary>Returns the index of the last element that matches <paramref name="match"/>, or -1.</summary>
    /// <param name="match">The condition.</param>
    /// <returns>The zero-based index, or -1.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="match"/> is <see langword="null"/>.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public int FindLastIndex(Predicate<T> match) => FindLastIndex(_size - 1, _size, match);

    /// <summary>Returns the index of the last element at or before <paramref name="startIndex"/> that matches, or -1.</summary>
    /// <param name="startIndex">The zero-based index to search backwards from.</param>
    /// <param name="match">The condition.</param>
    /// <returns>The zero-based index, or -1.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="match"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="startIndex"/> is outside the list.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public int FindLastIndex(int startIndex, Predicate<T> match) => FindLastIndex(startIndex, startIndex + 1, match);

    /// <summary>Returns the index of the last element in the range that ends at <paramref name="startIndex"/> that matches, or -1.</summary>
    /// <param name="startIndex">The zero-based index to search backwards from.</param>
    /// <param name="count">The number of elements to search.</param>
    /// <param name="match">The condition.</param>
    /// <returns>The zero-based index, or -1.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="match"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The range is outside the list.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public int FindLastIndex(int startIndex, int count, Predicate<T> match)
    {
        if (match is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(match));
        }

        ThrowIfDisposed();
        ListArguments.CheckBackwardFind(_size, startIndex, count);
        int endIndex = startIndex - count;
        for (int i = startIndex; i > endIndex; i--)
        {
            if (match(_buffer.Items[i]))
            {
                return i;
            }
        }

        return -1;
    }

    /// <summary>Returns whether any element matches <paramref name="match"/>.</summary>
    /// <param name="match">The condition.</param>
    /// <returns><see langword="true"/> if an element matches.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="match"/> is <see langword="null"/>.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public bool Exists(Predicate<T> match) => FindIndex(match) != -1;

    /// <summary>Returns whether every element matches <paramref name="match"/>.</summary>
    /// <param name="match">The condition.</param>
    /// <returns><see langword="true"/> if no element fails the condition.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="match"/> is <see langword="null"/>.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public bool TrueForAll(Predicate<T> match)
    {
        if (match is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(match));
        }

        ThrowIfDisposed();
        for (int i = 0; i < _size; i++)
        {
            if (!match(_buffer.Items[i]))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>Runs <paramref name="action"/> on every element, in order.</summary>
    /// <param name="action">The action.</param>
    /// <exception cref="ArgumentNullException"><paramref name="action"/> is <see langword="null"/>.</exception>
    /// <exception cref="InvalidOperationException">The action modified the list.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public void ForEach(Action<T> action)
    {
        if (action is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(action));
        }

        ThrowIfDisposed();
        int version = _buffer.Version;
        for (int i = 0; i < _size; i++)
        {
            if (version != _buffer.Version)
            {
                break;
            }

            action(_buffer.Items[i]);
        }

        if (version != _buffer.Version)
        {
            ThrowIfDisposed();
            ThrowHelper.ThrowEnumFailedVersion();
        }
    }

    /// <summary>Returns a new pooled list (from the default pool of <typeparamref name="TOutput"/>) of the converted elements.</summary>
    /// <typeparam name="TOutput">The type of the converted elements.</typeparam>
    /// <param name="converter">The conversion.</param>
    /// <returns>A new list the caller disposes.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="converter"/> is <see langword="null"/>.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public PooledList<TOutput> ConvertAll<TOutput>(Converter<T, TOutput> converter)
    {
        if (converter is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(converter));
        }

        ThrowIfDisposed();
        PooledList<TOutput> list = new(_size);
        try
        {
            for (int i = 0; i < _size; i++)
            {
                list._buffer.Items[i] = converter(_buffer.Items[i]);
            }
        }
        catch
        {
            list.Dispose();
            throw;
        }

        list._size = _size;
        return list;
    }

    /// <summary>Returns a new pooled list (same pool and clear mode) holding a copy of a range of this one.</summary>
    /// <param name="index">The zero-based start of the range.</param>
    /// <param name="count">The length of the range.</param>
    /// <returns>A new list the caller disposes.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> or <paramref name="count"/> is negative.</exception>
    /// <exception cref="ArgumentException">The range does not lie within the list.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public PooledList<T> GetRange(int index, int count)
    {
        ThrowIfDisposed();
        CheckRange(index, count);
        PooledList<T> list = CreateSibling();
        if (count > 0)
        {
            list._buffer.Items = _buffer.Rent(count);
            Array.Copy(_buffer.Items, index, list._buffer.Items, 0, count);
            list._size = count;
        }

        return list;
    }

    /// <summary>Returns a new pooled list holding a copy of a range of this one; the same as <see cref="GetRange"/>.</summary>
    /// <param name="start">The zero-based start of the range.</param>
    /// <param name="length">The length of the range.</param>
    /// <returns>A new list the caller disposes.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="start"/> or <paramref name="length"/> is negative.</exception>
    /// <exception cref="ArgumentException">The range does not lie within the list.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public PooledList<T> Slice(int start, int length) => GetRange(start, length);

    /// <summary>Copies the elements to <paramref name="array"/>, starting at its first slot.</summary>
    /// <param name="array">The destination.</param>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="array"/> is too short.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public void CopyTo(T[] array) => CopyTo(array, 0);

    /// <summary>Copies the elements to <paramref name="array"/>, starting at <paramref name="arrayIndex"/>.</summary>
    /// <param name="array">The destination.</param>
    /// <param name="arrayIndex">The first slot to write.</param>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="arrayIndex"/> is negative.</exception>
    /// <exception cref="ArgumentException"><paramref name="array"/> is too short.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public void CopyTo(T[] array, int arrayIndex)
    {
        ThrowIfDisposed();
        Array.Copy(_buffer.Items, 0, array, arrayIndex, _size);
    }

    /// <summary>Copies a range of the elements to <paramref name="array"/>, starting at <paramref name="arrayIndex"/>.</summary>
    /// <param name="index">The zero-based start of the range.</param>
    /// <param name="array">The destination.</param>
    /// <param name="arrayIndex">The first slot to write.</param>
    /// <param name="count">The number of elements to copy.</param>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException">An index or the count is negative.</exception>
    /// <exception cref="ArgumentException">The range does not lie within the list, or <paramref name="array"/> is too short.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public void CopyTo(int index, T[] array, int arrayIndex, int count)
    {
        ThrowIfDisposed();
        if (_size - index < count)
        {
            ThrowHelper.ThrowInvalidOffsetLength();
        }

        Array.Copy(_buffer.Items, index, array, arrayIndex, count);
    }

    /// <summary>Copies the elements to <paramref name="destination"/>.</summary>
    /// <param name="destination">The destination, at least <see cref="Count"/> long.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is too short.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public void CopyTo(Span<T> destination)
    {
        ThrowIfDisposed();
        new ReadOnlySpan<T>(_buffer.Items, 0, _size).CopyTo(destination);
    }

    /// <summary>Returns a new array (not pooled) with the elements, in order.</summary>
    /// <returns>The elements; an empty array when the list is empty.</returns>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public T[] ToArray()
    {
        ThrowIfDisposed();
        if (_size == 0)
        {
            return [];
        }

        T[] array = new T[_size];
        Array.Copy(_buffer.Items, array, _size);
        return array;
    }

    /// <summary>Returns a read-only view of the list. It reads through to the list, so it fails once the list is disposed.</summary>
    /// <returns>The read-only wrapper.</returns>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public ReadOnlyCollection<T> AsReadOnly()
    {
        ThrowIfDisposed();
        return new ReadOnlyCollection<T>(this);
    }

    private PooledList<T> CreateSibling() => new(_buffer.ClearMode, _buffer.Pool);
}
