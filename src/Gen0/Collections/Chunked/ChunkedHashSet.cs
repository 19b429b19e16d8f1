using System.Buffers;
using Gen0.Buffers;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;

namespace Gen0.Collections;

/// <summary>
/// A hash set with everything <see cref="HashSet{T}"/> has whose buckets and entries never land on the Large Object
/// Heap, however many elements it holds.
/// </summary>
/// <remarks>
/// <para>The design problem: a <see cref="HashSet{T}"/> of more than ~7,000 ints keeps its entries in one array of
/// 85,000 bytes or more (and its buckets in another past ~21,000), which the GC puts on the LOH and frees only in gen
/// 2 collections. This set is the dotnet/runtime hash set (buckets, chained entries, free list) with both arrays
/// chunked: each chunk is the largest power of two that stays below the LOH threshold for its element (the 4-byte
/// bucket, or the entry struct of hash code, link and element).</para>
/// <para>Invariants: the table size follows the BCL's prime sequence, so elements are stored, freed, reused and
/// enumerated in exactly the order the BCL twin uses; growing rebuilds the buckets but never moves an entry.</para>
/// <para>Pooling: the constructors that take an <c>ArrayPool&lt;int&gt;</c> rent the bucket chunks from it and the
/// entry chunks from the library's default pool for the internal entry type; both go back on <see cref="Dispose"/>,
/// <see cref="Clear"/> and <see cref="TrimExcess()"/>. Without a pool, chunks are plain allocations and
/// <see cref="Dispose"/> just drops them. A disposed set throws <see cref="ObjectDisposedException"/> from every member
/// but <see cref="Count"/> (which reads 0) and <see cref="Dispose"/>.</para>
/// <para>Differences from <see cref="HashSet{T}"/>: a set built from a <see cref="HashSet{T}"/> that has removed
/// elements does not inherit that set's free list (the BCL clones it), so later additions may fill other slots;
/// string elements hash with the default (randomized) string comparer. Not thread-safe, like the BCL's.</para>
/// </remarks>
/// <typeparam name="T">The element type.</typeparam>
[DebuggerDisplay("Count = {Count}")]
[DebuggerTypeProxy(typeof(ChunkedCollectionDebugView<>))]
public sealed partial class ChunkedHashSet<T> : ISet<T>, IReadOnlySet<T>, IDisposable
{
    private ChunkedHashTable<T, ChunkedSetEntry<T>> _table;
    private bool _disposed;

    /// <summary>Initializes an empty set with the default comparer.</summary>
    public ChunkedHashSet()
        : this((IEqualityComparer<T>?)null)
    {
    }

    /// <summary>Initializes an empty set with <paramref name="comparer"/>.</summary>
    /// <param name="comparer">The equality comparer, or <see langword="null"/> for the default.</param>
    public ChunkedHashSet(IEqualityComparer<T>? comparer)
        : this(comparer, null, null, ChunkedStorage<int>.DefaultChunkLength, ChunkedStorage<ChunkedSetEntry<T>>.DefaultChunkLength, ChunkedStorage<int[]>.DefaultDirectoryLength)
    {
    }

    /// <summary>Initializes an empty set that holds <paramref name="capacity"/> elements without growing.</summary>
    /// <param name="capacity">The initial capacity.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public ChunkedHashSet(int capacity)
        : this(capacity, null)
    {
    }

    /// <summary>Initializes an empty set with <paramref name="comparer"/> that holds <paramref name="capacity"/> elements without growing.</summary>
    /// <param name="capacity">The initial capacity.</param>
    /// <param name="comparer">The equality comparer, or <see langword="null"/> for the default.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public ChunkedHashSet(int capacity, IEqualityComparer<T>? comparer)
        : this(capacity, comparer, null)
    {
    }

    /// <summary>Initializes a set with the distinct elements of <paramref name="collection"/>.</summary>
    /// <param name="collection">The elements.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    public ChunkedHashSet(IEnumerable<T> collection)
        : this(collection, null)
    {
    }

