using System.Buffers;
using System.Collections;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using Gen0.Buffers;

namespace Gen0.Collections;

/// <summary>
/// A <see cref="HashSet{T}"/> whose bucket and entry arrays are rented from array pools and returned on
/// <see cref="Dispose()"/>, so that building and dropping sets does not feed the garbage collector.
/// </summary>
/// <typeparam name="T">The type of the elements.</typeparam>
/// <remarks>
/// <para>
/// Until it is disposed the type behaves exactly like <see cref="HashSet{T}"/> in .NET 10: the same members, results,
/// exceptions, enumerator versioning and enumeration order (the same entries, buckets and LIFO free list, the same
/// prime table sizes, and the set operations take the same paths, which decide where later additions land).
/// A <see cref="PooledHashSet{T}"/> passed as <c>other</c> is treated as the BCL treats a <see cref="HashSet{T}"/>.
/// One difference: built from a <see cref="HashSet{T}"/> that has free slots, the BCL clones the slots, this set
/// cannot see them and copies the elements compacted; later additions may then enumerate in a different place.
/// </para>
/// <para>
/// Invariants: every array the set holds was rented from its pool and goes back exactly once: the old pair right
/// after it is copied into a grown or trimmed pair, the current pair on <see cref="Dispose()"/>, cleared first as the
/// <see cref="ClearMode"/> says; the scratch bit arrays of large set operations come from the bucket pool and go
/// back before the operation returns. Disposing nulls the buckets; members that already test them for null look at
/// the disposed flag, so lookups pay nothing for the check. After disposal every member but <see cref="Dispose()"/>
/// and <see cref="Count"/> (which reads 0) throws <see cref="ObjectDisposedException"/>. Not supported:
/// <c>GetAlternateLookup</c>/<c>TryGetAlternateLookup</c> and binary serialization. Not thread-safe, like the BCL type.
/// </para>
/// </remarks>
[DebuggerDisplay("Count = {Count}")]
[DebuggerTypeProxy(typeof(PooledHashSetDebugView<>))]
public partial class PooledHashSet<T> : ISet<T>, IReadOnlySet<T>, IReadOnlyCollection<T>, IDisposable
{
    private PooledHashTable<T, Entry> _table;

    /// <summary>Initializes an empty set with the default comparer and the default pools.</summary>
    public PooledHashSet()
        : this(0, null, ClearMode.Auto, null, null)
    {
    }

    /// <summary>Initializes an empty set that compares elements with <paramref name="comparer"/>.</summary>
    /// <param name="comparer">The comparer, or <see langword="null"/> for <see cref="EqualityComparer{T}.Default"/>.</param>
    public PooledHashSet(IEqualityComparer<T>? comparer)
        : this(0, comparer, ClearMode.Auto, null, null)
    {
    }

    /// <summary>Initializes an empty set with room for <paramref name="capacity"/> elements.</summary>
    /// <param name="capacity">The number of elements the set can hold without growing.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public PooledHashSet(int capacity)
        : this(capacity, null, ClearMode.Auto, null, null)
    {
    }

    /// <summary>Initializes an empty set with a capacity and a comparer.</summary>
    /// <param name="capacity">The number of elements the set can hold without growing.</param>
    /// <param name="comparer">The comparer, or <see langword="null"/> for <see cref="EqualityComparer{T}.Default"/>.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public PooledHashSet(int capacity, IEqualityComparer<T>? comparer)
        : this(capacity, comparer, ClearMode.Auto, null, null)
    {
    }

    /// <summary>Initializes an empty set that clears returned arrays as <paramref name="clearMode"/> says.</summary>
    /// <param name="clearMode">When arrays are cleared before they go back to their pool.</param>
    public PooledHashSet(ClearMode clearMode)
        : this(0, null, clearMode, null, null)
    {
    }

