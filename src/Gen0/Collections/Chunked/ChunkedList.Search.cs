using System.Collections;

namespace Gen0.Collections;

/// <summary>Searching, sorting, copying and projecting members of <see cref="ChunkedList{T}"/>, as on <see cref="List{T}"/>.</summary>
public sealed partial class ChunkedList<T>
{
    /// <summary>Searches the sorted list for <paramref name="item"/> with the default comparer.</summary>
    /// <param name="item">The element to find.</param>
    /// <returns>The index of the element, or the bitwise complement of where it would be inserted.</returns>
    public int BinarySearch(T item) => BinarySearch(0, Count, item, null);

    /// <summary>Searches the sorted list for <paramref name="item"/> with <paramref name="comparer"/>.</summary>
    /// <param name="item">The element to find.</param>
    /// <param name="comparer">The comparer, or <see langword="null"/> for the default.</param>
    /// <returns>The index of the element, or the bitwise complement of where it would be inserted.</returns>
    public int BinarySearch(T item, IComparer<T>? comparer) => BinarySearch(0, Count, item, comparer);

    /// <summary>Searches a sorted range of the list for <paramref name="item"/>.</summary>
    /// <param name="index">The first element of the range.</param>
    /// <param name="count">The number of elements in the range.</param>
    /// <param name="item">The element to find.</param>
    /// <param name="comparer">The comparer, or <see langword="null"/> for the default.</param>
    /// <returns>The index of the element, or the bitwise complement of where it would be inserted.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> or <paramref name="count"/> is negative.</exception>
    /// <exception cref="ArgumentException">The range is not inside the list.</exception>
    /// <exception cref="InvalidOperationException">The comparer threw.</exception>
    public int BinarySearch(int index, int count, T item, IComparer<T>? comparer)
    {
        CheckRange(index, count);
        comparer ??= Comparer<T>.Default;
        try
        {
            int low = index;
            int high = index + count - 1;
            while (low <= high)
            {
                int middle = low + ((high - low) >> 1);
                int order = comparer.Compare(_items[middle], item);
                if (order == 0)
                {
                    return middle;
                }

                if (order < 0)
                {
                    low = middle + 1;
                }
                else
                {
                    high = middle - 1;
                }
            }

            return ~low;
        }
        catch (Exception ex)
        {
            throw new InvalidOperationException("Failed to compare two elements in the array.", ex);
        }
    }

    /// <summary>Converts every element into a new chunked list.</summary>
    /// <typeparam name="TOutput">The element type of the result.</typeparam>
    /// <param name="converter">The conversion.</param>
    /// <returns>A new list (its chunks allocated, not pooled).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="converter"/> is <see langword="null"/>.</exception>
    public ChunkedList<TOutput> ConvertAll<TOutput>(Converter<T, TOutput> converter)
    {
        if (converter is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(converter));
        }

        ThrowIfDisposed();
        ChunkedList<TOutput> result = new(_size);
        for (int i = 0; i < _size; i++)
        {
            result.Add(converter(_items[i]));
        }

