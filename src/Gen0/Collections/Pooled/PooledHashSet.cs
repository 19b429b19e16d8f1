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
    private readonly ArrayPool<int> _bucketPool;
    private readonly ArrayPool<Entry> _entryPool;
    private readonly ClearMode _clearMode;
    private int[]? _buckets;
    private Entry[]? _entries;
    private ulong _fastModMultiplier;
    private int _size;
    private int _count;
    private int _freeList;
    private int _freeCount;
    private int _version;
    private IEqualityComparer<T>? _comparer;
    private bool _disposed;

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
        if (capacity < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(capacity));
        }

        _bucketPool = bucketPool ?? DefaultArrayPool<int>.Instance;
        _entryPool = entryPool ?? DefaultArrayPool<Entry>.Instance;
        _clearMode = clearMode;
        _freeList = -1;
        if (comparer is not null && comparer != EqualityComparer<T>.Default)
        {
            _comparer = comparer;
        }

        if (capacity > 0)
        {
            Initialize(capacity);
        }
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
    public int Count => _count - _freeCount;

    /// <summary>Gets the number of elements the set can hold without growing (the BCL's table size).</summary>
    public int Capacity
    {
        get
        {
            ThrowIfDisposed();
            return _size;
        }
    }

    /// <summary>Gets the comparer that decides element equality.</summary>
    public IEqualityComparer<T> Comparer
    {
        get
        {
            ThrowIfDisposed();
            return _comparer ?? EqualityComparer<T>.Default;
        }
    }

    bool ICollection<T>.IsReadOnly => false;

    /// <summary>Returns a comparer that compares sets by their elements, like <see cref="HashSet{T}.CreateSetComparer"/>.</summary>
    /// <returns>The comparer.</returns>
    public static IEqualityComparer<PooledHashSet<T>?> CreateSetComparer() => new PooledHashSetEqualityComparer<T>();

    /// <summary>Adds <paramref name="item"/> unless an equal element is present.</summary>
    /// <param name="item">The element.</param>
    /// <returns><see langword="true"/> if it was added.</returns>
    public bool Add(T item) => AddIfNotPresent(item, out _);

    void ICollection<T>.Add(T item) => AddIfNotPresent(item, out _);

    /// <summary>Returns whether an element equal to <paramref name="item"/> is present.</summary>
    /// <param name="item">The element.</param>
    /// <returns><see langword="true"/> if present.</returns>
    public bool Contains(T item) => FindItemIndex(item) >= 0;

    /// <summary>Finds the stored element equal to <paramref name="equalValue"/>.</summary>
    /// <param name="equalValue">The value to look for.</param>
    /// <param name="actualValue">The stored element, or the default when none is equal.</param>
    /// <returns><see langword="true"/> if found.</returns>
    public bool TryGetValue(T equalValue, [MaybeNullWhen(false)] out T actualValue)
    {
        int index = FindItemIndex(equalValue);
        if (index >= 0)
        {
            actualValue = _entries![index]._value;
            return true;
        }

        actualValue = default;
        return false;
    }

    /// <summary>Removes the element equal to <paramref name="item"/>.</summary>
    /// <param name="item">The element.</param>
    /// <returns><see langword="true"/> if it was present.</returns>
    public bool Remove(T item)
    {
        if (_buckets is not null)
        {
            Entry[] entries = _entries!;
            uint collisionCount = 0;
            int last = -1;
            IEqualityComparer<T>? comparer = _comparer;
            int hashCode = item is null ? 0 : (typeof(T).IsValueType && comparer is null ? item.GetHashCode() : (comparer ?? EqualityComparer<T>.Default).GetHashCode(item));
            ref int bucket = ref GetBucket(hashCode);
            int i = bucket - 1;
            while (i >= 0)
            {
                ref Entry entry = ref entries[i];
                if (entry._hashCode == hashCode && AreEqual(comparer, entry._value, item))
                {
                    if (last < 0)
                    {
                        bucket = entry._next + 1;
                    }
                    else
                    {
                        entries[last]._next = entry._next;
                    }

                    entry._next = PooledHashing.StartOfFreeList - _freeList;
                    if (RuntimeHelpers.IsReferenceOrContainsReferences<T>())
                    {
                        entry._value = default!;
                    }

                    _freeList = i;
                    _freeCount++;
                    return true;
                }

                last = i;
                i = entry._next;
                collisionCount++;
                if (collisionCount > (uint)entries.Length)
                {
                    PooledHashing.ThrowConcurrentOperationsNotSupported();
                }
            }
        }
        else if (_disposed)
        {
            ThrowObjectDisposed();
        }

        return false;
    }

    /// <summary>Removes every element, keeping the capacity (and the rented arrays).</summary>
    public void Clear()
    {
        ThrowIfDisposed();
        int count = _count;
        if (count > 0)
        {
            Array.Clear(_buckets!, 0, _size);
            _count = 0;
            _freeList = -1;
            _freeCount = 0;
            Array.Clear(_entries!, 0, count);
        }
    }

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
    public void UnionWith(IEnumerable<T> other)
    {
        ThrowIfDisposedOrNull(other);
        foreach (T item in other)
        {
            AddIfNotPresent(item, out _);
        }
    }

    /// <summary>Keeps only the elements that are also in <paramref name="other"/>.</summary>
    /// <param name="other">The elements to keep.</param>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public void IntersectWith(IEnumerable<T> other)
    {
        ThrowIfDisposedOrNull(other);
        if (Count == 0 || ReferenceEquals(other, this))
        {
            return;
        }

        if (other is ICollection<T> otherAsCollection)
        {
            if (otherAsCollection.Count == 0)
            {
                Clear();
                return;
            }

            if (IsSetWithSameComparer(other))
            {
                Entry[] entries = _entries!;
                for (int i = 0; i < _count; i++)
                {
                    ref Entry entry = ref entries[i];
                    if (entry._next >= -1)
                    {
                        T item = entry._value;
                        if (!SetContains(other, item))
                        {
                            Remove(item);
                        }
                    }
                }

                return;
            }
        }

        IntersectWithEnumerable(other);
    }

    /// <summary>Removes every element that is in <paramref name="other"/>.</summary>
    /// <param name="other">The elements to remove.</param>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public void ExceptWith(IEnumerable<T> other)
    {
        ThrowIfDisposedOrNull(other);
        if (Count == 0)
        {
            return;
        }

        if (ReferenceEquals(other, this))
        {
            Clear();
            return;
        }

        foreach (T element in other)
        {
            Remove(element);
        }
    }

    /// <summary>Keeps the elements that are in this set or in <paramref name="other"/>, but not in both.</summary>
    /// <param name="other">The other elements.</param>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public void SymmetricExceptWith(IEnumerable<T> other)
    {
        ThrowIfDisposedOrNull(other);
        if (Count == 0)
        {
            UnionWith(other);
            return;
        }

        if (ReferenceEquals(other, this))
        {
            Clear();
            return;
        }

        if (IsSetWithSameComparer(other))
        {
            // Elements of a set with this comparer are unique: toggle each one.
            foreach (T item in other)
            {
                if (!Remove(item))
                {
                    AddIfNotPresent(item, out _);
                }
            }
        }
        else
        {
            SymmetricExceptWithEnumerable(other);
        }
    }

    /// <summary>Returns whether every element is in <paramref name="other"/>.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> for a subset.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool IsSubsetOf(IEnumerable<T> other)
    {
        ThrowIfDisposedOrNull(other);
        if (Count == 0 || ReferenceEquals(other, this))
        {
            return true;
        }

        if (IsSetWithSameComparer(other))
        {
            return Count <= ((ICollection<T>)other).Count && IsSubsetOfSetWithSameComparer(other);
        }

        (int uniqueCount, int unfoundCount) = CheckUniqueAndUnfoundElements(other, returnIfUnfound: false);
        return uniqueCount == Count && unfoundCount >= 0;
    }

    /// <summary>Returns whether every element is in <paramref name="other"/> and <paramref name="other"/> has more.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> for a proper subset.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool IsProperSubsetOf(IEnumerable<T> other)
    {
        ThrowIfDisposedOrNull(other);
        if (ReferenceEquals(other, this))
        {
            return false;
        }

        if (other is ICollection<T> otherAsCollection)
        {
            if (otherAsCollection.Count == 0)
            {
                return false;
            }

            if (Count == 0)
            {
                return otherAsCollection.Count > 0;
            }

            if (IsSetWithSameComparer(other))
            {
                return Count < otherAsCollection.Count && IsSubsetOfSetWithSameComparer(other);
            }
        }

        (int uniqueCount, int unfoundCount) = CheckUniqueAndUnfoundElements(other, returnIfUnfound: false);
        return uniqueCount == Count && unfoundCount > 0;
    }

    /// <summary>Returns whether every element of <paramref name="other"/> is in this set.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> for a superset.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool IsSupersetOf(IEnumerable<T> other)
    {
        ThrowIfDisposedOrNull(other);
        if (ReferenceEquals(other, this))
        {
            return true;
        }

        if (other is ICollection<T> otherAsCollection)
        {
            if (otherAsCollection.Count == 0)
            {
                return true;
            }

            if (IsSetWithSameComparer(other) && otherAsCollection.Count > Count)
            {
                return false;
            }
        }

        return ContainsAllElements(other);
    }

    /// <summary>Returns whether every element of <paramref name="other"/> is in this set and this set has more.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> for a proper superset.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool IsProperSupersetOf(IEnumerable<T> other)
    {
        ThrowIfDisposedOrNull(other);
        if (Count == 0 || ReferenceEquals(other, this))
        {
            return false;
        }

        if (other is ICollection<T> otherAsCollection)
        {
            if (otherAsCollection.Count == 0)
            {
                return true;
            }

            if (IsSetWithSameComparer(other))
            {
                return otherAsCollection.Count < Count && ContainsAllElements(other);
            }
        }

        (int uniqueCount, int unfoundCount) = CheckUniqueAndUnfoundElements(other, returnIfUnfound: true);
        return uniqueCount < Count && unfoundCount == 0;
    }

    /// <summary>Returns whether this set and <paramref name="other"/> share an element.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> if they overlap.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool Overlaps(IEnumerable<T> other)
    {
        ThrowIfDisposedOrNull(other);
        if (Count == 0)
        {
            return false;
        }

        if (ReferenceEquals(other, this))
        {
            return true;
        }

        foreach (T element in other)
        {
            if (Contains(element))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Returns whether this set and <paramref name="other"/> hold the same elements.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> if equal as sets.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool SetEquals(IEnumerable<T> other)
    {
        ThrowIfDisposedOrNull(other);
        if (ReferenceEquals(other, this))
        {
            return true;
        }

        if (IsSetWithSameComparer(other))
        {
            return Count == ((ICollection<T>)other).Count && ContainsAllElements(other);
        }

        if (Count == 0 && other is ICollection<T> otherAsCollection && otherAsCollection.Count > 0)
        {
            return false;
        }

        (int uniqueCount, int unfoundCount) = CheckUniqueAndUnfoundElements(other, returnIfUnfound: true);
        return uniqueCount == Count && unfoundCount == 0;
    }

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

        Entry[]? entries = _entries;
        for (int i = 0; i < _count && count != 0; i++)
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

        Entry[]? entries = _entries;
        int removed = 0;
        for (int i = 0; i < _count; i++)
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

        int currentCapacity = _size;
        if (currentCapacity >= capacity)
        {
            return currentCapacity;
        }

        if (_buckets is null)
        {
            return Initialize(capacity);
        }

        int newSize = HashHelpers.GetPrime(capacity);
        Resize(newSize);
        return newSize;
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

        int newSize = HashHelpers.GetPrime(capacity);
        if (newSize >= _size)
        {
            return;
        }

        int oldCount = _count;
        int oldSize = _size;
        int[]? oldBuckets = _buckets;
        Entry[]? oldEntries = _entries;
        _version++;
        Initialize(newSize);
        CopyEntries(oldEntries!, oldCount);
        ReturnArrays(oldBuckets, oldEntries, oldCount, oldSize);
    }

    /// <summary>Returns the arrays to their pools. Afterwards only <see cref="Count"/> (0) and <see cref="Dispose()"/> may be used.</summary>
    public void Dispose()
    {
        Dispose(true);
        GC.SuppressFinalize(this);
    }

    /// <summary>Returns whether each element of this set is in <paramref name="other"/>, a set with the same comparer.</summary>
    internal bool IsSubsetOfSetWithSameComparer(IEnumerable<T> other)
    {
        foreach (T item in this)
        {
            if (!SetContains(other, item))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>Throws <see cref="ObjectDisposedException"/> once the set is disposed (off the hot paths).</summary>
    internal void ThrowIfDisposed()
    {
        if (_disposed)
        {
            ThrowObjectDisposed();
        }
    }

    /// <summary>Throws what a stale enumerator throws: disposed beats modified.</summary>
    internal void ThrowEnumeratorInvalid()
    {
        ThrowIfDisposed();
        ThrowHelper.ThrowEnumFailedVersion();
    }

    /// <summary>Returns the arrays once; later calls do nothing.</summary>
    /// <param name="disposing"><see langword="true"/> when called from <see cref="Dispose()"/>.</param>
    protected virtual void Dispose(bool disposing)
    {
        if (_disposed)
        {
            return;
        }

        int[]? buckets = _buckets;
        Entry[]? entries = _entries;
        int count = _count;
        int size = _size;
        _disposed = true;
        _buckets = null;
        _entries = null;
        _count = 0;
        _freeCount = 0;
        _freeList = -1;
        _size = 0;
        _version++;
        ReturnArrays(buckets, entries, count, size);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool AreEqual(IEqualityComparer<T>? comparer, T x, T y) =>
        typeof(T).IsValueType && comparer is null ? EqualityComparer<T>.Default.Equals(x, y) : (comparer ?? EqualityComparer<T>.Default).Equals(x, y);

    private void ThrowIfDisposedOrNull(IEnumerable<T> other)
    {
        ThrowIfDisposed();
        if (other is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(other));
        }
    }

    /// <summary>
    /// Recognizes the inputs whose elements are unique under this set's comparer (a <see cref="HashSet{T}"/> or a
    /// <see cref="PooledHashSet{T}"/> with an equal comparer), where the BCL takes its fast paths.
    /// </summary>
    private bool IsSetWithSameComparer(IEnumerable<T> other) =>
        (other is HashSet<T> bclSet && bclSet.Comparer.Equals(Comparer)) ||
        (other is PooledHashSet<T> pooledSet && pooledSet.Comparer.Equals(Comparer));

    /// <summary>Membership in a set that <see cref="IsSetWithSameComparer"/> accepted, without allocating a delegate.</summary>
    private static bool SetContains(IEnumerable<T> set, T item) =>
        set is HashSet<T> bclSet ? bclSet.Contains(item) : ((PooledHashSet<T>)set).Contains(item);

    private bool ContainsAllElements(IEnumerable<T> other)
    {
        foreach (T element in other)
        {
            if (!Contains(element))
            {
                return false;
            }
        }

        return true;
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

            // As the BCL clones a HashSet: keep its table (free slots included) unless it is far too large.
            if (HashHelpers.ExpandPrime(pooledSource.Count + 1) >= pooledSource._size)
            {
                Initialize(pooledSource._size);
                Array.Copy(pooledSource._buckets!, _buckets!, _size);
                Array.Copy(pooledSource._entries!, _entries!, pooledSource._count);
                _freeList = pooledSource._freeList;
                _freeCount = pooledSource._freeCount;
                _count = pooledSource._count;
            }
            else
            {
                Initialize(pooledSource.Count);
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
            Initialize(HashHelpers.ExpandPrime(count + 1) >= sourceCapacity ? sourceCapacity : count);
            UnionWith(bclSource);
            return;
        }

        if (collection is ICollection<T> coll && coll.Count > 0)
        {
            Initialize(coll.Count);
        }

        UnionWith(collection);
        if (_count > 0 && _size / _count > PooledHashing.ShrinkThreshold)
        {
            TrimExcess();
        }
    }

    private void IntersectWithEnumerable(IEnumerable<T> other)
    {
        int originalCount = _count;
        int intLength = PooledHashingBitSet.ToIntArrayLength(originalCount);
        int[]? rented = null;
        Span<int> storage = intLength <= PooledHashingBitSet.StackAllocThreshold
            ? stackalloc int[PooledHashingBitSet.StackAllocThreshold]
            : (rented = PooledHashing.Rent(_bucketPool, intLength));
        try
        {
            var marked = new PooledHashingBitSet(storage[..intLength]);
            foreach (T item in other)
            {
                int index = FindItemIndex(item);
                if (index >= 0)
                {
                    marked.Mark(index);
                }
            }

            for (int i = 0; i < originalCount; i++)
            {
                ref Entry entry = ref _entries![i];
                if (entry._next >= -1 && !marked.IsMarked(i))
                {
                    Remove(entry._value);
                }
            }
        }
        finally
        {
            if (rented is not null)
            {
                _bucketPool.Return(rented);
            }
        }
    }

    private void SymmetricExceptWithEnumerable(IEnumerable<T> other)
    {
        int originalCount = _count;
        int intLength = PooledHashingBitSet.ToIntArrayLength(originalCount);
        const int halfThreshold = PooledHashingBitSet.StackAllocThreshold / 2;
        int[]? rentedToRemove = null;
        int[]? rentedAdded = null;
        Span<int> toRemoveStorage = intLength <= halfThreshold ? stackalloc int[halfThreshold] : (rentedToRemove = PooledHashing.Rent(_bucketPool, intLength));
        try
        {
            Span<int> addedStorage = intLength <= halfThreshold ? stackalloc int[halfThreshold] : (rentedAdded = PooledHashing.Rent(_bucketPool, intLength));
            var itemsToRemove = new PooledHashingBitSet(toRemoveStorage[..intLength]);
            var itemsAddedFromOther = new PooledHashingBitSet(addedStorage[..intLength]);
            foreach (T item in other)
            {
                if (AddIfNotPresent(item, out int location))
                {
                    // Added now: must survive even if it appears again in other. Beyond the original range, ignored.
                    itemsAddedFromOther.Mark(location);
                }
                else if (location < originalCount && !itemsAddedFromOther.IsMarked(location))
                {
                    itemsToRemove.Mark(location);
                }
            }

            for (int i = 0; i < originalCount; i++)
            {
                if (itemsToRemove.IsMarked(i))
                {
                    Remove(_entries![i]._value);
                }
            }
        }
        finally
        {
            if (rentedAdded is not null)
            {
                _bucketPool.Return(rentedAdded);
            }

            if (rentedToRemove is not null)
            {
                _bucketPool.Return(rentedToRemove);
            }
        }
    }

    /// <summary>Counts the distinct elements of <paramref name="other"/> found here, and the ones not found.</summary>
    private (int UniqueCount, int UnfoundCount) CheckUniqueAndUnfoundElements(IEnumerable<T> other, bool returnIfUnfound)
    {
        if (_count == 0)
        {
            int numElementsInOther = 0;
            foreach (T item in other)
            {
                numElementsInOther++;
                break;
            }

            return (0, numElementsInOther);
        }

        int originalCount = _count;
        int intLength = PooledHashingBitSet.ToIntArrayLength(originalCount);
        int[]? rented = null;
        Span<int> storage = intLength <= PooledHashingBitSet.StackAllocThreshold
            ? stackalloc int[PooledHashingBitSet.StackAllocThreshold]
            : (rented = PooledHashing.Rent(_bucketPool, intLength));
        try
        {
            var found = new PooledHashingBitSet(storage[..intLength]);
            int unfoundCount = 0;
            int uniqueFoundCount = 0;
            foreach (T item in other)
            {
                int index = FindItemIndex(item);
                if (index >= 0)
                {
                    if (!found.IsMarked(index))
                    {
                        found.Mark(index);
                        uniqueFoundCount++;
                    }
                }
                else
                {
                    unfoundCount++;
                    if (returnIfUnfound)
                    {
                        break;
                    }
                }
            }

            return (uniqueFoundCount, unfoundCount);
        }
        finally
        {
            if (rented is not null)
            {
                _bucketPool.Return(rented);
            }
        }
    }

    private void CopyEntries(Entry[] entries, int count)
    {
        Entry[] newEntries = _entries!;
        int newCount = 0;
        for (int i = 0; i < count; i++)
        {
            if (entries[i]._next >= -1)
            {
                ref Entry entry = ref newEntries[newCount];
                entry = entries[i];
                ref int bucket = ref GetBucket(entry._hashCode);
                entry._next = bucket - 1;
                bucket = newCount + 1;
                newCount++;
            }
        }

        _count = newCount;
        _freeCount = 0;
        _freeList = -1;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ref int GetBucket(int hashCode)
    {
        int[] buckets = _buckets!;
        if (IntPtr.Size == 8)
        {
            return ref buckets[HashHelpers.FastMod((uint)hashCode, (uint)_size, _fastModMultiplier)];
        }

        return ref buckets[(uint)hashCode % (uint)_size];
    }

    private int Initialize(int capacity)
    {
        ThrowIfDisposed();
        int size = HashHelpers.GetPrime(capacity);
        int[] buckets = PooledHashing.Rent(_bucketPool, size);
        Entry[] entries;
        try
        {
            entries = PooledHashing.Rent(_entryPool, size);
        }
        catch
        {
            _bucketPool.Return(buckets);
            throw;
        }

        Array.Clear(buckets, 0, size);
        _freeList = -1;
        _fastModMultiplier = HashHelpers.GetFastModMultiplier((uint)size);
        _buckets = buckets;
        _entries = entries;
        _size = size;
        return size;
    }

    private void Resize(int newSize)
    {
        Debug.Assert(newSize >= _size, "Resize only grows.");
        int[] oldBuckets = _buckets!;
        Entry[] oldEntries = _entries!;
        int oldSize = _size;
        int count = _count;

        int[] buckets = PooledHashing.Rent(_bucketPool, newSize);
        Entry[] entries;
        try
        {
            entries = PooledHashing.Rent(_entryPool, newSize);
        }
        catch
        {
            _bucketPool.Return(buckets);
            throw;
        }

        Array.Copy(oldEntries, entries, count);
        Array.Clear(buckets, 0, newSize);
        _buckets = buckets;
        _size = newSize;
        _fastModMultiplier = HashHelpers.GetFastModMultiplier((uint)newSize);
        for (int i = 0; i < count; i++)
        {
            ref Entry entry = ref entries[i];
            if (entry._next >= -1)
            {
                ref int bucket = ref GetBucket(entry._hashCode);
                entry._next = bucket - 1;
                bucket = i + 1;
            }
        }

        _entries = entries;
        ReturnArrays(oldBuckets, oldEntries, count, oldSize);
    }

    private void ReturnArrays(int[]? buckets, Entry[]? entries, int entryCount, int bucketCount)
    {
        if (buckets is not null)
        {
            if (_clearMode.ShouldClear<int>())
            {
                Array.Clear(buckets, 0, bucketCount);
            }

            _bucketPool.Return(buckets);
        }

        if (entries is not null)
        {
            // Only [0, entryCount) was ever written; the rest is as the pool handed it over.
            if (_clearMode.ShouldClear<Entry>())
            {
                Array.Clear(entries, 0, entryCount);
            }

            _entryPool.Return(entries);
        }
    }

    private int FindItemIndex(T item)
    {
        if (_buckets is not null)
        {
            Entry[] entries = _entries!;
            uint collisionCount = 0;
            IEqualityComparer<T>? comparer = _comparer;
            if (typeof(T).IsValueType && comparer is null)
            {
                int hashCode = item!.GetHashCode();
                int i = GetBucket(hashCode) - 1;
                while (i >= 0)
                {
                    ref Entry entry = ref entries[i];
                    if (entry._hashCode == hashCode && EqualityComparer<T>.Default.Equals(entry._value, item))
                    {
                        return i;
                    }

                    i = entry._next;
                    collisionCount++;
                    if (collisionCount > (uint)entries.Length)
                    {
                        PooledHashing.ThrowConcurrentOperationsNotSupported();
                    }
                }
            }
            else
            {
                IEqualityComparer<T> effective = comparer ?? EqualityComparer<T>.Default;
                int hashCode = item is null ? 0 : effective.GetHashCode(item);
                int i = GetBucket(hashCode) - 1;
                while (i >= 0)
                {
                    ref Entry entry = ref entries[i];
                    if (entry._hashCode == hashCode && effective.Equals(entry._value, item))
                    {
                        return i;
                    }

                    i = entry._next;
                    collisionCount++;
                    if (collisionCount > (uint)entries.Length)
                    {
                        PooledHashing.ThrowConcurrentOperationsNotSupported();
                    }
                }
            }
        }
        else if (_disposed)
        {
            ThrowObjectDisposed();
        }

        return -1;
    }

    private bool AddIfNotPresent(T value, out int location)
    {
        if (_buckets is null)
        {
            Initialize(0);
        }

        Entry[] entries = _entries!;
        IEqualityComparer<T>? comparer = _comparer;
        int hashCode;
        uint collisionCount = 0;
        ref int bucket = ref Unsafe.NullRef<int>();
        if (typeof(T).IsValueType && comparer is null)
        {
            hashCode = value!.GetHashCode();
            bucket = ref GetBucket(hashCode);
            int i = bucket - 1;
            while (i >= 0)
            {
                ref Entry entry = ref entries[i];
                if (entry._hashCode == hashCode && EqualityComparer<T>.Default.Equals(entry._value, value))
                {
                    location = i;
                    return false;
                }

                i = entry._next;
                collisionCount++;
                if (collisionCount > (uint)entries.Length)
                {
                    PooledHashing.ThrowConcurrentOperationsNotSupported();
                }
            }
        }
        else
        {
            IEqualityComparer<T> effective = comparer ?? EqualityComparer<T>.Default;
            hashCode = value is null ? 0 : effective.GetHashCode(value);
            bucket = ref GetBucket(hashCode);
            int i = bucket - 1;
            while (i >= 0)
            {
                ref Entry entry = ref entries[i];
                if (entry._hashCode == hashCode && effective.Equals(entry._value, value))
                {
                    location = i;
                    return false;
                }

                i = entry._next;
                collisionCount++;
                if (collisionCount > (uint)entries.Length)
                {
                    PooledHashing.ThrowConcurrentOperationsNotSupported();
                }
            }
        }

        int index;
        if (_freeCount > 0)
        {
            index = _freeList;
            _freeCount--;
            _freeList = PooledHashing.StartOfFreeList - entries[_freeList]._next;
        }
        else
        {
            int count = _count;
            if (count == _size)
            {
                Resize(HashHelpers.ExpandPrime(count));
                bucket = ref GetBucket(hashCode);
            }

            index = count;
            _count = count + 1;
            entries = _entries!;
        }

        ref Entry newEntry = ref entries[index];
        newEntry._hashCode = hashCode;
        newEntry._next = bucket - 1;
        newEntry._value = value;
        bucket = index + 1;
        _version++;
        location = index;
        return true;
    }

    [DoesNotReturn]
    private static void ThrowObjectDisposed() =>
        ThrowHelper.ThrowObjectDisposed(nameof(PooledHashSet<T>), "The PooledHashSet has been disposed and its arrays returned to their pools; create a new one.");
}
