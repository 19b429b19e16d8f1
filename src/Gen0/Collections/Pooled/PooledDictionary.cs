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
/// <see cref="ArrayPool{T}"/> of <see cref="Entry"/>; both default to the library's shared pools. Not supported:
/// <c>GetAlternateLookup</c>/<c>TryGetAlternateLookup</c> and binary serialization (<c>ISerializable</c>). Not
/// thread-safe, like the BCL type: one writer, or many readers and no writer.
/// </para>
/// </remarks>
[DebuggerDisplay("Count = {Count}")]
[DebuggerTypeProxy(typeof(PooledDictionaryDebugView<,>))]
public partial class PooledDictionary<TKey, TValue> :
    IDictionary<TKey, TValue>, IDictionary, IReadOnlyDictionary<TKey, TValue>, IDisposable
    where TKey : notnull
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
    private IEqualityComparer<TKey>? _comparer;
    private KeyCollection? _keys;
    private ValueCollection? _values;
    private bool _disposed;

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
        if (capacity < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(capacity));
        }

        _bucketPool = bucketPool ?? DefaultArrayPool<int>.Instance;
        _entryPool = entryPool ?? DefaultArrayPool<Entry>.Instance;
        _clearMode = clearMode;
        _freeList = -1;
        if (capacity > 0)
        {
            Initialize(capacity);
        }

        if (!typeof(TKey).IsValueType)
        {
            _comparer = comparer ?? EqualityComparer<TKey>.Default;
        }
        else if (comparer is not null && comparer != EqualityComparer<TKey>.Default)
        {
            _comparer = comparer;
        }
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
            return _comparer ?? EqualityComparer<TKey>.Default;
        }
    }

    /// <summary>Gets the number of key/value pairs; 0 once disposed.</summary>
    public int Count => _count - _freeCount;

    /// <summary>Gets the number of entries the dictionary can hold without growing (the BCL's table size).</summary>
    public int Capacity
    {
        get
        {
            ThrowIfDisposed();
            return _size;
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
            ref TValue value = ref FindValue(key);
            if (!Unsafe.IsNullRef(ref value))
            {
                return value;
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
                ref TValue value = ref FindValue((TKey)key);
                if (!Unsafe.IsNullRef(ref value))
                {
                    return value;
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

            ThrowIfNullAndNullsAreIllegal(value, nameof(value));
            if (key is not TKey typedKey)
            {
                ThrowHelper.ThrowWrongType(key, typeof(TKey), nameof(key));
                return;
            }

            if (value is not TValue && value is not null)
            {
                ThrowHelper.ThrowWrongType(value, typeof(TValue), nameof(value));
            }

            this[typedKey] = (TValue)value!;
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
    public bool ContainsKey(TKey key) => !Unsafe.IsNullRef(ref FindValue(key));

    /// <summary>Gets the value of <paramref name="key"/> if present.</summary>
    /// <param name="key">The key.</param>
    /// <param name="value">The value, or the default when the key is absent.</param>
    /// <returns><see langword="true"/> if the key is present.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is <see langword="null"/>.</exception>
    public bool TryGetValue(TKey key, [MaybeNullWhen(false)] out TValue value)
    {
        ref TValue valueRef = ref FindValue(key);
        if (!Unsafe.IsNullRef(ref valueRef))
        {
            value = valueRef;
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
        Entry[]? entries = _entries;
        if (value is null)
        {
            for (int i = 0; i < _count; i++)
            {
                if (entries![i]._next >= -1 && entries[i]._value is null)
                {
                    return true;
                }
            }
        }
        else if (typeof(TValue).IsValueType)
        {
            for (int i = 0; i < _count; i++)
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
            for (int i = 0; i < _count; i++)
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

        if (_buckets is not null)
        {
            Entry[] entries = _entries!;
            uint collisionCount = 0;
            IEqualityComparer<TKey>? comparer = _comparer;
            uint hashCode = (uint)(typeof(TKey).IsValueType && comparer is null ? key.GetHashCode() : comparer!.GetHashCode(key));
            ref int bucket = ref GetBucket(hashCode);
            int last = -1;
            int i = bucket - 1;
            while (i >= 0)
            {
                ref Entry entry = ref entries[i];
                if (entry._hashCode == hashCode &&
                    (typeof(TKey).IsValueType && comparer is null ? EqualityComparer<TKey>.Default.Equals(entry._key, key) : comparer!.Equals(entry._key, key)))
                {
                    if (last < 0)
                    {
                        bucket = entry._next + 1;
                    }
                    else
                    {
                        entries[last]._next = entry._next;
                    }

                    value = entry._value;
                    entry._next = PooledHashing.StartOfFreeList - _freeList;
                    if (RuntimeHelpers.IsReferenceOrContainsReferences<TKey>())
                    {
                        entry._key = default!;
                    }

                    if (RuntimeHelpers.IsReferenceOrContainsReferences<TValue>())
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

        value = default;
        return false;
    }

    /// <summary>Removes every pair, keeping the capacity (and the rented arrays).</summary>
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

        int currentCapacity = _size;
        if (currentCapacity >= capacity)
        {
            return currentCapacity;
        }

        _version++;
        if (_buckets is null)
        {
            return Initialize(capacity);
        }

        int newSize = HashHelpers.GetPrime(capacity);
        Resize(newSize);
        return newSize;
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
        ref TValue value = ref FindValue(keyValuePair.Key);
        return !Unsafe.IsNullRef(ref value) && EqualityComparer<TValue>.Default.Equals(value, keyValuePair.Value);
    }

    bool ICollection<KeyValuePair<TKey, TValue>>.Remove(KeyValuePair<TKey, TValue> keyValuePair)
    {
        ref TValue value = ref FindValue(keyValuePair.Key);
        if (!Unsafe.IsNullRef(ref value) && EqualityComparer<TValue>.Default.Equals(value, keyValuePair.Value))
        {
            Remove(keyValuePair.Key);
            return true;
        }

        return false;
    }

    void ICollection<KeyValuePair<TKey, TValue>>.CopyTo(KeyValuePair<TKey, TValue>[] array, int index) => CopyTo(array, index);

    void ICollection.CopyTo(Array array, int index)
    {
        ThrowIfDisposed();
        PooledHashing.ValidateCopyTo(array, index, Count);
        if (array is KeyValuePair<TKey, TValue>[] pairs)
        {
            CopyTo(pairs, index);
        }
        else if (array is DictionaryEntry[] dictionaryEntries)
        {
            Entry[]? entries = _entries;
            for (int i = 0; i < _count; i++)
            {
                if (entries![i]._next >= -1)
                {
                    dictionaryEntries[index++] = new DictionaryEntry(entries[i]._key, entries[i]._value);
                }
            }
        }
        else
        {
            if (array is not object?[] objects)
            {
                ThrowInvalidArrayType();
                return;
            }

            try
            {
                Entry[]? entries = _entries;
                for (int i = 0; i < _count; i++)
                {
                    if (entries![i]._next >= -1)
                    {
                        objects[index++] = new KeyValuePair<TKey, TValue>(entries[i]._key, entries[i]._value);
                    }
                }
            }
            catch (ArrayTypeMismatchException)
            {
                ThrowInvalidArrayType();
            }
        }
    }

    void IDictionary.Add(object key, object? value)
    {
        ThrowIfDisposed();
        if (key is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(key));
        }

        ThrowIfNullAndNullsAreIllegal(value, nameof(value));
        if (key is not TKey typedKey)
        {
            ThrowHelper.ThrowWrongType(key, typeof(TKey), nameof(key));
            return;
        }

        if (value is not TValue && value is not null)
        {
            ThrowHelper.ThrowWrongType(value, typeof(TValue), nameof(value));
        }

        Add(typedKey, (TValue)value!);
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

    /// <summary>Throws <see cref="ObjectDisposedException"/> once the dictionary is disposed (off the hot paths).</summary>
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

    private static bool IsCompatibleKey(object key)
    {
        if (key is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(key));
        }

        return key is TKey;
    }

    private static void ThrowIfNullAndNullsAreIllegal(object? value, string paramName)
    {
        if (default(TValue) is not null && value is null)
        {
            ThrowHelper.ThrowArgumentNull(paramName);
        }
    }

    private void CopyTo(KeyValuePair<TKey, TValue>[] array, int index)
    {
        ThrowIfDisposed();
        if (array is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(array));
        }

        if ((uint)index > (uint)array.Length)
        {
            ThrowHelper.ThrowIndexOutOfRange(nameof(index));
        }

        if (array.Length - index < Count)
        {
            ThrowHelper.ThrowArrayTooSmall();
        }

        int count = _count;
        Entry[]? entries = _entries;
        for (int i = 0; i < count; i++)
        {
            if (entries![i]._next >= -1)
            {
                array[index++] = new KeyValuePair<TKey, TValue>(entries[i]._key, entries[i]._value);
            }
        }
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

            if (source.Comparer.Equals(Comparer) && _count == 0)
            {
                // Keys are already unique under this comparer and the hash codes are reusable: copy, compacting.
                EnsureCapacity(source.Count);
                CopyEntries(source._entries!, source._count);
                return;
            }
        }
        else if (collection is Dictionary<TKey, TValue> bclSource)
        {
            if (bclSource.Count > 0 && _count == 0 && bclSource.Comparer.Equals(Comparer))
            {
                // Unique under this comparer already: link each pair in without looking for a duplicate.
                EnsureCapacity(bclSource.Count);
                foreach (KeyValuePair<TKey, TValue> pair in bclSource)
                {
                    AppendUnique(pair.Key, pair.Value);
                }

                _version++;
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

    /// <summary>Copies the live entries of <paramref name="entries"/> into the (empty, large enough) table, in order.</summary>
    private void CopyEntries(Entry[] entries, int count)
    {
        Entry[] newEntries = _entries!;
        int newCount = 0;
        for (int i = 0; i < count; i++)
        {
            uint hashCode = entries[i]._hashCode;
            if (entries[i]._next >= -1)
            {
                ref Entry entry = ref newEntries[newCount];
                entry = entries[i];
                ref int bucket = ref GetBucket(hashCode);
                entry._next = bucket - 1;
                bucket = newCount + 1;
                newCount++;
            }
        }

        _count = newCount;
        _freeCount = 0;
        _freeList = -1;
    }

    /// <summary>Appends a pair known to be absent into a table known to have room (no free list, no resize).</summary>
    private void AppendUnique(TKey key, TValue value)
    {
        IEqualityComparer<TKey>? comparer = _comparer;
        uint hashCode = (uint)(typeof(TKey).IsValueType && comparer is null ? key.GetHashCode() : comparer!.GetHashCode(key));
        ref int bucket = ref GetBucket(hashCode);
        int index = _count;
        ref Entry entry = ref _entries![index];
        entry._hashCode = hashCode;
        entry._next = bucket - 1;
        entry._key = key;
        entry._value = value;
        bucket = index + 1;
        _count = index + 1;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ref int GetBucket(uint hashCode)
    {
        int[] buckets = _buckets!;
        if (IntPtr.Size == 8)
        {
            return ref buckets[HashHelpers.FastMod(hashCode, (uint)_size, _fastModMultiplier)];
        }

        return ref buckets[hashCode % (uint)_size];
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

    private void Resize() => Resize(HashHelpers.ExpandPrime(_count));

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

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ref TValue FindValue(TKey key)
    {
        if (key is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(key));
        }

        ref Entry entry = ref Unsafe.NullRef<Entry>();
        if (_buckets is not null)
        {
            IEqualityComparer<TKey>? comparer = _comparer;
            Entry[] entries = _entries!;
            uint collisionCount = 0;
            if (typeof(TKey).IsValueType && comparer is null)
            {
                uint hashCode = (uint)key.GetHashCode();
                int i = GetBucket(hashCode) - 1;
                while ((uint)i < (uint)entries.Length)
                {
                    entry = ref entries[i];
                    if (entry._hashCode == hashCode && EqualityComparer<TKey>.Default.Equals(entry._key, key))
                    {
                        return ref entry._value;
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
                uint hashCode = (uint)comparer!.GetHashCode(key);
                int i = GetBucket(hashCode) - 1;
                while ((uint)i < (uint)entries.Length)
                {
                    entry = ref entries[i];
                    if (entry._hashCode == hashCode && comparer.Equals(entry._key, key))
                    {
                        return ref entry._value;
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

        return ref Unsafe.NullRef<TValue>();
    }

    private bool TryInsert(TKey key, TValue value, InsertionBehavior behavior)
    {
        if (key is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(key));
        }

        if (_buckets is null)
        {
            Initialize(0);
        }

        Entry[] entries = _entries!;
        IEqualityComparer<TKey>? comparer = _comparer;
        uint hashCode = (uint)(typeof(TKey).IsValueType && comparer is null ? key.GetHashCode() : comparer!.GetHashCode(key));
        uint collisionCount = 0;
        ref int bucket = ref GetBucket(hashCode);
        int i = bucket - 1;
        if (typeof(TKey).IsValueType && comparer is null)
        {
            while ((uint)i < (uint)entries.Length)
            {
                if (entries[i]._hashCode == hashCode && EqualityComparer<TKey>.Default.Equals(entries[i]._key, key))
                {
                    return OnExisting(ref entries[i], key, value, behavior);
                }

                i = entries[i]._next;
                collisionCount++;
                if (collisionCount > (uint)entries.Length)
                {
                    PooledHashing.ThrowConcurrentOperationsNotSupported();
                }
            }
        }
        else
        {
            while ((uint)i < (uint)entries.Length)
            {
                if (entries[i]._hashCode == hashCode && comparer!.Equals(entries[i]._key, key))
                {
                    return OnExisting(ref entries[i], key, value, behavior);
                }

                i = entries[i]._next;
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
            _freeList = PooledHashing.StartOfFreeList - entries[_freeList]._next;
            _freeCount--;
        }
        else
        {
            int count = _count;
            if (count == _size)
            {
                Resize();
                bucket = ref GetBucket(hashCode);
            }

            index = count;
            _count = count + 1;
            entries = _entries!;
        }

        ref Entry entry = ref entries[index];
        entry._hashCode = hashCode;
        entry._next = bucket - 1;
        entry._key = key;
        entry._value = value;
        bucket = index + 1;
        _version++;
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
