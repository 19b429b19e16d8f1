using System.Buffers;
using System.Collections;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using Gen0.Buffers;

namespace Gen0.Collections;

/// <summary>
/// A <see cref="List{T}"/> whose backing array is rented from an <see cref="ArrayPool{T}"/> and returned to it on
/// growth and on <see cref="Dispose"/>.
/// </summary>
/// <typeparam name="T">The type of the elements.</typeparam>
/// <remarks>
/// <para>
/// The design problem: a <see cref="List{T}"/> that grows to N elements allocates about 2N elements of arrays that
/// die young, and a big one lands on the Large Object Heap and dies in gen 2. This list rents every backing array
/// from a pool and hands each one back exactly once: the old array right after it is copied into a bigger one, the
/// last one on <see cref="Dispose"/>. Until it is disposed it behaves exactly like <see cref="List{T}"/> in .NET 10:
/// the same members, results, ordering, exceptions and enumerator versioning. The one visible difference is that
/// <see cref="Capacity"/> reports the length of the rented array, which may exceed the capacity asked for.
/// </para>
/// <para>
/// Invariants: <c>_buffer.Items</c> is either <see cref="Array.Empty{T}"/> (never returned), an array rented from
/// <c>_pool</c> (returned exactly once), or, after <see cref="Dispose"/>, the sentinel <c>PooledArrayBuffer&lt;T&gt;.Disposed</c>. The
/// sentinel has length 0, so every fast path that checks <c>_size</c> against the array length falls into its slow
/// path, and only the slow path asks whether the list was disposed: being disposable costs the hot paths nothing.
/// Slots at and after <c>_size</c> hold no references when <typeparamref name="T"/> contains references.
/// </para>
/// <para>Like <see cref="List{T}"/>, it is not thread-safe. Forgetting to dispose it is not a leak: the array is
/// collected by the GC, only the reuse is lost.</para>
/// </remarks>
[DebuggerDisplay("Count = {Count}")]
[DebuggerTypeProxy(typeof(PooledListDebugView<>))]
public partial class PooledList<T> : IList<T>, IReadOnlyList<T>, IList, IDisposable
{
    // The rented array, its pool and clear mode, and the version: the rules for them live in the core.
    private PooledArrayBuffer<T> _buffer;
    private int _size;

    /// <summary>Initializes a new, empty list that rents from the default pool.</summary>
    public PooledList()
        : this(ClearMode.Auto, null)
    {
    }

    /// <summary>Initializes a new, empty list with the given clear mode, renting from the default pool.</summary>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    public PooledList(ClearMode clearMode)
        : this(clearMode, null)
    {
    }

    /// <summary>Initializes a new, empty list that rents from <paramref name="pool"/>.</summary>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    public PooledList(ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto)
        : this(clearMode, pool)
    {
    }

    /// <summary>Initializes a new, empty list that rents from <paramref name="pool"/>.</summary>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    public PooledList(ClearMode clearMode, ArrayPool<T>? pool)
    {
        _buffer = new PooledArrayBuffer<T>(pool, clearMode);
    }

    /// <summary>Initializes a new, empty list that can hold at least <paramref name="capacity"/> elements without growing.</summary>
    /// <param name="capacity">The number of elements the list can initially store.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public PooledList(int capacity)
        : this(capacity, null)
    {
    }

    /// <summary>Initializes a new, empty list with the given clear mode that can hold at least <paramref name="capacity"/> elements.</summary>
    /// <param name="capacity">The number of elements the list can initially store.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public PooledList(int capacity, ClearMode clearMode)
        : this(capacity, null, clearMode)
    {
    }

    /// <summary>Initializes a new, empty list that rents from <paramref name="pool"/> and can hold at least <paramref name="capacity"/> elements.</summary>
    /// <param name="capacity">The number of elements the list can initially store.</param>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public PooledList(int capacity, ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto)
        : this(clearMode, pool)
    {
        _buffer.RentInitial(capacity);
    }