    /// <summary>Initializes an empty set with every option.</summary>
    /// <param name="capacity">The number of elements the set can hold without growing.</param>
    /// <param name="comparer">The comparer, or <see langword="null"/> for <see cref="EqualityComparer{T}.Default"/>.</param>
    /// <param name="clearMode">When arrays are cleared before they go back to their pool.</param>
    /// <param name="bucketPool">The pool of the bucket (and scratch) arrays, or <see langword="null"/> for the default pool.</param>
    /// <param name="entryPool">The pool of the entry arrays, or <see langword="null"/> for the default pool.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public PooledHashSet(int capacity, IEqualityComparer<T>? comparer, ClearMode clearMode, ArrayPool<int>? bucketPool = null, ArrayPool<Entry>? entryPool = null)
    {
        _table = new PooledHashTable<T, Entry>(capacity, comparer, clearMode, bucketPool, entryPool);
    }

    /// <summary>Initializes a set holding the distinct elements of <paramref name="collection"/>.</summary>
    /// <param name="collection">The elements.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    public PooledHashSet(IEnumerable<T> collection)
        : this(collection, null)
    {
    }

    /// <summary>Initializes a set holding the distinct elements of <paramref name="collection"/> under <paramref name="comparer"/>.</summary>
    /// <param name="collection">The elements.</param>
    /// <param name="comparer">The comparer, or <see langword="null"/> for <see cref="EqualityComparer{T}.Default"/>.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    public PooledHashSet(IEnumerable<T> collection, IEqualityComparer<T>? comparer)
        : this(collection, comparer, ClearMode.Auto, null, null)
    {
    }

    /// <summary>Initializes a set holding the distinct elements of <paramref name="collection"/>, with every option.</summary>
    /// <param name="collection">The elements.</param>
    /// <param name="comparer">The comparer, or <see langword="null"/> for <see cref="EqualityComparer{T}.Default"/>.</param>
    /// <param name="clearMode">When arrays are cleared before they go back to their pool.</param>
    /// <param name="bucketPool">The pool of the bucket (and scratch) arrays, or <see langword="null"/> for the default pool.</param>
    /// <param name="entryPool">The pool of the entry arrays, or <see langword="null"/> for the default pool.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    public PooledHashSet(IEnumerable<T> collection, IEqualityComparer<T>? comparer, ClearMode clearMode, ArrayPool<int>? bucketPool = null, ArrayPool<Entry>? entryPool = null)
        : this(0, comparer, clearMode, bucketPool, entryPool)
    {
        if (collection is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(collection));
        }