    /// <summary>Initializes a set with <paramref name="comparer"/> and the distinct elements of <paramref name="collection"/>.</summary>
    /// <param name="collection">The elements.</param>
    /// <param name="comparer">The equality comparer, or <see langword="null"/> for the default.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    public ChunkedHashSet(IEnumerable<T> collection, IEqualityComparer<T>? comparer)
        : this(collection, comparer, null)
    {
    }

    /// <summary>Initializes an empty set whose bucket chunks come from <paramref name="bucketPool"/> and entry chunks from a pool configured like it (a companion <see cref="Buffers.ScalableArrayPool{T}"/> with the same options when <paramref name="bucketPool"/> is one, otherwise the default pool).</summary>
    /// <param name="comparer">The equality comparer, or <see langword="null"/> for the default.</param>
    /// <param name="bucketPool">The pool for bucket chunks; <see langword="null"/> allocates every chunk.</param>
    /// <param name="clearMode">Whether bucket and entry chunks are cleared before they go back to their pools: <see cref="ClearMode.Always"/> for data the next renter must not see.</param>
    public ChunkedHashSet(IEqualityComparer<T>? comparer, ArrayPool<int>? bucketPool, ClearMode clearMode = ClearMode.Auto)
        : this(comparer, bucketPool, bucketPool is null ? null : Buffers.CompanionArrayPool<ChunkedSetEntry<T>>.For(bucketPool), ChunkedStorage<int>.DefaultChunkLength, ChunkedStorage<ChunkedSetEntry<T>>.DefaultChunkLength, ChunkedStorage<int[]>.DefaultDirectoryLength, clearMode)
    {
    }

    /// <summary>Initializes an empty pooled set (see <see cref="ChunkedHashSet{T}(IEqualityComparer{T}?, ArrayPool{int}?, ClearMode)"/>) that holds <paramref name="capacity"/> elements without growing.</summary>
    /// <param name="capacity">The initial capacity.</param>
    /// <param name="comparer">The equality comparer, or <see langword="null"/> for the default.</param>
    /// <param name="bucketPool">The pool for bucket chunks; <see langword="null"/> allocates every chunk.</param>
    /// <param name="clearMode">Whether chunks are cleared before they go back to their pools.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public ChunkedHashSet(int capacity, IEqualityComparer<T>? comparer, ArrayPool<int>? bucketPool, ClearMode clearMode = ClearMode.Auto)
        : this(comparer, bucketPool, clearMode)
    {
        if (capacity < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(capacity));
        }

