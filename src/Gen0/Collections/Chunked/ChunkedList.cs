using System.Buffers;
using Gen0.Buffers;
using System.Collections;
using System.Collections.ObjectModel;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Gen0.Collections;

/// <summary>
/// A list with everything <see cref="List{T}"/> has whose storage never lands on the Large Object Heap, however
/// many elements it holds.
/// </summary>
/// <remarks>
/// <para>The design problem: a <see cref="List{T}"/> of more than ~10,600 longs is one array of 85,000 bytes or more,
/// which the GC allocates on the LOH and frees only in a gen 2 collection; a service that builds such lists per
/// request turns them into gen 2 collections with second-long pauses. This list keeps its elements in chunks of
/// <see cref="ChunkLength"/> elements (the largest power of two whose array stays below the LOH threshold for
/// <typeparamref name="T"/>), addressed by shift and mask; the chunk directory is bounded the same way.</para>
/// <para>Invariants: elements <c>[0, Count)</c> are live; once past one chunk, growing appends chunks and never
/// copies the list; <see cref="Capacity"/> is a whole number of chunks past the first chunk.</para>
/// <para>Pooling: the constructors that take an <see cref="ArrayPool{T}"/> rent every chunk from it and return the
/// chunks on <see cref="Dispose"/>, <see cref="Clear"/>, <see cref="TrimExcess"/> and when <see cref="Capacity"/> is
/// lowered (cleared first when <typeparamref name="T"/> holds references). Without a pool, chunks are plain
/// allocations and <see cref="Dispose"/> just drops them. Either way, a disposed list throws
/// <see cref="ObjectDisposedException"/> from every member but <see cref="Count"/> (which reads 0) and
/// <see cref="Dispose"/> (which may be called again).</para>
/// <para>Differences from <see cref="List{T}"/>: <see cref="Sort()"/> sorts each chunk with the BCL's introsort and
/// merges the chunks, so elements that compare equal may end in a different order than <see cref="List{T}.Sort()"/>
/// leaves them (both sorts are unstable; for a total order the results are identical). <see cref="Capacity"/> grows
/// by whole chunks past the first. <see cref="ToArray"/> creates one array and can land on the LOH: that is the
/// caller's choice. A change of <see cref="Capacity"/> (or <see cref="TrimExcess"/>) of a pooled list invalidates its
/// enumerators, since the chunks they hold may go back to the pool; <see cref="List{T}"/> lets them run on, as this
/// list does without a pool. Like <see cref="List{T}"/>, the list is not thread-safe.</para>
/// </remarks>
/// <typeparam name="T">The element type.</typeparam>
[DebuggerDisplay("Count = {Count}, ChunkLength = {ChunkLength}")]
[DebuggerTypeProxy(typeof(ChunkedCollectionDebugView<>))]
public sealed partial class ChunkedList<T> : IList<T>, IReadOnlyList<T>, IList, IDisposable
{
    private ChunkedStorage<T> _items;
    private int _size;
    private int _version;
    private bool _disposed;

    /// <summary>Initializes an empty list whose chunks are allocated.</summary>
    public ChunkedList()
        : this(ChunkedStorage<T>.DefaultChunkLength, ChunkedStorage<T>.DefaultDirectoryLength, (ArrayPool<T>?)null)
    {
    }

    /// <summary>Initializes an empty list that holds <paramref name="capacity"/> elements without growing.</summary>
    /// <param name="capacity">The number of elements the list can initially hold.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public ChunkedList(int capacity)
        : this(capacity, (ArrayPool<T>?)null)
    {
    }

    /// <summary>Initializes a list that holds the elements of <paramref name="collection"/>, in order.</summary>
    /// <param name="collection">The elements to copy.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    public ChunkedList(IEnumerable<T> collection)
        : this(collection, (ArrayPool<T>?)null)
    {
    }

    /// <summary>Initializes an empty list whose chunks are rented from <paramref name="pool"/> and returned to it.</summary>
    /// <param name="pool">The pool for the chunks, or <see langword="null"/> to allocate them.</param>
    /// <param name="clearMode">Whether chunks are cleared before they go back to <paramref name="pool"/>: <see cref="ClearMode.Always"/> for data the next renter must not see.</param>
    public ChunkedList(ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto)
        : this(ChunkedStorage<T>.DefaultChunkLength, ChunkedStorage<T>.DefaultDirectoryLength, pool, clearMode)
    {
    }