    /// <summary>Initializes a new list that contains the elements of <paramref name="collection"/>, in order.</summary>
    /// <param name="collection">The elements to copy.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    public PooledList(IEnumerable<T> collection)
        : this(collection, null)
    {
    }

    /// <summary>Initializes a new list with the given clear mode that contains the elements of <paramref name="collection"/>.</summary>
    /// <param name="collection">The elements to copy.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    public PooledList(IEnumerable<T> collection, ClearMode clearMode)
        : this(collection, null, clearMode)
    {
    }

    /// <summary>Initializes a new list that rents from <paramref name="pool"/> and contains the elements of <paramref name="collection"/>.</summary>
    /// <param name="collection">The elements to copy.</param>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    public PooledList(IEnumerable<T> collection, ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto)
        : this(clearMode, pool)
    {
        int count = _buffer.InitializeFrom(collection);
        if (count > 0)
        {
            _size = count;
        }
    }

    /// <summary>Initializes a new list that contains the elements of <paramref name="span"/>, in order.</summary>
    /// <param name="span">The elements to copy.</param>
    public PooledList(ReadOnlySpan<T> span)
        : this(span, null)
    {
    }

    /// <summary>Initializes a new list with the given clear mode that contains the elements of <paramref name="span"/>.</summary>
    /// <param name="span">The elements to copy.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    public PooledList(ReadOnlySpan<T> span, ClearMode clearMode)
        : this(span, null, clearMode)
    {
    }

    /// <summary>Initializes a new list that rents from <paramref name="pool"/> and contains the elements of <paramref name="span"/>.</summary>
    /// <param name="span">The elements to copy.</param>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    public PooledList(ReadOnlySpan<T> span, ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto)
        : this(clearMode, pool)
    {
        _size = _buffer.InitializeFrom(span);
    }

    /// <summary>
    /// Gets or sets the number of elements the list can hold without growing. The getter reports the length of the
    /// rented array, which may be larger than the value last set.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value set is less than <see cref="Count"/>.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public int Capacity
    {
        get
        {
            ThrowIfDisposed();
            return _buffer.Items.Length;
        }

        set
        {
            ThrowIfDisposed();
            if (value < _size)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(value), "capacity was less than the current size.");
            }