        return result;
    }

    /// <summary>Copies the list into <paramref name="array"/> from its start.</summary>
    /// <param name="array">The destination.</param>
    public void CopyTo(T[] array) => CopyTo(array, 0);

    /// <summary>Copies the list into <paramref name="array"/> from <paramref name="arrayIndex"/>.</summary>
    /// <param name="array">The destination.</param>
    /// <param name="arrayIndex">Where in <paramref name="array"/> to start.</param>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="arrayIndex"/> is negative.</exception>
    /// <exception cref="ArgumentException"><paramref name="array"/> is too short.</exception>
    public void CopyTo(T[] array, int arrayIndex)
    {
        ThrowIfDisposed();
        CopyTo(0, array, arrayIndex, _size);
    }

    /// <summary>Copies <paramref name="count"/> elements from <paramref name="index"/> into <paramref name="array"/> from <paramref name="arrayIndex"/>.</summary>
    /// <param name="index">The first element to copy.</param>
    /// <param name="array">The destination.</param>
    /// <param name="arrayIndex">Where in <paramref name="array"/> to start.</param>
    /// <param name="count">The number of elements to copy.</param>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException">An index or <paramref name="count"/> is negative.</exception>
    /// <exception cref="ArgumentException">The source range is not inside the list or <paramref name="array"/> is too short.</exception>
    public void CopyTo(int index, T[] array, int arrayIndex, int count)
    {
        ThrowIfDisposed();
        if (_size - index < count)
        {
            ThrowHelper.ThrowInvalidOffsetLength();
        }

        if (array is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(array));
        }

        if (index < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(index));
        }

        if (arrayIndex < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(arrayIndex));
        }

        if (count < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(count));
        }

        if (array.Length - arrayIndex < count)
        {
            ThrowHelper.ThrowArrayTooSmall(nameof(array));
        }

        _items.CopyTo(index, array.AsSpan(arrayIndex, count));
    }

    void ICollection.CopyTo(Array array, int index)
    {
        if (array is T[] typed)
        {
            CopyTo(typed, index);
            return;
        }

        ThrowIfDisposed();
        if (array is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(array));
        }

        if (array.Rank != 1)
        {
            throw new ArgumentException("Only single dimensional arrays are supported for the requested action.", nameof(array));
        }

        // As List<T> (through Array.Copy), an array with a lower bound other than zero is accepted.
        if (index < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(index));
        }

        if (array.Length - index < _size)
        {
            ThrowHelper.ThrowArrayTooSmall(nameof(array));
        }

        try
        {
            // Array.Copy checks the element types even for no elements, as List<T> does through it for an empty list.
            Array.Copy(Array.Empty<T>(), 0, array, index, 0);
            for (int start = 0; start < _size;)
            {
                int offset = start & _items.Mask;
                int length = Math.Min(_size - start, _items.ChunkLength - offset);
                Array.Copy(_items.GetChunk(start >> _items.Shift), offset, array, index + start, length);
                start += length;
            }
        }
        catch (Exception ex) when (ex is InvalidCastException or ArrayTypeMismatchException)
        {
            throw new ArgumentException("Target array type is not compatible with the type of items in the collection.", nameof(array));
        }
    }

    /// <summary>Returns whether some element matches <paramref name="match"/>.</summary>
    /// <param name="match">The condition.</param>
    /// <returns><see langword="true"/> when one matches.</returns>
    public bool Exists(Predicate<T> match) => FindIndex(match) != -1;

    /// <summary>Returns the first element that matches <paramref name="match"/>, or the default value.</summary>
    /// <param name="match">The condition.</param>
    /// <returns>The element found.</returns>
    public T? Find(Predicate<T> match)
    {
        int index = FindIndex(match);
        return index >= 0 ? _items[index] : default;
    }

    /// <summary>Returns every element that matches <paramref name="match"/>, in a new list with this list's pool.</summary>
    /// <param name="match">The condition.</param>
    /// <returns>The new list.</returns>
    public ChunkedList<T> FindAll(Predicate<T> match)
    {
        if (match is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(match));
        }

        ThrowIfDisposed();
        ChunkedList<T> result = new(_items.ChunkLength, ChunkedStorage<T>.DefaultDirectoryLength, _items.Pool);
        for (int i = 0; i < _size; i++)
        {
            T item = _items[i];
            if (match(item))
            {
                result.Add(item);
            }
        }

        return result;
    }

    /// <summary>Returns the index of the first element that matches <paramref name="match"/>, or -1.</summary>
    /// <param name="match">The condition.</param>
    /// <returns>The index.</returns>
    public int FindIndex(Predicate<T> match) => FindIndex(0, _size, match);

    /// <summary>Returns the index of the first element from <paramref name="startIndex"/> that matches, or -1.</summary>
    /// <param name="startIndex">Where the search starts.</param>
    /// <param name="match">The condition.</param>
    /// <returns>The index.</returns>
    public int FindIndex(int startIndex, Predicate<T> match) => FindIndex(startIndex, _size - startIndex, match);

    /// <summary>Returns the index of the first element of the range that matches, or -1.</summary>
    /// <param name="startIndex">Where the search starts.</param>
    /// <param name="count">The number of elements searched.</param>
    /// <param name="match">The condition.</param>
    /// <returns>The index.</returns>
    /// <exception cref="ArgumentOutOfRangeException">The range is not inside the list.</exception>
    /// <exception cref="ArgumentNullException"><paramref name="match"/> is <see langword="null"/>.</exception>
    public int FindIndex(int startIndex, int count, Predicate<T> match)
    {
        ThrowIfDisposed();
        ListArguments.CheckForward(_size, startIndex, count, nameof(startIndex), negativeIndexFirst: true);

        if (match is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(match));
        }

        int end = startIndex + count;
        for (int i = startIndex; i < end; i++)
        {
            if (match(_items[i]))
            {
                return i;
            }
        }

        return -1;
    }

    /// <summary>Returns the last element that matches <paramref name="match"/>, or the default value.</summary>
    /// <param name="match">The condition.</param>
    /// <returns>The element found.</returns>
    public T? FindLast(Predicate<T> match)
    {
        int index = FindLastIndex(match);
        return index >= 0 ? _items[index] : default;
    }

    /// <summary>Returns the index of the last element that matches <paramref name="match"/>, or -1.</summary>
    /// <param name="match">The condition.</param>
    /// <returns>The index.</returns>
    public int FindLastIndex(Predicate<T> match) => FindLastIndex(_size - 1, _size, match);

    /// <summary>Returns the index of the last element up to <paramref name="startIndex"/> that matches, or -1.</summary>
    /// <param name="startIndex">Where the backward search starts.</param>
    /// <param name="match">The condition.</param>
    /// <returns>The index.</returns>
    public int FindLastIndex(int startIndex, Predicate<T> match) => FindLastIndex(startIndex, startIndex + 1, match);

    /// <summary>Returns the index of the last element of the backward range that matches, or -1.</summary>
    /// <param name="startIndex">Where the backward search starts.</param>
    /// <param name="count">The number of elements searched.</param>
    /// <param name="match">The condition.</param>
    /// <returns>The index.</returns>
    /// <exception cref="ArgumentOutOfRangeException">The range is not inside the list.</exception>
    /// <exception cref="ArgumentNullException"><paramref name="match"/> is <see langword="null"/>.</exception>
    public int FindLastIndex(int startIndex, int count, Predicate<T> match)
    {
        ThrowIfDisposed();
        if (match is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(match));
        }

        ListArguments.CheckBackwardFind(_size, startIndex, count);
        int end = startIndex - count;
        for (int i = startIndex; i > end; i--)
        {
            if (match(_items[i]))
            {
                return i;
            }
        }

        return -1;
    }

    /// <summary>Calls <paramref name="action"/> on every element, in order.</summary>
    /// <param name="action">The action.</param>
    /// <exception cref="ArgumentNullException"><paramref name="action"/> is <see langword="null"/>.</exception>
    /// <exception cref="InvalidOperationException">The action changed the list.</exception>
    public void ForEach(Action<T> action)
    {
        if (action is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(action));
        }

        ThrowIfDisposed();
        int version = _version;
        for (int i = 0; i < _size; i++)
        {
            if (version != _version)
            {
                break;
            }

            action(_items[i]);
        }

        if (version != _version)
        {
            ThrowHelper.ThrowEnumFailedVersion();
        }
    }

    /// <summary>Copies a range into a new list that uses this list's pool.</summary>
    /// <param name="index">The first element of the range.</param>
    /// <param name="count">The number of elements in the range.</param>
    /// <returns>The new list.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> or <paramref name="count"/> is negative.</exception>
    /// <exception cref="ArgumentException">The range is not inside the list.</exception>
    public ChunkedList<T> GetRange(int index, int count)
    {
        CheckRange(index, count);
        ChunkedList<T> result = new(_items.ChunkLength, ChunkedStorage<T>.DefaultDirectoryLength, _items.Pool);
        if (count > 0)
        {
            result._items.Grow(count, geometric: false);
            for (int copied = 0; copied < count;)
            {
                Span<T> segment = _items.GetSegment(index + copied, count - copied);
                result._items.CopyFrom(segment, copied);
                copied += segment.Length;
            }

            result._size = count;
        }

        return result;
    }

    /// <summary>Copies a range into a new list, like <see cref="GetRange"/>.</summary>
    /// <param name="start">The first element of the range.</param>
    /// <param name="length">The number of elements in the range.</param>
    /// <returns>The new list.</returns>
    public ChunkedList<T> Slice(int start, int length) => GetRange(start, length);

    /// <summary>Returns the index of the first occurrence of <paramref name="item"/>, or -1.</summary>
    /// <param name="item">The element to find.</param>
    /// <returns>The index.</returns>
    public int IndexOf(T item)
    {
        ThrowIfDisposed();
        return _items.IndexOf(item, 0, _size);
    }

    int IList.IndexOf(object? value)
    {
        ThrowIfDisposed();
        return IsCompatibleObject(value) ? IndexOf((T)value!) : -1;
    }

    /// <summary>Returns the index of the first occurrence of <paramref name="item"/> from <paramref name="index"/>, or -1.</summary>
    /// <param name="item">The element to find.</param>
    /// <param name="index">Where the search starts.</param>
    /// <returns>The index.</returns>
    public int IndexOf(T item, int index)
    {
        ThrowIfDisposed();
        ListArguments.CheckForward(_size, index, _size - index, nameof(index));

        return _items.IndexOf(item, index, _size - index);
    }

    /// <summary>Returns the index of the first occurrence of <paramref name="item"/> in the range, or -1.</summary>
    /// <param name="item">The element to find.</param>
    /// <param name="index">Where the search starts.</param>
    /// <param name="count">The number of elements searched.</param>
    /// <returns>The index.</returns>
    public int IndexOf(T item, int index, int count)
    {
        ThrowIfDisposed();
        ListArguments.CheckForward(_size, index, count, nameof(index));

        return _items.IndexOf(item, index, count);
    }

    /// <summary>Returns the index of the last occurrence of <paramref name="item"/>, or -1.</summary>
    /// <param name="item">The element to find.</param>
    /// <returns>The index.</returns>
    public int LastIndexOf(T item)
    {
        ThrowIfDisposed();
        return _size == 0 ? -1 : LastIndexOf(item, _size - 1, _size);
    }

    /// <summary>Returns the index of the last occurrence of <paramref name="item"/> up to <paramref name="index"/>, or -1.</summary>
    /// <param name="item">The element to find.</param>
    /// <param name="index">Where the backward search starts.</param>
    /// <returns>The index.</returns>
    public int LastIndexOf(T item, int index)
    {
        ThrowIfDisposed();
        ListArguments.CheckBackwardStart(_size, index);

        return LastIndexOf(item, index, index + 1);
    }

    /// <summary>Returns the index of the last occurrence of <paramref name="item"/> in the backward range, or -1.</summary>
    /// <param name="item">The element to find.</param>
    /// <param name="index">Where the backward search starts.</param>
    /// <param name="count">The number of elements searched.</param>
    /// <returns>The index.</returns>
    public int LastIndexOf(T item, int index, int count)
    {
        ThrowIfDisposed();
        if (!ListArguments.CheckBackward(_size, index, count))
        {
            return -1;
        }

        return _items.LastIndexOf(item, index + 1, count);
    }

    /// <summary>Sorts the list with the default comparer (see the class remarks on equal elements).</summary>
    public void Sort() => Sort(0, Count, null);

    /// <summary>Sorts the list with <paramref name="comparer"/>.</summary>
    /// <param name="comparer">The comparer, or <see langword="null"/> for the default.</param>
    public void Sort(IComparer<T>? comparer) => Sort(0, Count, comparer);

    /// <summary>Sorts the list with <paramref name="comparison"/>.</summary>
    /// <param name="comparison">The comparison.</param>
    /// <exception cref="ArgumentNullException"><paramref name="comparison"/> is <see langword="null"/>.</exception>
    public void Sort(Comparison<T> comparison)
    {
        if (comparison is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(comparison));
        }

        ThrowIfDisposed();
        if (_size > 1)
        {
            _items.Sort(0, _size, Comparer<T>.Create(comparison));
        }

        _version++;
    }

    /// <summary>Sorts a range of the list with <paramref name="comparer"/>.</summary>
    /// <param name="index">The first element of the range.</param>
    /// <param name="count">The number of elements in the range.</param>
    /// <param name="comparer">The comparer, or <see langword="null"/> for the default.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> or <paramref name="count"/> is negative.</exception>
    /// <exception cref="ArgumentException">The range is not inside the list.</exception>
    /// <exception cref="InvalidOperationException">The comparer threw.</exception>
    public void Sort(int index, int count, IComparer<T>? comparer)
    {
        CheckRange(index, count);
        if (count > 1)
        {
            _items.Sort(index, count, comparer);
        }

        _version++;
    }

    /// <summary>Returns whether every element matches <paramref name="match"/>.</summary>
    /// <param name="match">The condition.</param>
    /// <returns><see langword="true"/> when all match (or the list is empty).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="match"/> is <see langword="null"/>.</exception>
    public bool TrueForAll(Predicate<T> match)
    {
        if (match is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(match));
        }

        ThrowIfDisposed();
        for (int i = 0; i < _size; i++)
        {
            if (!match(_items[i]))
            {
                return false;
            }
        }

        return true;
    }
}