    /// <summary>Initializes an empty list with chunks from <paramref name="pool"/> that holds <paramref name="capacity"/> elements without growing.</summary>
    /// <param name="capacity">The number of elements the list can initially hold.</param>
    /// <param name="pool">The pool for the chunks, or <see langword="null"/> to allocate them.</param>
    /// <param name="clearMode">Whether chunks are cleared before they go back to <paramref name="pool"/>.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public ChunkedList(int capacity, ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto)
        : this(ChunkedStorage<T>.DefaultChunkLength, ChunkedStorage<T>.DefaultDirectoryLength, pool, clearMode)
    {
        if (capacity < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(capacity));
        }

        try
        {
            _items.Grow(capacity, geometric: false);
        }
        catch
        {
            // A constructor that throws hands nobody a list to dispose: give the pool back what was rented.
            Dispose();
            throw;
        }
    }

    /// <summary>Initializes a list with chunks from <paramref name="pool"/> that holds the elements of <paramref name="collection"/>.</summary>
    /// <param name="collection">The elements to copy.</param>
    /// <param name="pool">The pool for the chunks, or <see langword="null"/> to allocate them.</param>
    /// <param name="clearMode">Whether chunks are cleared before they go back to <paramref name="pool"/>.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    public ChunkedList(IEnumerable<T> collection, ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto)
        : this(ChunkedStorage<T>.DefaultChunkLength, ChunkedStorage<T>.DefaultDirectoryLength, pool, clearMode)
    {
        if (collection is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(collection));
        }

        try
        {
            AddRange(collection);
        }
        catch
        {
            // The source threw (or memory ran out) part-way: nobody gets a list to dispose, so return the chunks now.
            Dispose();
            throw;
        }

        _version = 0;
    }

    /// <summary>Initializes an empty list with the given chunk and directory lengths (tests use short chunks to cross many boundaries quickly).</summary>
    internal ChunkedList(int chunkLength, int directoryLength, ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto)
    {
        _items = new ChunkedStorage<T>(chunkLength, directoryLength, pool, clearMode);
    }

    /// <summary>Gets the number of elements in each full chunk: the largest power of two whose array stays off the LOH.</summary>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public int ChunkLength
    {
        get
        {
            ThrowIfDisposed();
            return _items.ChunkLength;
        }
    }

    /// <summary>Gets the number of elements in the list (0 once disposed).</summary>
    public int Count => _size;

    /// <summary>Gets or sets the number of elements the list holds without growing.</summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is less than <see cref="Count"/>.</exception>
    public int Capacity
    {
        get
        {
            ThrowIfDisposed();
            return _items.Capacity;
        }

        set
        {
            ThrowIfDisposed();
            if (value < _size)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(value), "capacity was less than the current size.");
            }

            int capacity = _items.Capacity;
            if (value > capacity)
            {
                _items.Grow(value, geometric: false);
            }
            else if (value < capacity)
            {
                _items.TrimTo(value);
            }

            InvalidateEnumeratorsIfChunksReturned(capacity);
        }
    }

    /// <summary>Gets the storage (tests check its directory bound).</summary>
    internal ref ChunkedStorage<T> Storage => ref _items;

    bool ICollection<T>.IsReadOnly => false;

    bool IList.IsFixedSize => false;

    bool IList.IsReadOnly => false;

    bool ICollection.IsSynchronized => false;

    object ICollection.SyncRoot => this;

    /// <summary>Gets or sets the element at <paramref name="index"/>.</summary>
    /// <param name="index">The zero-based index.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is negative or not below <see cref="Count"/>.</exception>
    public T this[int index]
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => ElementAt(index);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        set
        {
            ElementAt(index) = value;
            _version++;
        }
    }

    object? IList.this[int index]
    {
        get => this[index];
        set
        {
            ThrowIfDisposed();
            if (value is null && default(T) is not null)
            {
                ThrowHelper.ThrowArgumentNull(nameof(value));
            }

            try
            {
                this[index] = (T)value!;
            }
            catch (InvalidCastException)
            {
                ThrowHelper.ThrowWrongType(value, typeof(T), nameof(value));
            }
        }
    }

    /// <summary>Adds <paramref name="item"/> to the end of the list.</summary>
    /// <param name="item">The element to add.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Add(T item)
    {
        _version++;
        int size = _size;
        if ((uint)size < (uint)_items.Capacity)
        {
            _size = size + 1;
            _items[size] = item;
        }
        else
        {
            AddWithResize(item);
        }
    }

    int IList.Add(object? value)
    {
        ThrowIfDisposed();
        if (value is null && default(T) is not null)
        {
            // List<T> names the null "item" here but a wrong type "value"; the names are the twin's.
            ThrowHelper.ThrowArgumentNull("item");
        }

        try
        {
            Add((T)value!);
        }
        catch (InvalidCastException)
        {
            ThrowHelper.ThrowWrongType(value, typeof(T), nameof(value));
        }

        return Count - 1;
    }

    /// <summary>Adds the elements of <paramref name="collection"/> to the end of the list.</summary>
    /// <param name="collection">The elements to add.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
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
                int size = _size;
                EnsureCapacityCore((long)size + count);
                CopyFromCollection(c, size, count);
                _size = size + count;
                _version++;
            }
        }
        else
        {
            foreach (T item in collection)
            {
                Add(item);
            }
        }
    }

    /// <summary>Returns a read-only wrapper of the list.</summary>
    /// <returns>A <see cref="ReadOnlyCollection{T}"/> over this list.</returns>
    public ReadOnlyCollection<T> AsReadOnly()
    {
        ThrowIfDisposed();
        return new ReadOnlyCollection<T>(this);
    }

    /// <summary>Removes every element; pooled chunks go back to the pool, allocated ones are kept for reuse.</summary>
    public void Clear()
    {
        ThrowIfDisposed();
        _version++;
        if (_items.Pool is not null)
        {
            _size = 0;
            _items.ReleaseChunks();
            return;
        }

        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>() && _size > 0)
        {
            _items.Clear(0, _size);
        }

        _size = 0;
    }

    /// <summary>Returns whether the list contains <paramref name="item"/> (by <see cref="EqualityComparer{T}.Default"/>).</summary>
    /// <param name="item">The element to find.</param>
    /// <returns><see langword="true"/> when found.</returns>
    public bool Contains(T item) => IndexOf(item) >= 0;

    bool IList.Contains(object? value)
    {
        ThrowIfDisposed();
        return IsCompatibleObject(value) && Contains((T)value!);
    }

    /// <summary>Ensures that the list holds at least <paramref name="capacity"/> elements without growing.</summary>
    /// <param name="capacity">The capacity needed.</param>
    /// <returns>The capacity now.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public int EnsureCapacity(int capacity)
    {
        if (capacity < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(capacity));
        }

        ThrowIfDisposed();
        EnsureCapacityCore(capacity);
        return _items.Capacity;
    }

    /// <summary>Returns an enumerator over the list; it throws if the list changes while it runs.</summary>
    /// <returns>The enumerator.</returns>
    public Enumerator GetEnumerator()
    {
        ThrowIfDisposed();
        return new Enumerator(this);
    }

    IEnumerator<T> IEnumerable<T>.GetEnumerator() => Count == 0 ? EmptyEnumerator() : GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => ((IEnumerable<T>)this).GetEnumerator();

    /// <summary>Inserts <paramref name="item"/> at <paramref name="index"/>, moving the elements after it up.</summary>
    /// <param name="index">Where to insert, from 0 to <see cref="Count"/>.</param>
    /// <param name="item">The element to insert.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is negative or above <see cref="Count"/>.</exception>
    public void Insert(int index, T item)
    {
        ThrowIfDisposed();
        if ((uint)index > (uint)_size)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(index), "Index must be within the bounds of the List.");
        }

        if (_size == _items.Capacity)
        {
            EnsureCapacityCore(_size + 1L);
        }

        _items.Move(index, index + 1, _size - index);
        _items[index] = item;
        _size++;
        _version++;
    }

    void IList.Insert(int index, object? value)
    {
        ThrowIfDisposed();
        if (value is null && default(T) is not null)
        {
            // As IList.Add: List<T> names the null "item" and a wrong type "value".
            ThrowHelper.ThrowArgumentNull("item");
        }

        try
        {
            Insert(index, (T)value!);
        }
        catch (InvalidCastException)
        {
            ThrowHelper.ThrowWrongType(value, typeof(T), nameof(value));
        }
    }

    /// <summary>Inserts the elements of <paramref name="collection"/> at <paramref name="index"/>.</summary>
    /// <param name="index">Where to insert, from 0 to <see cref="Count"/>.</param>
    /// <param name="collection">The elements to insert.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is negative or above <see cref="Count"/>.</exception>
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
                int size = _size;
                EnsureCapacityCore((long)size + count);
                _items.Move(index, index + count, size - index);
                if (ReferenceEquals(c, this))
                {
                    // Inserting the list into itself: the old [0, index) and the moved [index + count, size + count).
                    _items.Move(0, index, index);
                    _items.Move(index + count, index * 2, size - index);
                }
                else
                {
                    CopyFromCollection(c, index, count);
                }

                _size = size + count;
                _version++;
            }
        }
        else
        {
            // Appends then rotates into place: the same result as List<T>'s insert-one-by-one, in linear time.
            int oldSize = _size;
            try
            {
                foreach (T item in collection)
                {
                    Add(item);
                }
            }
            finally
            {
                if (index < oldSize && _size > oldSize)
                {
                    _items.Reverse(index, oldSize - index);
                    _items.Reverse(oldSize, _size - oldSize);
                    _items.Reverse(index, _size - index);
                }
            }
        }
    }

    /// <summary>Removes the first occurrence of <paramref name="item"/>.</summary>
    /// <param name="item">The element to remove.</param>
    /// <returns><see langword="true"/> when an element was removed.</returns>
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

    void IList.Remove(object? value)
    {
        ThrowIfDisposed();
        if (IsCompatibleObject(value))
        {
            Remove((T)value!);
        }
    }

    /// <summary>Removes every element that matches <paramref name="match"/>, keeping the others in order.</summary>
    /// <param name="match">The condition.</param>
    /// <returns>The number of elements removed.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="match"/> is <see langword="null"/>.</exception>
    public int RemoveAll(Predicate<T> match)
    {
        if (match is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(match));
        }

        ThrowIfDisposed();
        int freeIndex = 0;
        while (freeIndex < _size && !match(_items[freeIndex]))
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
            while (current < _size && match(_items[current]))
            {
                current++;
            }

            if (current < _size)
            {
                _items[freeIndex++] = _items[current++];
            }
        }

        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            _items.Clear(freeIndex, _size - freeIndex);
        }

        int removed = _size - freeIndex;
        _size = freeIndex;
        _version++;
        return removed;
    }

    /// <summary>Removes the element at <paramref name="index"/>, moving the elements after it down.</summary>
    /// <param name="index">The zero-based index.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is negative or not below <see cref="Count"/>.</exception>
    public void RemoveAt(int index)
    {
        if ((uint)index >= (uint)_size)
        {
            ThrowIndexOutOfRangeOrDisposed();
        }

        _size--;
        _items.Move(index + 1, index, _size - index);
        if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            _items[_size] = default!;
        }

        _version++;
    }

    /// <summary>Removes <paramref name="count"/> elements from <paramref name="index"/>.</summary>
    /// <param name="index">The first element to remove.</param>
    /// <param name="count">The number of elements to remove.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> or <paramref name="count"/> is negative.</exception>
    /// <exception cref="ArgumentException">The range is not inside the list.</exception>
    public void RemoveRange(int index, int count)
    {
        CheckRange(index, count);
        if (count > 0)
        {
            _size -= count;
            _items.Move(index + count, index, _size - index);
            _version++;
            if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
            {
                _items.Clear(_size, count);
            }
        }
    }

    /// <summary>Reverses the order of the elements.</summary>
    public void Reverse() => Reverse(0, Count);

    /// <summary>Reverses the order of <paramref name="count"/> elements from <paramref name="index"/>.</summary>
    /// <param name="index">The first element of the range.</param>
    /// <param name="count">The number of elements in the range.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> or <paramref name="count"/> is negative.</exception>
    /// <exception cref="ArgumentException">The range is not inside the list.</exception>
    public void Reverse(int index, int count)
    {
        CheckRange(index, count);
        if (count > 1)
        {
            _items.Reverse(index, count);
        }

        _version++;
    }

    /// <summary>Copies the list into a new array (which lands on the LOH when it is large: the caller's choice).</summary>
    /// <returns>The array.</returns>
    public T[] ToArray()
    {
        ThrowIfDisposed();
        if (_size == 0)
        {
            return [];
        }

        T[] array = GC.AllocateUninitializedArray<T>(_size);
        _items.CopyTo(0, array);
        return array;
    }

    /// <summary>Releases the capacity beyond <see cref="Count"/> when it is more than 10% of the capacity (returning pooled chunks).</summary>
    public void TrimExcess()
    {
        ThrowIfDisposed();
        int capacity = _items.Capacity;
        int threshold = (int)(capacity * 0.9);
        if (_size < threshold)
        {
            _items.TrimTo(_size);
            InvalidateEnumeratorsIfChunksReturned(capacity);
        }
    }

    // List<T> lets an enumeration go on across a capacity change, and so does this list while its chunks are plain
    // arrays: an enumerator holding a replaced chunk still reads the right elements. A pooled chunk, though, goes
    // back to its pool (cleared, or rented by someone else), so enumerators must stop instead of reading it.
    private void InvalidateEnumeratorsIfChunksReturned(int previousCapacity)
    {
        if (_items.Pool is not null && _items.Capacity != previousCapacity)
        {
            _version++;
        }
    }

    /// <summary>Returns every chunk (to the pool, when there is one) and makes the list unusable.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        _size = 0;
        _version++;
        _items.Release();
    }

    private static bool IsCompatibleObject(object? value) => value is T || (value is null && default(T) is null);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void AddWithResize(T item)
    {
        ThrowIfDisposed();
        int size = _size;
        EnsureCapacityCore(size + 1L);
        _size = size + 1;
        _items[size] = item;
    }

    private void EnsureCapacityCore(long capacity)
    {
        if (capacity > _items.Capacity)
        {
            if (capacity > int.MaxValue)
            {
                throw new OutOfMemoryException("The list cannot hold more than int.MaxValue elements.");
            }

            _items.Grow((int)capacity, geometric: false);
        }
    }

    private void CopyFromCollection(ICollection<T> collection, int index, int count)
    {
        switch (collection)
        {
            case T[] array:
                _items.CopyFrom(array, index);
                break;
            case List<T> list:
                _items.CopyFrom(CollectionsMarshal.AsSpan(list), index);
                break;
            case ChunkedList<T> chunked:
                for (int copied = 0; copied < count;)
                {
                    Span<T> segment = chunked._items.GetSegment(copied, count - copied);
                    _items.CopyFrom(segment, index + copied);
                    copied += segment.Length;
                }

                break;
            default:
                int written = 0;
                foreach (T item in collection)
                {
                    if (written == count)
                    {
                        ThrowHelper.ThrowInvalidOperation("The collection yielded more elements than its Count said.");
                    }

                    _items[index + written++] = item;
                }

                if (written != count)
                {
                    ThrowHelper.ThrowInvalidOperation("The collection yielded fewer elements than its Count said.");
                }

                break;
        }
    }

    private void CheckRange(int index, int count)
    {
        ThrowIfDisposed();
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

    // The indexer's access. The storage's fields are read as fields of this list's own field (a call to a member of
    // the storage struct reads them through a byref temporary: one more instruction on every element) and before the
    // count check, so that their loads do not wait for it. The .NET 10 JIT does not hoist these loads out of a
    // caller's for loop (nor List<T>'s _items), so each element pays them: about 15 instructions to List<T>'s 7,
    // where the code before this change took about 19.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ref T ElementAt(int index)
    {
        T[][] chunks = _items._chunks;
        int directoryLength = chunks.Length;
        int shift = _items._shift;
        int mask = _items._mask;
        if ((uint)index >= (uint)_size)
        {
            ThrowIndexOutOfRangeOrDisposed();
        }

        int chunkIndex = index >> shift;
        T[] chunk = (uint)chunkIndex < (uint)directoryLength ? chunks[chunkIndex] : _items.GetPagedChunkInline(chunkIndex);
        return ref ChunkedStorage<T>.ElementOfChunk(chunk, index & mask);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void ThrowIfDisposed()
    {
        if (_disposed)
        {
            ThrowDisposed();
        }
    }

    // Ends in a throw instruction, not a return: the JIT then knows that the call never returns and moves it out of
    // the caller's loop. A call that may return makes the JIT assume it changed memory, and the loop then reloads
    // Count after it on every element.
    [DoesNotReturn]
    private void ThrowIndexOutOfRangeOrDisposed()
    {
        ThrowIfDisposed();
        ThrowHelper.ThrowIndexOutOfRange();
        throw new InvalidOperationException("Unreachable.");
    }

    private IEnumerator<T> EmptyEnumerator()
    {
        ThrowIfDisposed();
        return CollectionGuards.EmptyEnumerator<T>();
    }

    /// <summary>Throws for an enumerator whose list changed or was disposed.</summary>
    [DoesNotReturn]
    private void ThrowEnumeratorInvalid() => CollectionGuards.ThrowEnumeratorInvalid(_disposed, typeof(ChunkedList<T>));

    [DoesNotReturn]
    private static void ThrowDisposed() => ThrowHelper.ThrowObjectDisposed(typeof(ChunkedList<T>));
}