            if (value != _buffer.Items.Length)
            {
                if (value > 0)
                {
                    T[] newItems = _buffer.Rent(value);
                    if (newItems.Length >= _buffer.Items.Length && value < _buffer.Items.Length)
                    {
                        // Shrinking, but the pool hands out nothing smaller: keep what we have.
                        _buffer.ReturnUnused(newItems);
                        return;
                    }

                    ReplaceItems(newItems);
                }
                else
                {
                    ReplaceItems([]);
                }
            }
        }
    }

    /// <summary>Gets the number of elements in the list; 0 once it is disposed.</summary>
    public int Count => _size;

    /// <summary>Gets or sets the element at <paramref name="index"/>.</summary>
    /// <param name="index">The zero-based index.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is negative or not less than <see cref="Count"/>.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public T this[int index]
    {
        get
        {
            if ((uint)index >= (uint)_size)
            {
                ThrowIndexOutOfRangeOrDisposed();
            }

            return _buffer.Items[index];
        }

        set
        {
            if ((uint)index >= (uint)_size)
            {
                ThrowIndexOutOfRangeOrDisposed();
            }

            _buffer.Items[index] = value;
            _buffer.Version++;
        }
    }

    /// <summary>Gets whether the list has been disposed.</summary>
    internal bool IsDisposed => _buffer.IsDisposed;

    /// <summary>Adds <paramref name="item"/> to the end of the list.</summary>
    /// <param name="item">The element to add.</param>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Add(T item)
    {
        _buffer.Version++;
        T[] array = _buffer.Items;
        int size = _size;
        if ((uint)size < (uint)array.Length)
        {
            _size = size + 1;
            array[size] = item;
        }
        else
        {
            AddWithResize(item);
        }
    }

    /// <summary>Adds the elements of <paramref name="collection"/> to the end of the list.</summary>
    /// <param name="collection">The elements to add.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public void AddRange(IEnumerable<T> collection)
    {
        if (collection is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(collection));
        }

        ThrowIfDisposed();
        if (collection is ICollection<T> c)
        {
            int count = c.Count;
            if (count > 0)
            {
                if (_buffer.Items.Length - _size < count)
                {
                    Grow(checked(_size + count));
                }

                c.CopyTo(_buffer.Items, _size);
                _size += count;
                _buffer.Version++;
            }
        }
        else
        {
            using IEnumerator<T> en = collection.GetEnumerator();
            while (en.MoveNext())
            {
                Add(en.Current);
            }
        }
    }

    /// <summary>Adds the elements of <paramref name="source"/> to the end of the list.</summary>
    /// <param name="source">The elements to add. It may be a span over this list's own storage.</param>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public void AddRange(ReadOnlySpan<T> source)
    {
        ThrowIfDisposed();
        if (!source.IsEmpty)
        {
            T[]? replaced = null;
            if (_buffer.Items.Length - _size < source.Length)
            {
                // The source may be this list's own span: the old array goes back only after it has been read.
                replaced = GrowKeepingOld(checked(_size + source.Length));
            }

            source.CopyTo(_buffer.Items.AsSpan(_size));
            _size += source.Length;
            _buffer.Version++;
            if (replaced is not null)
            {
                ReturnArray(replaced, replaced.Length);
            }
        }
    }

    /// <summary>Inserts <paramref name="item"/> at <paramref name="index"/>.</summary>
    /// <param name="index">The zero-based index at which to insert.</param>
    /// <param name="item">The element to insert.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is negative or greater than <see cref="Count"/>.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public void Insert(int index, T item)
    {
        ThrowIfDisposed();
        if ((uint)index > (uint)_size)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(index), "Index must be within the bounds of the List.");
        }

        if (_size == _buffer.Items.Length)
        {
            GrowForInsertion(index, 1);
        }
        else if (index < _size)
        {
            Array.Copy(_buffer.Items, index, _buffer.Items, index + 1, _size - index);
        }

        _buffer.Items[index] = item;
        _size++;
        _buffer.Version++;
    }

    /// <summary>Inserts the elements of <paramref name="collection"/> at <paramref name="index"/>.</summary>
    /// <param name="index">The zero-based index at which to insert.</param>
    /// <param name="collection">The elements to insert; it may be this list.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is negative or greater than <see cref="Count"/>.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public void InsertRange(int index, IEnumerable<T> collection)
    {
        if (collection is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(collection));
        }

        ThrowIfDisposed();
        if ((uint)index > (uint)_size)
        {
            ThrowHelper.ThrowIndexOutOfRange(nameof(index));
        }

        if (collection is ICollection<T> c)
        {
            int count = c.Count;
            if (count > 0)
            {
                if (_buffer.Items.Length - _size < count)
                {
                    GrowForInsertion(index, count);
                }
                else if (index < _size)
                {
                    Array.Copy(_buffer.Items, index, _buffer.Items, index + count, _size - index);
                }

                if (ReferenceEquals(this, c))
                {
                    // Inserting the list into itself: both halves are already in _buffer.Items, around the gap.
                    Array.Copy(_buffer.Items, 0, _buffer.Items, index, index);
                    Array.Copy(_buffer.Items, index + count, _buffer.Items, index * 2, _size - index);
                }
                else
                {
                    c.CopyTo(_buffer.Items, index);
                }

                _size += count;
                _buffer.Version++;
            }
        }
        else
        {
            using IEnumerator<T> en = collection.GetEnumerator();
            while (en.MoveNext())
            {
                Insert(index++, en.Current);
            }
        }
    }

    /// <summary>Inserts the elements of <paramref name="source"/> at <paramref name="index"/>.</summary>
    /// <param name="index">The zero-based index at which to insert.</param>
    /// <param name="source">The elements to insert.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is negative or greater than <see cref="Count"/>.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public void InsertRange(int index, ReadOnlySpan<T> source)
    {
        ThrowIfDisposed();
        if ((uint)index > (uint)_size)
        {
            ThrowHelper.ThrowIndexOutOfRange(nameof(index));
        }

        if (!source.IsEmpty)
        {
            T[]? replaced = null;
            if (_buffer.Items.Length - _size < source.Length)
            {
                replaced = GrowKeepingOld(checked(_size + source.Length));
            }

            if (index < _size)
            {
                Array.Copy(_buffer.Items, index, _buffer.Items, index + source.Length, _size - index);
            }

            source.CopyTo(_buffer.Items.AsSpan(index));
            _size += source.Length;
            _buffer.Version++;
            if (replaced is not null)
            {
                ReturnArray(replaced, replaced.Length);
            }
        }
    }

    /// <summary>Removes the first occurrence of <paramref name="item"/>.</summary>
    /// <param name="item">The element to remove.</param>
    /// <returns><see langword="true"/> if an element was removed.</returns>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public bool Remove(T item)
    {
        int index = IndexOf(item);
        if (index >= 0)
        {
            RemoveAt(index);
            return true;
        }

        return false;
    }

    /// <summary>Removes the element at <paramref name="index"/>.</summary>
    /// <param name="index">The zero-based index of the element to remove.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is negative or not less than <see cref="Count"/>.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public void RemoveAt(int index)
    {
        if ((uint)index >= (uint)_size)
        {
            ThrowIndexOutOfRangeOrDisposed();
        }

        _size--;
        if (index < _size)
        {
            Array.Copy(_buffer.Items, index + 1, _buffer.Items, index, _size - index);
        }

        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            _buffer.Items[_size] = default!;
        }

        _buffer.Version++;
    }

    /// <summary>Removes <paramref name="count"/> elements starting at <paramref name="index"/>.</summary>
    /// <param name="index">The zero-based index of the first element to remove.</param>
    /// <param name="count">The number of elements to remove.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> or <paramref name="count"/> is negative.</exception>
    /// <exception cref="ArgumentException">The range does not lie within the list.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public void RemoveRange(int index, int count)
    {
        ThrowIfDisposed();
        CheckRange(index, count);
        if (count > 0)
        {
            _size -= count;
            if (index < _size)
            {
                Array.Copy(_buffer.Items, index + count, _buffer.Items, index, _size - index);
            }

            if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
            {
                Array.Clear(_buffer.Items, _size, count);
            }

            _buffer.Version++;
        }
    }

    /// <summary>Removes every element that matches <paramref name="match"/>, keeping the order of the others.</summary>
    /// <param name="match">The condition of the elements to remove.</param>
    /// <returns>The number of elements removed.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="match"/> is <see langword="null"/>.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public int RemoveAll(Predicate<T> match)
    {
        if (match is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(match));
        }

        ThrowIfDisposed();
        int freeIndex = 0;
        while (freeIndex < _size && !match(_buffer.Items[freeIndex]))
        {
            freeIndex++;
        }

        if (freeIndex >= _size)
        {
            return 0;
        }

        int current = freeIndex + 1;
        while (current < _size)
        {
            while (current < _size && match(_buffer.Items[current]))
            {
                current++;
            }

            if (current < _size)
            {
                _buffer.Items[freeIndex++] = _buffer.Items[current++];
            }
        }

        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            Array.Clear(_buffer.Items, freeIndex, _size - freeIndex);
        }

        int result = _size - freeIndex;
        _size = freeIndex;
        _buffer.Version++;
        return result;
    }

    /// <summary>Removes every element. The rented array is kept for reuse; <see cref="Dispose"/> gives it back.</summary>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public void Clear()
    {
        ThrowIfDisposed();
        _buffer.Version++;
        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            int size = _size;
            _size = 0;
            if (size > 0)
            {
                Array.Clear(_buffer.Items, 0, size);
            }
        }
        else
        {
            _size = 0;
        }
    }

    /// <summary>Ensures the list can hold at least <paramref name="capacity"/> elements without growing.</summary>
    /// <param name="capacity">The minimum capacity.</param>
    /// <returns>The new capacity.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public int EnsureCapacity(int capacity)
    {
        ThrowIfDisposed();
        if (capacity < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(capacity));
        }

        if (_buffer.Items.Length < capacity)
        {
            Grow(capacity);
        }

        return _buffer.Items.Length;
    }

    /// <summary>Moves the elements to a smaller rented array when less than 90% of the capacity is used.</summary>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public void TrimExcess()
    {
        ThrowIfDisposed();
        int threshold = (int)(_buffer.Items.Length * 0.9);
        if (_size < threshold)
        {
            Capacity = _size;
        }
    }

    /// <summary>
    /// Returns a span over the list's elements. It stays valid until the list grows, shrinks its capacity or is
    /// disposed; adding or removing elements while the span is in use is not detected.
    /// </summary>
    /// <returns>The live elements, <c>Count</c> long.</returns>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public Span<T> AsSpan()
    {
        ThrowIfDisposed();
        return new Span<T>(_buffer.Items, 0, _size);
    }

    /// <summary>Returns every rented array to its pool and empties the list. Calling it again does nothing.</summary>
    public void Dispose()
    {
        if (_buffer.Dispose(0, _size))
        {
            _size = 0;
            GC.SuppressFinalize(this);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void AddWithResize(T item)
    {
        int size = _size;
        Grow(size + 1);
        _size = size + 1;
        _buffer.Items[size] = item;
    }

    private void Grow(int capacity)
    {
        T[]? replaced = GrowKeepingOld(capacity);
        if (replaced is not null)
        {
            ReturnArray(replaced, replaced.Length);
        }
    }

    /// <summary>Moves the elements to a rented array of at least <paramref name="capacity"/>; returns the old array for the caller to give back.</summary>
    private T[]? GrowKeepingOld(int capacity)
    {
        ThrowIfDisposed();
        T[] old = _buffer.Items;
        T[] newItems = _buffer.Rent(GetNewCapacity(capacity));
        Array.Copy(old, newItems, _size);
        _buffer.Items = newItems;
        return old.Length > 0 ? old : null;
    }

    private void GrowForInsertion(int indexToInsert, int insertionCount)
    {
        ThrowIfDisposed();
        int requiredCapacity = checked(_size + insertionCount);
        T[] newItems = _buffer.Rent(GetNewCapacity(requiredCapacity));
        if (indexToInsert != 0)
        {
            Array.Copy(_buffer.Items, newItems, indexToInsert);
        }

        if (_size != indexToInsert)
        {
            Array.Copy(_buffer.Items, indexToInsert, newItems, indexToInsert + insertionCount, _size - indexToInsert);
        }

        _buffer.Replace(newItems, 0, _size);
    }

    private int GetNewCapacity(int capacity) => PooledArrayBuffer<T>.GrowCapacity(_buffer.Items.Length, capacity);

    /// <summary>Copies the elements into <paramref name="newItems"/> and gives the current array back.</summary>
    private void ReplaceItems(T[] newItems)
    {
        Array.Copy(_buffer.Items, newItems, _size);
        _buffer.Replace(newItems, 0, _size);
    }

    /// <summary>Gives <paramref name="array"/>, whose first <paramref name="used"/> slots may hold elements, back to the pool.</summary>
    private void ReturnArray(T[] array, int used) => _buffer.Return(array, 0, used);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void ThrowIfDisposed() => _buffer.ThrowIfDisposed(this);

    private void CheckRange(int index, int count)
    {
        if (index < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(index));
        }

        if (count < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(count));
        }

        if (_size - index < count)
        {
            ThrowHelper.ThrowInvalidOffsetLength();
        }
    }

    [DoesNotReturn]
    private void ThrowIndexOutOfRangeOrDisposed()
    {
        ThrowIfDisposed();
        throw new ArgumentOutOfRangeException("index", "Index was out of range. Must be non-negative and less than the size of the collection.");
    }

}