        if (capacity > 0)
        {
            try
            {
                _table.Initialize(capacity);
            }
            catch
            {
                // Out of memory part-way: nobody gets a collection to dispose, so return the chunks rented so far.
                Dispose();
                throw;
            }
        }
    }

    /// <summary>Initializes a pooled set (see <see cref="ChunkedHashSet{T}(IEqualityComparer{T}?, ArrayPool{int}?, ClearMode)"/>) with the distinct elements of <paramref name="collection"/>.</summary>
    /// <param name="collection">The elements.</param>
    /// <param name="comparer">The equality comparer, or <see langword="null"/> for the default.</param>
    /// <param name="bucketPool">The pool for bucket chunks; <see langword="null"/> allocates every chunk.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    /// <param name="clearMode">Whether chunks are cleared before they go back to their pools.</param>
    public ChunkedHashSet(IEnumerable<T> collection, IEqualityComparer<T>? comparer, ArrayPool<int>? bucketPool, ClearMode clearMode = ClearMode.Auto)
        : this(comparer, bucketPool, clearMode)
    {
        if (collection is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(collection));
        }

        InitializeFrom(collection);
    }

    /// <summary>Initializes an empty set with explicit pools and chunk lengths (tests use short chunks).</summary>
    internal ChunkedHashSet(IEqualityComparer<T>? comparer, ArrayPool<int>? bucketPool, ArrayPool<ChunkedSetEntry<T>>? entryPool, int bucketChunkLength, int entryChunkLength, int directoryLength, ClearMode clearMode = ClearMode.Auto)
    {
        _table = new ChunkedHashTable<T, ChunkedSetEntry<T>>(comparer, bucketPool, entryPool, bucketChunkLength, entryChunkLength, directoryLength, clearMode);
    }

    /// <summary>Gets the number of elements (0 once disposed).</summary>
    public int Count => _table.Count;

    /// <summary>Gets the comparer that decides equality of elements.</summary>
    /// <exception cref="ObjectDisposedException">The set has been disposed.</exception>
    public IEqualityComparer<T> Comparer
    {
        get
        {
            ThrowIfDisposed();
            return _table.Comparer;
        }
    }

    /// <summary>Gets the table (tests check the storage bounds).</summary>
    internal ref ChunkedHashTable<T, ChunkedSetEntry<T>> Table => ref _table;

    bool ICollection<T>.IsReadOnly => false;

    /// <summary>Adds <paramref name="item"/> unless the set contains it.</summary>
    /// <param name="item">The element.</param>
    /// <returns><see langword="true"/> when added.</returns>
    public bool Add(T item)
    {
        ThrowIfDisposed();
        return _table.FindOrAdd(item, out _);
    }

    void ICollection<T>.Add(T item) => Add(item);

    /// <summary>Removes every element; pooled chunks go back to their pools.</summary>
    public void Clear()
    {
        ThrowIfDisposed();
        _table.Clear();
    }

    /// <summary>Returns whether the set contains <paramref name="item"/>.</summary>
    /// <param name="item">The element.</param>
    /// <returns><see langword="true"/> when found.</returns>
    public bool Contains(T item)
    {
        ThrowIfDisposed();
        return _table.FindIndex(item) >= 0;
    }

    /// <summary>Copies the elements into <paramref name="array"/> from its start.</summary>
    /// <param name="array">The destination.</param>
    public void CopyTo(T[] array) => CopyTo(array, 0, Count);

    /// <summary>Copies the elements into <paramref name="array"/> from <paramref name="arrayIndex"/>.</summary>
    /// <param name="array">The destination.</param>
    /// <param name="arrayIndex">Where in <paramref name="array"/> to start.</param>
    public void CopyTo(T[] array, int arrayIndex) => CopyTo(array, arrayIndex, Count);

    /// <summary>Copies up to <paramref name="count"/> elements into <paramref name="array"/> from <paramref name="arrayIndex"/>.</summary>
    /// <param name="array">The destination.</param>
    /// <param name="arrayIndex">Where in <paramref name="array"/> to start.</param>
    /// <param name="count">The most elements to copy.</param>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="arrayIndex"/> or <paramref name="count"/> is negative.</exception>
    /// <exception cref="ArgumentException"><paramref name="array"/> is too short.</exception>
    public void CopyTo(T[] array, int arrayIndex, int count)
    {
        if (array is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(array));
        }

        ThrowIfDisposed();
        if (arrayIndex < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(arrayIndex));
        }

        if (count < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(count));
        }

        if (arrayIndex > array.Length || count > array.Length - arrayIndex)
        {
            ThrowHelper.ThrowArrayTooSmall(nameof(array));
        }

        int entryCount = _table.EntryCount;
        for (int i = 0; i < entryCount && count != 0; i++)
        {
            ref ChunkedSetEntry<T> entry = ref _table.EntryAt(i);
            if (entry.Next >= -1)
            {
                array[arrayIndex++] = entry.Key;
                count--;
            }
        }
    }

    /// <summary>Ensures the set holds <paramref name="capacity"/> elements without growing.</summary>
    /// <param name="capacity">The capacity needed.</param>
    /// <returns>The capacity now (the same number the BCL twin reports).</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public int EnsureCapacity(int capacity)
    {
        if (capacity < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(capacity));
        }

        ThrowIfDisposed();
        return _table.EnsureCapacity(capacity);
    }

    /// <summary>Returns an enumerator over the set, in the BCL twin's order; it throws if the set changes while it runs.</summary>
    /// <returns>The enumerator.</returns>
    public Enumerator GetEnumerator()
    {
        ThrowIfDisposed();
        return new Enumerator(this);
    }

    IEnumerator<T> IEnumerable<T>.GetEnumerator() => Count == 0 ? EmptyEnumerator<T>() : GetEnumerator();

    System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => ((IEnumerable<T>)this).GetEnumerator();

    /// <summary>Removes <paramref name="item"/>.</summary>
    /// <param name="item">The element.</param>
    /// <returns><see langword="true"/> when removed.</returns>
    public bool Remove(T item)
    {
        ThrowIfDisposed();
        return _table.Remove(item, out _);
    }

    /// <summary>Removes every element that matches <paramref name="match"/>.</summary>
    /// <param name="match">The condition.</param>
    /// <returns>The number of elements removed.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="match"/> is <see langword="null"/>.</exception>
    public int RemoveWhere(Predicate<T> match)
    {
        if (match is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(match));
        }

        ThrowIfDisposed();
        int removed = 0;
        for (int i = 0; i < _table.EntryCount; i++)
        {
            ref ChunkedSetEntry<T> entry = ref _table.EntryAt(i);
            if (entry.Next >= -1)
            {
                T value = entry.Key;
                if (match(value) && _table.Remove(value, out _))
                {
                    removed++;
                }
            }
        }

        return removed;
    }

    /// <summary>Shrinks the set to the capacity its elements need, compacting them in order (pooled chunks go back).</summary>
    public void TrimExcess() => TrimExcess(Count);

    /// <summary>Shrinks the set to the capacity <paramref name="capacity"/> elements need, compacting them in order.</summary>
    /// <param name="capacity">The capacity to keep.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is less than <see cref="Count"/>.</exception>
    public void TrimExcess(int capacity)
    {
        ThrowIfDisposed();
        if (capacity < Count)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(capacity), "The capacity is less than the number of elements.");
        }

        _table.TrimExcess(capacity);
    }

    /// <summary>Looks for an element equal to <paramref name="equalValue"/> and returns the one stored.</summary>
    /// <param name="equalValue">The value to look for.</param>
    /// <param name="actualValue">The stored element, or the default value.</param>
    /// <returns><see langword="true"/> when found.</returns>
    public bool TryGetValue(T equalValue, [MaybeNullWhen(false)] out T actualValue)
    {
        ThrowIfDisposed();
        int index = _table.FindIndex(equalValue);
        if (index >= 0)
        {
            actualValue = _table.EntryAt(index).Key;
            return true;
        }

        actualValue = default;
        return false;
    }

    /// <summary>Returns every chunk (to the pools, when there are any) and makes the set unusable.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        _table.Release();
    }

    private void InitializeFrom(IEnumerable<T> collection)
    {
        try
        {
            if (collection is ICollection<T> c && c.Count > 0)
            {
                _table.Initialize(c.Count);
            }

            UnionWith(collection);
            if (Count > 0 && _table.Capacity / _table.EntryCount > 3)
            {
                _table.TrimExcess(Count);
            }
        }
        catch
        {
            // The source threw (or memory ran out) part-way: nobody gets a set to dispose, so return the chunks now.
            Dispose();
            throw;
        }
    }

    private void ThrowIfDisposed()
    {
        if (_disposed)
        {
            ThrowDisposed();
        }
    }

    /// <summary>Throws for an enumerator whose collection changed or was disposed.</summary>
    [DoesNotReturn]
    internal void ThrowEnumeratorInvalid() => CollectionGuards.ThrowEnumeratorInvalid(_disposed, typeof(ChunkedHashSet<T>));

    /// <summary>Returns the shared empty enumerator (after the disposal check).</summary>
    internal IEnumerator<TItem> EmptyEnumerator<TItem>()
    {
        ThrowIfDisposed();
        return CollectionGuards.EmptyEnumerator<TItem>();
    }

    [DoesNotReturn]
    private static void ThrowDisposed() => ThrowHelper.ThrowObjectDisposed(typeof(ChunkedHashSet<T>));
}
