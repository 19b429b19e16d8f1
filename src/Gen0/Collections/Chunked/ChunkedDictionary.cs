using System.Buffers;
using Gen0.Buffers;
using System.Collections;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace Gen0.Collections;

/// <summary>
/// A dictionary with everything <see cref="Dictionary{TKey, TValue}"/> has whose buckets and entries never land on
/// the Large Object Heap, however many pairs it holds.
/// </summary>
/// <remarks>
/// <para>The design problem: a <see cref="Dictionary{TKey, TValue}"/> of more than a few thousand pairs keeps its
/// entries in one array that the GC puts on the LOH, freed only by gen 2 collections. This dictionary is the
/// dotnet/runtime design (buckets, chained entries, free list) with both arrays chunked: each chunk is the largest
/// power of two whose array stays below the LOH threshold for its element (the 4-byte bucket, or the entry of hash
/// code, link, key and value).</para>
/// <para>Invariants: the table size follows the BCL's prime sequence, so pairs are stored, freed, reused and
/// enumerated in the order the BCL twin uses; growing rebuilds the buckets but never moves an entry. As with the
/// BCL's, <see cref="Remove(TKey)"/> and overwriting a value do not invalidate enumerators.</para>
/// <para>Pooling: the constructors that take an <c>ArrayPool&lt;int&gt;</c> rent bucket chunks from it and entry
/// chunks from the library's default pool for the internal entry type; both go back on <see cref="Dispose"/>,
/// <see cref="Clear"/> and <see cref="TrimExcess()"/>. Without a pool, <see cref="Dispose"/> just drops the chunks.
/// A disposed dictionary throws <see cref="ObjectDisposedException"/> from every member but <see cref="Count"/>
/// (which reads 0) and <see cref="Dispose"/>. Not thread-safe, like the BCL's.</para>
/// </remarks>
/// <typeparam name="TKey">The key type.</typeparam>
/// <typeparam name="TValue">The value type.</typeparam>
[DebuggerDisplay("Count = {Count}")]
[DebuggerTypeProxy(typeof(ChunkedDictionaryDebugView<,>))]
public sealed partial class ChunkedDictionary<TKey, TValue> : IDictionary<TKey, TValue>, IReadOnlyDictionary<TKey, TValue>, IDictionary, IDisposable
    where TKey : notnull
{
    private ChunkedHashTable<TKey, ChunkedDictionaryEntry<TKey, TValue>> _table;
    private KeyCollection? _keys;
    private ValueCollection? _values;
    private bool _disposed;

    /// <summary>Initializes an empty dictionary with the default key comparer.</summary>
    public ChunkedDictionary()
        : this((IEqualityComparer<TKey>?)null)
    {
    }

    /// <summary>Initializes an empty dictionary that holds <paramref name="capacity"/> pairs without growing.</summary>
    /// <param name="capacity">The initial capacity.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public ChunkedDictionary(int capacity)
        : this(capacity, null)
    {
    }

    /// <summary>Initializes an empty dictionary with <paramref name="comparer"/>.</summary>
    /// <param name="comparer">The key comparer, or <see langword="null"/> for the default.</param>
    public ChunkedDictionary(IEqualityComparer<TKey>? comparer)
        : this(comparer, (ArrayPool<int>?)null)
    {
    }

    /// <summary>Initializes an empty dictionary with <paramref name="comparer"/> that holds <paramref name="capacity"/> pairs without growing.</summary>
    /// <param name="capacity">The initial capacity.</param>
    /// <param name="comparer">The key comparer, or <see langword="null"/> for the default.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public ChunkedDictionary(int capacity, IEqualityComparer<TKey>? comparer)
        : this(capacity, comparer, null)
    {
    }

    /// <summary>Initializes a dictionary with the pairs of <paramref name="dictionary"/>.</summary>
    /// <param name="dictionary">The pairs to copy.</param>
    /// <exception cref="ArgumentNullException"><paramref name="dictionary"/> is <see langword="null"/>.</exception>
    public ChunkedDictionary(IDictionary<TKey, TValue> dictionary)
        : this(dictionary, null)
    {
    }

    /// <summary>Initializes a dictionary with <paramref name="comparer"/> and the pairs of <paramref name="dictionary"/>.</summary>
    /// <param name="dictionary">The pairs to copy.</param>
    /// <param name="comparer">The key comparer, or <see langword="null"/> for the default.</param>
    /// <exception cref="ArgumentNullException"><paramref name="dictionary"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException">Two keys are equal by <paramref name="comparer"/>.</exception>
    public ChunkedDictionary(IDictionary<TKey, TValue> dictionary, IEqualityComparer<TKey>? comparer)
        : this((IEnumerable<KeyValuePair<TKey, TValue>>)dictionary, comparer, null)
    {
    }

    /// <summary>Initializes a dictionary with the pairs of <paramref name="collection"/>.</summary>
    /// <param name="collection">The pairs to copy.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException">Two keys are equal.</exception>
    public ChunkedDictionary(IEnumerable<KeyValuePair<TKey, TValue>> collection)
        : this(collection, null)
    {
    }

    /// <summary>Initializes a dictionary with <paramref name="comparer"/> and the pairs of <paramref name="collection"/>.</summary>
    /// <param name="collection">The pairs to copy.</param>
    /// <param name="comparer">The key comparer, or <see langword="null"/> for the default.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException">Two keys are equal by <paramref name="comparer"/>.</exception>
    public ChunkedDictionary(IEnumerable<KeyValuePair<TKey, TValue>> collection, IEqualityComparer<TKey>? comparer)
        : this(collection, comparer, null)
    {
    }

    /// <summary>Initializes an empty dictionary whose bucket chunks come from <paramref name="bucketPool"/> and entry chunks from a pool configured like it (a companion <see cref="Buffers.ScalableArrayPool{T}"/> with the same options when <paramref name="bucketPool"/> is one, otherwise the default pool).</summary>
    /// <param name="comparer">The key comparer, or <see langword="null"/> for the default.</param>
    /// <param name="bucketPool">The pool for bucket chunks; <see langword="null"/> allocates every chunk.</param>
    /// <param name="clearMode">Whether bucket and entry chunks are cleared before they go back to their pools: <see cref="ClearMode.Always"/> for data the next renter must not see.</param>
    public ChunkedDictionary(IEqualityComparer<TKey>? comparer, ArrayPool<int>? bucketPool, ClearMode clearMode = ClearMode.Auto)
        : this(comparer, bucketPool, bucketPool is null ? null : Buffers.CompanionArrayPool<ChunkedDictionaryEntry<TKey, TValue>>.For(bucketPool), ChunkedStorage<int>.DefaultChunkLength, ChunkedStorage<ChunkedDictionaryEntry<TKey, TValue>>.DefaultChunkLength, ChunkedStorage<int[]>.DefaultDirectoryLength, clearMode)
    {
    }

    /// <summary>Initializes an empty pooled dictionary (see <see cref="ChunkedDictionary{TKey, TValue}(IEqualityComparer{TKey}?, ArrayPool{int}?, ClearMode)"/>) that holds <paramref name="capacity"/> pairs without growing.</summary>
    /// <param name="capacity">The initial capacity.</param>
    /// <param name="comparer">The key comparer, or <see langword="null"/> for the default.</param>
    /// <param name="bucketPool">The pool for bucket chunks; <see langword="null"/> allocates every chunk.</param>
    /// <param name="clearMode">Whether chunks are cleared before they go back to their pools.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public ChunkedDictionary(int capacity, IEqualityComparer<TKey>? comparer, ArrayPool<int>? bucketPool, ClearMode clearMode = ClearMode.Auto)
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

    /// <summary>Initializes a pooled dictionary (see <see cref="ChunkedDictionary{TKey, TValue}(IEqualityComparer{TKey}?, ArrayPool{int}?, ClearMode)"/>) with the pairs of <paramref name="collection"/>.</summary>
    /// <param name="collection">The pairs to copy.</param>
    /// <param name="comparer">The key comparer, or <see langword="null"/> for the default.</param>
    /// <param name="bucketPool">The pool for bucket chunks; <see langword="null"/> allocates every chunk.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException">Two keys are equal by <paramref name="comparer"/>.</exception>
    /// <param name="clearMode">Whether chunks are cleared before they go back to their pools.</param>
    public ChunkedDictionary(IEnumerable<KeyValuePair<TKey, TValue>> collection, IEqualityComparer<TKey>? comparer, ArrayPool<int>? bucketPool, ClearMode clearMode = ClearMode.Auto)
        : this((collection as ICollection<KeyValuePair<TKey, TValue>>)?.Count ?? 0, comparer, bucketPool, clearMode)
    {
        if (collection is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(collection));
        }

        try
        {
            foreach (KeyValuePair<TKey, TValue> pair in collection)
            {
                Add(pair.Key, pair.Value);
            }
        }
        catch
        {
            // A duplicate key or a throwing source: nobody gets a dictionary to dispose, so return the chunks now.
            Dispose();
            throw;
        }
    }

    /// <summary>Initializes an empty dictionary with explicit pools and chunk lengths (tests use short chunks).</summary>
    internal ChunkedDictionary(IEqualityComparer<TKey>? comparer, ArrayPool<int>? bucketPool, ArrayPool<ChunkedDictionaryEntry<TKey, TValue>>? entryPool, int bucketChunkLength, int entryChunkLength, int directoryLength, ClearMode clearMode = ClearMode.Auto)
    {
        _table = new ChunkedHashTable<TKey, ChunkedDictionaryEntry<TKey, TValue>>(comparer, bucketPool, entryPool, bucketChunkLength, entryChunkLength, directoryLength, clearMode);
    }

    /// <summary>Gets the number of pairs (0 once disposed).</summary>
    public int Count => _table.Count;

    /// <summary>Gets the comparer that decides equality of keys.</summary>
    /// <exception cref="ObjectDisposedException">The dictionary has been disposed.</exception>
    public IEqualityComparer<TKey> Comparer
    {
        get
        {
            ThrowIfDisposed();
            return _table.Comparer;
        }
    }

    /// <summary>Gets the keys, in enumeration order.</summary>
    public KeyCollection Keys => _keys ??= new KeyCollection(this);

    /// <summary>Gets the values, in enumeration order.</summary>
    public ValueCollection Values => _values ??= new ValueCollection(this);

    /// <summary>Gets the table (tests check the storage bounds).</summary>
    internal ref ChunkedHashTable<TKey, ChunkedDictionaryEntry<TKey, TValue>> Table => ref _table;

    ICollection<TKey> IDictionary<TKey, TValue>.Keys => Keys;

    ICollection<TValue> IDictionary<TKey, TValue>.Values => Values;

    IEnumerable<TKey> IReadOnlyDictionary<TKey, TValue>.Keys => Keys;

    IEnumerable<TValue> IReadOnlyDictionary<TKey, TValue>.Values => Values;

    ICollection IDictionary.Keys => Keys;

    ICollection IDictionary.Values => Values;

    bool ICollection<KeyValuePair<TKey, TValue>>.IsReadOnly => false;

    bool IDictionary.IsFixedSize => false;

    bool IDictionary.IsReadOnly => false;

    bool ICollection.IsSynchronized => false;

    object ICollection.SyncRoot => this;

    /// <summary>Gets or sets the value of <paramref name="key"/>.</summary>
    /// <param name="key">The key.</param>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is <see langword="null"/>.</exception>
    /// <exception cref="KeyNotFoundException">Getting a key that is not present.</exception>
    public TValue this[TKey key]
    {
        get
        {
            if (key is null)
            {
                ThrowHelper.ThrowArgumentNull(nameof(key));
            }

            ThrowIfDisposed();
            ref ChunkedDictionaryEntry<TKey, TValue> entry = ref _table.FindEntry(key);
            if (Unsafe.IsNullRef(ref entry))
            {
                ThrowHelper.ThrowKeyNotFound(key);
            }

            return entry.Value;
        }

        set
        {
            if (key is null)
            {
                ThrowHelper.ThrowArgumentNull(nameof(key));
            }

            ThrowIfDisposed();
            _table.FindOrAdd(key, out int index);
            _table.EntryAt(index).Value = value;
        }
    }

    object? IDictionary.this[object key]
    {
        get
        {
            ThrowIfDisposed();
            if (IsCompatibleKey(key))
            {
                int index = FindIndex((TKey)key);
                if (index >= 0)
                {
                    return _table.EntryAt(index).Value;
                }
            }

            return null;
        }

        set
        {
            ThrowIfDisposed();
            if (key is null)
            {
                ThrowHelper.ThrowArgumentNull(nameof(key));
            }

            CheckNullValue(value);
            try
            {
                TKey typedKey = (TKey)key;
                try
                {
                    this[typedKey] = (TValue)value!;
                }
                catch (InvalidCastException)
                {
                    ThrowHelper.ThrowWrongType(value, typeof(TValue), nameof(value));
                }
            }
            catch (InvalidCastException)
            {
                ThrowHelper.ThrowWrongType(key, typeof(TKey), nameof(key));
            }
        }
    }

    /// <summary>Adds a pair.</summary>
    /// <param name="key">The key.</param>
    /// <param name="value">The value.</param>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException">The key is already present.</exception>
    public void Add(TKey key, TValue value)
    {
        if (!TryAdd(key, value))
        {
            ThrowHelper.ThrowAddingDuplicateKey(key);
        }
    }

    void ICollection<KeyValuePair<TKey, TValue>>.Add(KeyValuePair<TKey, TValue> item) => Add(item.Key, item.Value);

    void IDictionary.Add(object key, object? value)
    {
        ThrowIfDisposed();
        if (key is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(key));
        }

        CheckNullValue(value);
        try
        {
            TKey typedKey = (TKey)key;
            try
            {
                Add(typedKey, (TValue)value!);
            }
            catch (InvalidCastException)
            {
                ThrowHelper.ThrowWrongType(value, typeof(TValue), nameof(value));
            }
        }
        catch (InvalidCastException)
        {
            ThrowHelper.ThrowWrongType(key, typeof(TKey), nameof(key));
        }
    }

    /// <summary>Removes every pair; pooled chunks go back to their pools.</summary>
    public void Clear()
    {
        ThrowIfDisposed();
        _table.Clear();
    }

    /// <summary>Returns whether <paramref name="key"/> is present.</summary>
    /// <param name="key">The key.</param>
    /// <returns><see langword="true"/> when present.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is <see langword="null"/>.</exception>
    public bool ContainsKey(TKey key) => FindIndex(key) >= 0;

    bool ICollection<KeyValuePair<TKey, TValue>>.Contains(KeyValuePair<TKey, TValue> item)
    {
        int index = FindIndex(item.Key);
        return index >= 0 && EqualityComparer<TValue>.Default.Equals(_table.EntryAt(index).Value, item.Value);
    }

    bool IDictionary.Contains(object key)
    {
        ThrowIfDisposed();
        return IsCompatibleKey(key) && ContainsKey((TKey)key);
    }

    /// <summary>Returns whether some pair has <paramref name="value"/> (by <see cref="EqualityComparer{T}.Default"/>).</summary>
    /// <param name="value">The value.</param>
    /// <returns><see langword="true"/> when found.</returns>
    public bool ContainsValue(TValue value)
    {
        ThrowIfDisposed();
        EqualityComparer<TValue> comparer = EqualityComparer<TValue>.Default;
        for (int i = 0; i < _table.EntryCount; i++)
        {
            ref ChunkedDictionaryEntry<TKey, TValue> entry = ref _table.EntryAt(i);
            if (entry.Next >= -1 && comparer.Equals(entry.Value, value))
            {
                return true;
            }
        }

        return false;
    }

    void ICollection<KeyValuePair<TKey, TValue>>.CopyTo(KeyValuePair<TKey, TValue>[] array, int arrayIndex)
    {
        CheckCopyTo(array, arrayIndex);
        for (int i = 0; i < _table.EntryCount; i++)
        {
            ref ChunkedDictionaryEntry<TKey, TValue> entry = ref _table.EntryAt(i);
            if (entry.Next >= -1)
            {
                array[arrayIndex++] = new KeyValuePair<TKey, TValue>(entry.Key, entry.Value);
            }
        }
    }

    void ICollection.CopyTo(Array array, int index)
    {
        if (array is KeyValuePair<TKey, TValue>[] pairs)
        {
            ((ICollection<KeyValuePair<TKey, TValue>>)this).CopyTo(pairs, index);
            return;
        }

        CheckCopyTo(array, index);
        if (array is not DictionaryEntry[] and not object?[])
        {
            // As Dictionary<,>: only pairs, DictionaryEntry and object arrays take the pairs, even when there are none.
            throw new ArgumentException("Target array type is not compatible with the type of items in the collection.", nameof(array));
        }

        try
        {
            for (int i = 0; i < _table.EntryCount; i++)
            {
                ref ChunkedDictionaryEntry<TKey, TValue> entry = ref _table.EntryAt(i);
                if (entry.Next >= -1)
                {
                    array.SetValue(array is DictionaryEntry[] ? new DictionaryEntry(entry.Key, entry.Value) : new KeyValuePair<TKey, TValue>(entry.Key, entry.Value), index++);
                }
            }
        }
        catch (Exception ex) when (ex is InvalidCastException or ArrayTypeMismatchException)
        {
            throw new ArgumentException("Target array type is not compatible with the type of items in the collection.", nameof(array));
        }
    }

    /// <summary>Ensures the dictionary holds <paramref name="capacity"/> pairs without growing.</summary>
    /// <param name="capacity">The capacity needed.</param>
    /// <returns>The capacity now (the number the BCL twin reports).</returns>
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

    /// <summary>Returns an enumerator over the pairs in the BCL twin's order; it throws if a pair is added while it runs.</summary>
    /// <returns>The enumerator.</returns>
    public Enumerator GetEnumerator()
    {
        ThrowIfDisposed();
        return new Enumerator(this, Enumerator.KeyValuePairKind);
    }

    IEnumerator<KeyValuePair<TKey, TValue>> IEnumerable<KeyValuePair<TKey, TValue>>.GetEnumerator() =>
        Count == 0 ? EmptyEnumerator<KeyValuePair<TKey, TValue>>() : GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => ((IEnumerable<KeyValuePair<TKey, TValue>>)this).GetEnumerator();

    IDictionaryEnumerator IDictionary.GetEnumerator()
    {
        ThrowIfDisposed();
        return new Enumerator(this, Enumerator.DictEntryKind);
    }

    /// <summary>Removes the pair of <paramref name="key"/>.</summary>
    /// <param name="key">The key.</param>
    /// <returns><see langword="true"/> when removed.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is <see langword="null"/>.</exception>
    public bool Remove(TKey key) => Remove(key, out _);

    /// <summary>Removes the pair of <paramref name="key"/> and returns its value.</summary>
    /// <param name="key">The key.</param>
    /// <param name="value">The value removed, or the default value.</param>
    /// <returns><see langword="true"/> when removed.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is <see langword="null"/>.</exception>
    public bool Remove(TKey key, [MaybeNullWhen(false)] out TValue value)
    {
        if (key is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(key));
        }

        ThrowIfDisposed();
        if (_table.Remove(key, out ChunkedDictionaryEntry<TKey, TValue> removed))
        {
            value = removed.Value;
            return true;
        }

        value = default;
        return false;
    }

    bool ICollection<KeyValuePair<TKey, TValue>>.Remove(KeyValuePair<TKey, TValue> item)
    {
        int index = FindIndex(item.Key);
        if (index >= 0 && EqualityComparer<TValue>.Default.Equals(_table.EntryAt(index).Value, item.Value))
        {
            _table.Remove(item.Key, out _);
            return true;
        }

        return false;
    }

    void IDictionary.Remove(object key)
    {
        ThrowIfDisposed();
        if (IsCompatibleKey(key))
        {
            Remove((TKey)key);
        }
    }

    /// <summary>Shrinks the dictionary to the capacity its pairs need, compacting them in order (pooled chunks go back).</summary>
    public void TrimExcess() => TrimExcess(Count);

    /// <summary>Shrinks the dictionary to the capacity <paramref name="capacity"/> pairs need, compacting them in order.</summary>
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

    /// <summary>Adds a pair unless the key is present.</summary>
    /// <param name="key">The key.</param>
    /// <param name="value">The value.</param>
    /// <returns><see langword="true"/> when added.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is <see langword="null"/>.</exception>
    public bool TryAdd(TKey key, TValue value)
    {
        if (key is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(key));
        }

        ThrowIfDisposed();
        if (_table.FindOrAdd(key, out int index))
        {
            _table.EntryAt(index).Value = value;
            return true;
        }

        return false;
    }

    /// <summary>Gets the value of <paramref name="key"/> when present.</summary>
    /// <param name="key">The key.</param>
    /// <param name="value">The value, or the default value.</param>
    /// <returns><see langword="true"/> when present.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is <see langword="null"/>.</exception>
    public bool TryGetValue(TKey key, [MaybeNullWhen(false)] out TValue value)
    {
        if (key is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(key));
        }

        ThrowIfDisposed();
        ref ChunkedDictionaryEntry<TKey, TValue> entry = ref _table.FindEntry(key);
        if (!Unsafe.IsNullRef(ref entry))
        {
            value = entry.Value;
            return true;
        }

        value = default;
        return false;
    }

    /// <summary>Returns every chunk (to the pools, when there are any) and makes the dictionary unusable.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        _table.Release();
    }

    private static bool IsCompatibleKey(object key)
    {
        if (key is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(key));
        }

        return key is TKey;
    }

    private static void CheckNullValue(object? value)
    {
        if (value is null && default(TValue) is not null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(value));
        }
    }

    private int FindIndex(TKey key)
    {
        if (key is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(key));
        }

        ThrowIfDisposed();
        return _table.FindIndex(key);
    }

    /// <summary>Checks that the dictionary is alive, then the copy's arguments as <see cref="Dictionary{TKey, TValue}"/> does.</summary>
    private void CheckCopyTo(Array array, int index)
    {
        ThrowIfDisposed();
        CollectionGuards.ValidateCopyTo(array, index, Count);
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
    internal void ThrowEnumeratorInvalid() => CollectionGuards.ThrowEnumeratorInvalid(_disposed, typeof(ChunkedDictionary<TKey, TValue>));

    /// <summary>Returns the shared empty enumerator (after the disposal check).</summary>
    internal IEnumerator<TItem> EmptyEnumerator<TItem>()
    {
        ThrowIfDisposed();
        return CollectionGuards.EmptyEnumerator<TItem>();
    }

    [DoesNotReturn]
    private static void ThrowDisposed() => ThrowHelper.ThrowObjectDisposed(typeof(ChunkedDictionary<TKey, TValue>));
}