        try
        {
            ConstructFrom(collection);
        }
        catch
        {
            // The constructor is failing, so nobody will ever dispose this instance: give the arrays back now.
            Dispose();
            throw;
        }
    }

    /// <summary>Gets the number of elements; 0 once disposed.</summary>
    public int Count => _table.Count;

    /// <summary>Gets the number of elements the set can hold without growing (the BCL's table size).</summary>
    public int Capacity
    {
        get
        {
            ThrowIfDisposed();
            return _table._size;
        }
    }

    /// <summary>Gets the comparer that decides element equality.</summary>
    public IEqualityComparer<T> Comparer
    {
        get
        {
            ThrowIfDisposed();
            return _table.Comparer;
        }
    }

    bool ICollection<T>.IsReadOnly => false;

    /// <summary>Returns a comparer that compares sets by their elements, like <see cref="HashSet{T}.CreateSetComparer"/>.</summary>
    /// <returns>The comparer.</returns>
    public static IEqualityComparer<PooledHashSet<T>?> CreateSetComparer() => new PooledHashSetEqualityComparer<T>();

    /// <summary>Adds <paramref name="item"/> unless an equal element is present.</summary>
    /// <param name="item">The element.</param>
    /// <returns><see langword="true"/> if it was added.</returns>
    public bool Add(T item)
    {
        _table.FindOrAdd(item, out bool found);
        return !found;
    }

    void ICollection<T>.Add(T item) => Add(item);

    /// <summary>Returns whether an element equal to <paramref name="item"/> is present.</summary>
    /// <param name="item">The element.</param>
    /// <returns><see langword="true"/> if present.</returns>
    public bool Contains(T item) => !Unsafe.IsNullRef(ref _table.FindEntry(item));

    /// <summary>Finds the stored element equal to <paramref name="equalValue"/>.</summary>
    /// <param name="equalValue">The value to look for.</param>
    /// <param name="actualValue">The stored element, or the default when none is equal.</param>
    /// <returns><see langword="true"/> if found.</returns>
    public bool TryGetValue(T equalValue, [MaybeNullWhen(false)] out T actualValue)
    {
        ref Entry entry = ref _table.FindEntry(equalValue);
        if (!Unsafe.IsNullRef(ref entry))
        {
            actualValue = entry._value;
            return true;
        }

        actualValue = default;
        return false;
    }

    /// <summary>Removes the element equal to <paramref name="item"/>.</summary>
    /// <param name="item">The element.</param>
    /// <returns><see langword="true"/> if it was present.</returns>
    public bool Remove(T item) => !Unsafe.IsNullRef(ref _table.Remove(item));

    /// <summary>Removes every element, keeping the capacity (and the rented arrays).</summary>
    public void Clear() => _table.Clear();

    /// <summary>Returns an enumerator over the elements.</summary>
    /// <returns>A struct enumerator.</returns>
    public Enumerator GetEnumerator()
    {
        ThrowIfDisposed();
        return new Enumerator(this);
    }

    IEnumerator<T> IEnumerable<T>.GetEnumerator()
    {
        ThrowIfDisposed();
        return Count == 0 ? CollectionGuards.EmptyEnumerator<T>() : GetEnumerator();
    }

    IEnumerator IEnumerable.GetEnumerator() => ((IEnumerable<T>)this).GetEnumerator();

    /// <summary>Adds every element of <paramref name="other"/>.</summary>
    /// <param name="other">The elements to add.</param>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public void UnionWith(IEnumerable<T> other) => HashSetOperations<T, Core>.UnionWith(Checked(other), other);

    /// <summary>Keeps only the elements that are also in <paramref name="other"/>.</summary>
    /// <param name="other">The elements to keep.</param>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public void IntersectWith(IEnumerable<T> other) => HashSetOperations<T, Core>.IntersectWith(Checked(other), other);

    /// <summary>Removes every element that is in <paramref name="other"/>.</summary>
    /// <param name="other">The elements to remove.</param>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public void ExceptWith(IEnumerable<T> other) => HashSetOperations<T, Core>.ExceptWith(Checked(other), other);

    /// <summary>Keeps the elements that are in this set or in <paramref name="other"/>, but not in both.</summary>
    /// <param name="other">The other elements.</param>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public void SymmetricExceptWith(IEnumerable<T> other) => HashSetOperations<T, Core>.SymmetricExceptWith(Checked(other), other);

    /// <summary>Returns whether every element is in <paramref name="other"/>.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> for a subset.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool IsSubsetOf(IEnumerable<T> other) => HashSetOperations<T, Core>.IsSubsetOf(Checked(other), other);

    /// <summary>Returns whether every element is in <paramref name="other"/> and <paramref name="other"/> has more.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> for a proper subset.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool IsProperSubsetOf(IEnumerable<T> other) => HashSetOperations<T, Core>.IsProperSubsetOf(Checked(other), other);

    /// <summary>Returns whether every element of <paramref name="other"/> is in this set.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> for a superset.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool IsSupersetOf(IEnumerable<T> other) => HashSetOperations<T, Core>.IsSupersetOf(Checked(other), other);

    /// <summary>Returns whether every element of <paramref name="other"/> is in this set and this set has more.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> for a proper superset.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool IsProperSupersetOf(IEnumerable<T> other) => HashSetOperations<T, Core>.IsProperSupersetOf(Checked(other), other);

    /// <summary>Returns whether this set and <paramref name="other"/> share an element.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> if they overlap.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool Overlaps(IEnumerable<T> other) => HashSetOperations<T, Core>.Overlaps(Checked(other), other);

    /// <summary>Returns whether this set and <paramref name="other"/> hold the same elements.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> if equal as sets.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool SetEquals(IEnumerable<T> other) => HashSetOperations<T, Core>.SetEquals(Checked(other), other);

    /// <summary>Copies the elements into <paramref name="array"/>.</summary>
    /// <param name="array">The destination.</param>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException">The elements do not fit.</exception>
    public void CopyTo(T[] array) => CopyTo(array, 0, Count);

    /// <summary>Copies the elements into <paramref name="array"/> from <paramref name="arrayIndex"/> on.</summary>
    /// <param name="array">The destination.</param>
    /// <param name="arrayIndex">The first index written.</param>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="arrayIndex"/> is negative.</exception>
    /// <exception cref="ArgumentException">The elements do not fit.</exception>
    public void CopyTo(T[] array, int arrayIndex) => CopyTo(array, arrayIndex, Count);

    /// <summary>Copies up to <paramref name="count"/> elements into <paramref name="array"/> from <paramref name="arrayIndex"/> on.</summary>
    /// <param name="array">The destination.</param>
    /// <param name="arrayIndex">The first index written.</param>
    /// <param name="count">The most elements to copy.</param>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="arrayIndex"/> or <paramref name="count"/> is negative.</exception>
    /// <exception cref="ArgumentException"><paramref name="count"/> elements do not fit.</exception>
    public void CopyTo(T[] array, int arrayIndex, int count)
    {
        ThrowIfDisposed();
        if (array is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(array));
        }

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
            ThrowHelper.ThrowArrayTooSmall();
        }

        Entry[]? entries = _table._entries;
        for (int i = 0; i < _table._count && count != 0; i++)
        {
            ref Entry entry = ref entries![i];
            if (entry._next >= -1)
            {
                array[arrayIndex++] = entry._value;
                count--;
            }
        }
    }

    /// <summary>Removes every element that <paramref name="match"/> accepts.</summary>
    /// <param name="match">The predicate.</param>
    /// <returns>The number of elements removed.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="match"/> is <see langword="null"/>.</exception>
    public int RemoveWhere(Predicate<T> match)
    {
        ThrowIfDisposed();
        if (match is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(match));
        }

        Entry[]? entries = _table._entries;
        int removed = 0;
        for (int i = 0; i < _table._count; i++)
        {
            ref Entry entry = ref entries![i];
            if (entry._next >= -1)
            {
                // Copied first: the predicate may remove it.
                T value = entry._value;
                if (match(value) && Remove(value))
                {
                    removed++;
                }
            }
        }

        return removed;
    }

    /// <summary>Grows the table, if needed, so that it holds <paramref name="capacity"/> elements without growing again.</summary>
    /// <param name="capacity">The number of elements to make room for.</param>
    /// <returns>The capacity afterwards.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public int EnsureCapacity(int capacity)
    {
        ThrowIfDisposed();
        if (capacity < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(capacity));
        }

        return _table.EnsureCapacity(capacity);
    }

    /// <summary>Shrinks the table to the smallest size that holds the current elements, compacting them.</summary>
    public void TrimExcess() => TrimExcess(Count);

    /// <summary>Shrinks the table to the smallest size that holds <paramref name="capacity"/> elements, compacting them.</summary>
    /// <param name="capacity">The number of elements to keep room for.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is less than <see cref="Count"/>.</exception>
    public void TrimExcess(int capacity)
    {
        ThrowIfDisposed();
        if (capacity < Count)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(capacity), $"The capacity {capacity} is less than the number of elements ({Count}); pass at least Count.");
        }

        _table.TrimExcess(capacity);
    }

    /// <summary>Returns the arrays to their pools. Afterwards only <see cref="Count"/> (0) and <see cref="Dispose()"/> may be used.</summary>
    public void Dispose()
    {
        Dispose(true);
        GC.SuppressFinalize(this);
    }

    /// <summary>Returns whether each element of this set is in <paramref name="other"/>, a set with the same comparer.</summary>
    internal bool IsSubsetOfSetWithSameComparer(IEnumerable<T> other) => HashSetOperations<T, Core>.IsContainedIn(new Core(this), other);

    /// <summary>Throws <see cref="ObjectDisposedException"/> once the set is disposed (off the hot paths).</summary>
    internal void ThrowIfDisposed() => _table.ThrowIfDisposed();

    /// <summary>Gets whether the table still hashes with the non-randomized string hash (tests check the switch).</summary>
    internal bool HashesNonRandomized => _table.HashesNonRandomized;

    /// <summary>Returns the arrays once; later calls do nothing.</summary>
    /// <param name="disposing"><see langword="true"/> when called from <see cref="Dispose()"/>.</param>
    protected virtual void Dispose(bool disposing) => _table.Dispose();

    /// <summary>Checks the set operations' preconditions (alive first, then the argument) and returns the core they run on.</summary>
    private Core Checked(IEnumerable<T> other)
    {
        ThrowIfDisposed();
        if (other is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(other));
        }

        return new Core(this);
    }

    private void ConstructFrom(IEnumerable<T> collection)
    {
        if (collection is PooledHashSet<T> pooledSource && pooledSource.Comparer.Equals(Comparer))
        {
            pooledSource.ThrowIfDisposed();
            if (pooledSource.Count == 0)
            {
                return;
            }

            // As the BCL clones a HashSet: keep its table (free slots included) unless it is far too large, or its
            // stored hash codes are not this table's (it left the non-randomized string hash).
            if (HashHelpers.ExpandPrime(pooledSource.Count + 1) >= pooledSource._table._size && _table.SharesHashCodesWith(in pooledSource._table))
            {
                _table.CloneFrom(ref pooledSource._table);
            }
            else
            {
                _table.Initialize(pooledSource.Count);
                UnionWith(pooledSource);
            }

            return;
        }

        if (collection is HashSet<T> bclSource && bclSource.Comparer.Equals(Comparer))
        {
            int count = bclSource.Count;
            if (count == 0)
            {
                return;
            }

            // The BCL clones such a set (its free slots are invisible here, so the elements are copied compacted).
            int sourceCapacity = bclSource.EnsureCapacity(0);
            _table.Initialize(HashHelpers.ExpandPrime(count + 1) >= sourceCapacity ? sourceCapacity : count);
            UnionWith(bclSource);
            return;
        }

        if (collection is ICollection<T> coll && coll.Count > 0)
        {
            _table.Initialize(coll.Count);
        }

        UnionWith(collection);
        if (_table._count > 0 && _table._size / _table._count > PooledHashing.ShrinkThreshold)
        {
            TrimExcess();
        }
    }

    /// <summary>Returns the entry index of the element equal to <paramref name="item"/>, or -1 (for the set operations' bit sets).</summary>
    private int FindItemIndex(T item)
    {
        ref Entry entry = ref _table.FindEntry(item);
        return Unsafe.IsNullRef(ref entry) ? -1 : _table.IndexOf(ref entry);
    }

    /// <summary>Adds <paramref name="value"/> unless present; <paramref name="location"/> is its entry index either way.</summary>
    private bool AddIfNotPresent(T value, out int location)
    {
        ref Entry entry = ref _table.FindOrAdd(value, out bool found);
        location = _table.IndexOf(ref entry);
        return !found;
    }

    [DoesNotReturn]
    private static void ThrowObjectDisposed() =>
        ThrowHelper.ThrowObjectDisposed(nameof(PooledHashSet<T>), "The PooledHashSet has been disposed and its arrays returned to their pools; create a new one.");
}
