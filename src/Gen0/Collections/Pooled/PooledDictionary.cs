using System.Buffers;
using System.Collections;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using Gen0.Buffers;

namespace Gen0.Collections;

/// <summary>
/// A <see cref="Dictionary{TKey, TValue}"/> whose bucket and entry arrays are rented from array pools and returned
/// on <see cref="Dispose()"/>, so that building and dropping dictionaries does not feed the garbage collector.
/// </summary>
/// <typeparam name="TKey">The type of the keys.</typeparam>
/// <typeparam name="TValue">The type of the values.</typeparam>
/// <remarks>
/// <para>
/// Until it is disposed the type behaves exactly like <see cref="Dictionary{TKey, TValue}"/> in .NET 10: the same
/// members, results, exceptions, enumerator versioning and enumeration order. It uses the same layout (a bucket
/// array of 1-based indexes into an entry array, chained through <c>next</c>, removed entries kept on a LIFO free
/// list) and the same prime table sizes, so <see cref="Capacity"/>, <see cref="EnsureCapacity(int)"/> and
/// <see cref="TrimExcess(int)"/> answer as the BCL does. Rented arrays may be longer than the table; the tail is
/// never read.
/// </para>
/// <para>
/// Invariants: every array the dictionary holds was rented from its pool and goes back exactly once: the old pair
/// right after it is copied into a grown or trimmed pair, the current pair on <see cref="Dispose()"/>, cleared
/// first as the <see cref="ClearMode"/> says. Disposing nulls the buckets; the members that already test the
/// buckets for null (an empty, never-allocated dictionary) then look at the disposed flag, so lookups pay nothing
/// for the check. After disposal every member but <see cref="Dispose()"/> and <see cref="Count"/> (which reads 0)
/// throws <see cref="ObjectDisposedException"/>.
/// </para>
/// <para>
/// Pools: the buckets come from an <see cref="ArrayPool{T}"/> of <see cref="int"/>, the entries from an
/// <see cref="ArrayPool{T}"/> of <see cref="Entry"/>; both default to the library's shared pools. Ref access is
/// <see cref="PooledCollectionsMarshal"/>'s, alternate keys are <c>GetAlternateLookup</c> (.NET 9+). Not supported:
/// binary serialization (<c>ISerializable</c>). Not thread-safe, like the BCL type: one writer, or many readers and no
/// writer.
/// </para>
/// </remarks>
[DebuggerDisplay("Count = {Count}")]
[DebuggerTypeProxy(typeof(PooledDictionaryDebugView<,>))]
public partial class PooledDictionary<TKey, TValue> :
    IDictionary<TKey, TValue>, IDictionary, IReadOnlyDictionary<TKey, TValue>, IDisposable
    where TKey : notnull
{
    private PooledHashTable<TKey, Entry> _table;
    private KeyCollection? _keys;
    private ValueCollection? _values;

    /// <summary>Initializes an empty dictionary with the default comparer and the default pools.</summary>
    public PooledDictionary()
        : this(0, null, ClearMode.Auto, null, null)
    {
    }

    /// <summary>Initializes an empty dictionary with room for <paramref name="capacity"/> entries.</summary>
    /// <param name="capacity">The number of entries the dictionary can hold without growing.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public PooledDictionary(int capacity)
        : this(capacity, null, ClearMode.Auto, null, null)
    {
    }

    /// <summary>Initializes an empty dictionary that compares keys with <paramref name="comparer"/>.</summary>
    /// <param name="comparer">The key comparer, or <see langword="null"/> for <see cref="EqualityComparer{T}.Default"/>.</param>
    public PooledDictionary(IEqualityComparer<TKey>? comparer)
        : this(0, comparer, ClearMode.Auto, null, null)
    {
    }

    /// <summary>Initializes an empty dictionary with a capacity and a key comparer.</summary>
    /// <param name="capacity">The number of entries the dictionary can hold without growing.</param>
    /// <param name="comparer">The key comparer, or <see langword="null"/> for <see cref="EqualityComparer{T}.Default"/>.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public PooledDictionary(int capacity, IEqualityComparer<TKey>? comparer)
        : this(capacity, comparer, ClearMode.Auto, null, null)
    {
    }

    /// <summary>Initializes an empty dictionary that clears returned arrays as <paramref name="clearMode"/> says.</summary>
    /// <param name="clearMode">When arrays are cleared before they go back to their pool.</param>
    public PooledDictionary(ClearMode clearMode)
        : this(0, null, clearMode, null, null)
    {
    }

    /// <summary>Initializes an empty dictionary with a capacity and a <see cref="ClearMode"/>.</summary>
    /// <param name="capacity">The number of entries the dictionary can hold without growing.</param>
    /// <param name="clearMode">When arrays are cleared before they go back to their pool.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public PooledDictionary(int capacity, ClearMode clearMode)
        : this(capacity, null, clearMode, null, null)
    {
    }

    /// <summary>Initializes an empty dictionary with every option.</summary>
    /// <param name="capacity">The number of entries the dictionary can hold without growing.</param>
    /// <param name="comparer">The key comparer, or <see langword="null"/> for <see cref="EqualityComparer{T}.Default"/>.</param>
    /// <param name="clearMode">When arrays are cleared before they go back to their pool.</param>
    /// <param name="bucketPool">The pool of the bucket arrays, or <see langword="null"/> for the default pool.</param>
    /// <param name="entryPool">The pool of the entry arrays, or <see langword="null"/> for the default pool.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public PooledDictionary(int capacity, IEqualityComparer<TKey>? comparer, ClearMode clearMode, ArrayPool<int>? bucketPool = null, ArrayPool<Entry>? entryPool = null)
    {
        _table = new PooledHashTable<TKey, Entry>(capacity, comparer, clearMode, bucketPool, entryPool);
    }

    /// <summary>Initializes a dictionary holding the entries of <paramref name="dictionary"/>.</summary>
    /// <param name="dictionary">The entries to copy.</param>
    /// <exception cref="ArgumentNullException"><paramref name="dictionary"/> is <see langword="null"/>.</exception>
    public PooledDictionary(IDictionary<TKey, TValue> dictionary)
        : this(dictionary, null)
    {
    }

    /// <summary>Initializes a dictionary holding the entries of <paramref name="dictionary"/>, compared with <paramref name="comparer"/>.</summary>
    /// <param name="dictionary">The entries to copy.</param>
    /// <param name="comparer">The key comparer, or <see langword="null"/> for <see cref="EqualityComparer{T}.Default"/>.</param>
    /// <exception cref="ArgumentNullException"><paramref name="dictionary"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="dictionary"/> has keys that are equal under <paramref name="comparer"/>.</exception>
    public PooledDictionary(IDictionary<TKey, TValue> dictionary, IEqualityComparer<TKey>? comparer)
        : this(dictionary?.Count ?? 0, comparer, ClearMode.Auto, null, null)
    {
        if (dictionary is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(dictionary));
        }

        AddRangeOrDispose(dictionary);
    }

    /// <summary>Initializes a dictionary holding the pairs of <paramref name="collection"/>.</summary>
    /// <param name="collection">The pairs to copy.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="collection"/> has duplicate keys.</exception>
    public PooledDictionary(IEnumerable<KeyValuePair<TKey, TValue>> collection)
        : this(collection, null)
    {
    }

    /// <summary>Initializes a dictionary holding the pairs of <paramref name="collection"/>, compared with <paramref name="comparer"/>.</summary>
    /// <param name="collection">The pairs to copy.</param>
    /// <param name="comparer">The key comparer, or <see langword="null"/> for <see cref="EqualityComparer{T}.Default"/>.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="collection"/> has duplicate keys.</exception>
    public PooledDictionary(IEnumerable<KeyValuePair<TKey, TValue>> collection, IEqualityComparer<TKey>? comparer)
        : this(collection, comparer, ClearMode.Auto, null, null)
    {
    }

    /// <summary>Initializes a dictionary holding the pairs of <paramref name="collection"/>, with every option.</summary>
    /// <param name="collection">The pairs to copy.</param>
    /// <param name="comparer">The key comparer, or <see langword="null"/> for <see cref="EqualityComparer{T}.Default"/>.</param>
    /// <param name="clearMode">When arrays are cleared before they go back to their pool.</param>
    /// <param name="bucketPool">The pool of the bucket arrays, or <see langword="null"/> for the default pool.</param>
    /// <param name="entryPool">The pool of the entry arrays, or <see langword="null"/> for the default pool.</param>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="collection"/> has duplicate keys.</exception>
    public PooledDictionary(IEnumerable<KeyValuePair<TKey, TValue>> collection, IEqualityComparer<TKey>? comparer, ClearMode clearMode, ArrayPool<int>? bucketPool = null, ArrayPool<Entry>? entryPool = null)
        : this((collection as ICollection<KeyValuePair<TKey, TValue>>)?.Count ?? 0, comparer, clearMode, bucketPool, entryPool)
    {
        if (collection is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(collection));
        }

        AddRangeOrDispose(collection);
    }

    /// <summary>Gets the comparer that decides key equality.</summary>
    public IEqualityComparer<TKey> Comparer
    {
        get
        {
            ThrowIfDisposed();
            return _table.Comparer;
        }
    }

    /// <summary>Gets the number of key/value pairs; 0 once disposed.</summary>
    public int Count => _table.Count;

    /// <summary>Gets the number of entries the dictionary can hold without growing (the BCL's table size).</summary>
    public int Capacity
    {
        get
        {
            ThrowIfDisposed();
            return _table._size;
        }
    }

    /// <summary>Gets the keys, in enumeration order.</summary>
    public KeyCollection Keys
    {
        get
        {
            ThrowIfDisposed();
            return _keys ??= new KeyCollection(this);
        }
    }

    /// <summary>Gets the values, in enumeration order.</summary>
    public ValueCollection Values
    {
        get
        {
            ThrowIfDisposed();
            return _values ??= new ValueCollection(this);
        }
    }

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
    /// <exception cref="KeyNotFoundException">The getter found no such key.</exception>
    public TValue this[TKey key]
    {
        get
        {
            ref Entry entry = ref FindEntry(key);
            if (!Unsafe.IsNullRef(ref entry))
            {
                return entry._value;
            }

            ThrowHelper.ThrowKeyNotFound(key);
            return default;
        }

        set => TryInsert(key, value, InsertionBehavior.OverwriteExisting);
    }

    object? IDictionary.this[object key]
    {
        get
        {
            ThrowIfDisposed();
            if (IsCompatibleKey(key))
            {
                ref Entry entry = ref FindEntry((TKey)key);
                if (!Unsafe.IsNullRef(ref entry))
                {
                    return entry._value;
                }
            }

            return null;
        }

        set
        {
            TKey typedKey = ToTypedPair(key, value, out TValue typedValue);
            this[typedKey] = typedValue;
        }
    }

    /// <summary>Adds a key and its value.</summary>
    /// <param name="key">The key.</param>
    /// <param name="value">The value.</param>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException">The key is already present.</exception>
    public void Add(TKey key, TValue value) => TryInsert(key, value, InsertionBehavior.ThrowOnExisting);

    /// <summary>Adds a key and its value unless the key is already present.</summary>
    /// <param name="key">The key.</param>
    /// <param name="value">The value.</param>
    /// <returns><see langword="true"/> if the pair was added; <see langword="false"/> if the key was present.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is <see langword="null"/>.</exception>
    public bool TryAdd(TKey key, TValue value) => TryInsert(key, value, InsertionBehavior.None);

    /// <summary>Returns whether <paramref name="key"/> is present.</summary>
    /// <param name="key">The key.</param>
    /// <returns><see langword="true"/> if the key is present.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is <see langword="null"/>.</exception>
    public bool ContainsKey(TKey key) => !Unsafe.IsNullRef(ref FindEntry(key));

    /// <summary>Gets the value of <paramref name="key"/> if present.</summary>
    /// <param name="key">The key.</param>
    /// <param name="value">The value, or the default when the key is absent.</param>
    /// <returns><see langword="true"/> if the key is present.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is <see langword="null"/>.</exception>
    public bool TryGetValue(TKey key, [MaybeNullWhen(false)] out TValue value)
    {
        ref Entry entry = ref FindEntry(key);
        if (!Unsafe.IsNullRef(ref entry))
        {
            value = entry._value;
            return true;
        }

        value = default;
        return false;
    }

    /// <summary>Returns whether any entry holds <paramref name="value"/> (a linear scan).</summary>
    /// <param name="value">The value, compared with <see cref="EqualityComparer{T}.Default"/>.</param>
    /// <returns><see langword="true"/> if some entry holds the value.</returns>
    public bool ContainsValue(TValue value)
    {
        ThrowIfDisposed();
        Entry[]? entries = _table._entries;
        if (value is null)
        {
            for (int i = 0; i < _table._count; i++)
            {
                if (entries![i]._next >= -1 && entries[i]._value is null)
                {
                    return true;
                }
            }
        }
        else if (typeof(TValue).IsValueType)
        {
            for (int i = 0; i < _table._count; i++)
            {
                if (entries![i]._next >= -1 && EqualityComparer<TValue>.Default.Equals(entries[i]._value, value))
                {
                    return true;
                }
            }
        }
        else
        {
            EqualityComparer<TValue> defaultComparer = EqualityComparer<TValue>.Default;
            for (int i = 0; i < _table._count; i++)
            {
                if (entries![i]._next >= -1 && defaultComparer.Equals(entries[i]._value, value))
                {
                    return true;
                }
            }
        }

        return false;
    }

    /// <summary>Removes <paramref name="key"/> and its value.</summary>
    /// <param name="key">The key.</param>
    /// <returns><see langword="true"/> if the key was present.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is <see langword="null"/>.</exception>
    public bool Remove(TKey key) => Remove(key, out _);

    /// <summary>Removes <paramref name="key"/> and hands back its value.</summary>
    /// <param name="key">The key.</param>
    /// <param name="value">The removed value, or the default when the key was absent.</param>
    /// <returns><see langword="true"/> if the key was present.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is <see langword="null"/>.</exception>
    public bool Remove(TKey key, [MaybeNullWhen(false)] out TValue value)
    {
        if (key is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(key));
        }

        ref Entry entry = ref _table.Remove(key);
        if (!Unsafe.IsNullRef(ref entry))
        {
            value = entry._value;
            if (RuntimeHelpers.IsReferenceOrContainsReferences<TValue>())
            {
                entry._value = default!;
            }

            return true;
        }

        value = default;
        return false;
    }

    /// <summary>Removes every pair, keeping the capacity (and the rented arrays).</summary>
    public void Clear() => _table.Clear();

    /// <summary>Grows the table, if needed, so that it holds <paramref name="capacity"/> entries without growing again.</summary>
    /// <param name="capacity">The number of entries to make room for.</param>
    /// <returns>The capacity afterwards.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public int EnsureCapacity(int capacity)
    {
        ThrowIfDisposed();
        if (capacity < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(capacity));
        }

        if (_table._size < capacity)
        {
            _table._version++;
        }

        return _table.EnsureCapacity(capacity);
    }

    /// <summary>Shrinks the table to the smallest size that holds the current entries, compacting them.</summary>
    public void TrimExcess() => TrimExcess(Count);

    /// <summary>Shrinks the table to the smallest size that holds <paramref name="capacity"/> entries, compacting them.</summary>
    /// <param name="capacity">The number of entries to keep room for.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is less than <see cref="Count"/>.</exception>
    public void TrimExcess(int capacity)
    {
        ThrowIfDisposed();
        if (capacity < Count)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(capacity), $"The capacity {capacity} is less than the number of entries ({Count}); pass at least Count.");
        }

        _table.TrimExcess(capacity);
    }

    /// <summary>Returns an enumerator over the pairs, in insertion order except where removals left slots that later additions reused.</summary>
    /// <returns>A struct enumerator.</returns>
    public Enumerator GetEnumerator()
    {
        ThrowIfDisposed();
        return new Enumerator(this, Enumerator.KeyValuePairKind);
    }

    IEnumerator<KeyValuePair<TKey, TValue>> IEnumerable<KeyValuePair<TKey, TValue>>.GetEnumerator()
    {
        ThrowIfDisposed();
        return Count == 0 ? CollectionGuards.EmptyEnumerator<KeyValuePair<TKey, TValue>>() : GetEnumerator();
    }

    IEnumerator IEnumerable.GetEnumerator() => ((IEnumerable<KeyValuePair<TKey, TValue>>)this).GetEnumerator();

    IDictionaryEnumerator IDictionary.GetEnumerator()
    {
        ThrowIfDisposed();
        return new Enumerator(this, Enumerator.DictEntryKind);
    }

    /// <summary>Returns the arrays to their pools. Afterwards only <see cref="Count"/> (0) and <see cref="Dispose()"/> may be used.</summary>
    public void Dispose()
    {
        Dispose(true);
        GC.SuppressFinalize(this);
    }

    void ICollection<KeyValuePair<TKey, TValue>>.Add(KeyValuePair<TKey, TValue> keyValuePair) => Add(keyValuePair.Key, keyValuePair.Value);

    bool ICollection<KeyValuePair<TKey, TValue>>.Contains(KeyValuePair<TKey, TValue> keyValuePair)
    {
        ref Entry entry = ref FindEntry(keyValuePair.Key);
        return !Unsafe.IsNullRef(ref entry) && EqualityComparer<TValue>.Default.Equals(entry._value, keyValuePair.Value);
    }

    bool ICollection<KeyValuePair<TKey, TValue>>.Remove(KeyValuePair<TKey, TValue> keyValuePair)
    {
        ref Entry entry = ref FindEntry(keyValuePair.Key);
        if (!Unsafe.IsNullRef(ref entry) && EqualityComparer<TValue>.Default.Equals(entry._value, keyValuePair.Value))
        {
            Remove(keyValuePair.Key);
            return true;
        }

        return false;
    }

    void ICollection<KeyValuePair<TKey, TValue>>.CopyTo(KeyValuePair<TKey, TValue>[] array, int index) => CopyLive<KeyValuePair<TKey, TValue>, PairProjection>(array, index);

    void ICollection.CopyTo(Array array, int index)
    {
        if (array is DictionaryEntry[] dictionaryEntries)
        {
            ThrowIfDisposed();
            CollectionGuards.ValidateCopyTo(array, index, Count);
            _table.CopyLiveTo<DictionaryEntry, DictionaryEntryProjection, DictionaryEntry>(dictionaryEntries, index);
            return;
        }

        CopyLiveUntyped<KeyValuePair<TKey, TValue>, PairProjection>(array, index);
    }

    void IDictionary.Add(object key, object? value)
    {
        TKey typedKey = ToTypedPair(key, value, out TValue typedValue);
        Add(typedKey, typedValue);
    }

    bool IDictionary.Contains(object key)
    {
        ThrowIfDisposed();
        return IsCompatibleKey(key) && ContainsKey((TKey)key);
    }

    void IDictionary.Remove(object key)
    {
        ThrowIfDisposed();
        if (IsCompatibleKey(key))
        {
            Remove((TKey)key);
        }
    }

    /// <summary>Returns the arrays to their pools once; later calls do nothing.</summary>
    /// <param name="disposing"><see langword="true"/> when called from <see cref="Dispose()"/>.</param>
    protected virtual void Dispose(bool disposing) => _table.Dispose();

    /// <summary>Throws <see cref="ObjectDisposedException"/> once the dictionary is disposed (off the hot paths).</summary>
    internal void ThrowIfDisposed() => _table.ThrowIfDisposed();

    /// <summary>Gets whether the table still hashes with the non-randomized string hash (tests check the switch).</summary>
    internal bool HashesNonRandomized => _table.HashesNonRandomized;

    private static bool IsCompatibleKey(object key)
    {
        if (key is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(key));
        }

        return key is TKey;
    }

    /// <summary>Checks and converts the untyped pair of the <see cref="IDictionary"/> members, throwing as the BCL does.</summary>
    private TKey ToTypedPair(object key, object? value, out TValue typedValue)
    {
        ThrowIfDisposed();
        if (key is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(key));
        }

        if (default(TValue) is not null && value is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(value));
        }

        if (key is not TKey typedKey)
        {
            ThrowHelper.ThrowWrongType(key, typeof(TKey), nameof(key));
            typedValue = default!;
            return default!;
        }

        if (value is not TValue && value is not null)
        {
            ThrowHelper.ThrowWrongType(value, typeof(TValue), nameof(value));
        }

        typedValue = (TValue)value!;
        return typedKey;
    }

    private void AddRangeOrDispose(IEnumerable<KeyValuePair<TKey, TValue>> collection)
    {
        try
        {
            AddRange(collection);
        }
        catch
        {
            // The constructor is failing, so nobody will ever dispose this instance: give the arrays back now.
            Dispose();
            throw;
        }
    }

    private void AddRange(IEnumerable<KeyValuePair<TKey, TValue>> collection)
    {
        if (collection is PooledDictionary<TKey, TValue> source)
        {
            source.ThrowIfDisposed();
            if (source.Count == 0)
            {
                return;
            }

            if (_table._count == 0 && _table.SharesHashCodesWith(in source._table))
            {
                // Keys are already unique under this comparer and the hash codes are reusable: copy, compacting.
                EnsureCapacity(source.Count);
                _table.CopyEntries(source._table._entries!, source._table._count);
                return;
            }
        }
        else if (collection is Dictionary<TKey, TValue> bclSource)
        {
            // Unique under this comparer already: link each pair in without looking for a duplicate. Not under the
            // non-randomized string hash: only an insertion that walks its chain can notice keys chosen to collide.
            if (bclSource.Count > 0 && _table._count == 0 && !_table.HashesNonRandomized && bclSource.Comparer.Equals(Comparer))
            {
                EnsureCapacity(bclSource.Count);
                Dictionary<TKey, TValue>.Enumerator pairs = bclSource.GetEnumerator();
                _table.AppendUnique<TValue, Dictionary<TKey, TValue>.Enumerator, ValueWriter>(ref pairs);
                return;
            }

            foreach (KeyValuePair<TKey, TValue> pair in bclSource)
            {
                Add(pair.Key, pair.Value);
            }

            return;
        }
        else if (collection is KeyValuePair<TKey, TValue>[] array)
        {
            foreach (KeyValuePair<TKey, TValue> pair in array)
            {
                Add(pair.Key, pair.Value);
            }

            return;
        }

        foreach (KeyValuePair<TKey, TValue> pair in collection)
        {
            Add(pair.Key, pair.Value);
        }
    }

    /// <summary>Finds the entry of <paramref name="key"/>, or a null reference; the null-key check is the dictionary's.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ref Entry FindEntry(TKey key)
    {
        if (key is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(key));
        }

        return ref _table.FindEntry(key);
    }

    private bool TryInsert(TKey key, TValue value, InsertionBehavior behavior)
    {
        if (key is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(key));
        }

        ref Entry entry = ref _table.FindOrAdd(key, out bool found);
        if (found)
        {
            return OnExisting(ref entry, key, value, behavior);
        }

        entry._value = value;
        return true;
    }

    private static bool OnExisting(ref Entry entry, TKey key, TValue value, InsertionBehavior behavior)
    {
        if (behavior == InsertionBehavior.OverwriteExisting)
        {
            entry._value = value;
            return true;
        }

        if (behavior == InsertionBehavior.ThrowOnExisting)
        {
            ThrowHelper.ThrowAddingDuplicateKey(key);
        }

        return false;
    }

    [DoesNotReturn]
    private static void ThrowObjectDisposed() =>
        ThrowHelper.ThrowObjectDisposed(nameof(PooledDictionary<TKey, TValue>), "The PooledDictionary has been disposed and its arrays returned to their pools; create a new one.");

    [DoesNotReturn]
    private static void ThrowInvalidArrayType() =>
        throw new ArgumentException("Target array type is not compatible with the type of items in the collection.", "array");

    private enum InsertionBehavior : byte
    {
        None = 0,
        OverwriteExisting = 1,
        ThrowOnExisting = 2,
    }
}
