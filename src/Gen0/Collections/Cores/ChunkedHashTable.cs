using System.Buffers;
using Gen0.Buffers;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace Gen0.Collections;

/// <summary>
/// The hash table under <see cref="ChunkedHashSet{T}"/> and <see cref="ChunkedDictionary{TKey, TValue}"/>: the
/// dotnet/runtime design (1-based bucket heads, entries chained through <c>Next</c>, a free list threaded through
/// removed entries) with both arrays replaced by <see cref="ChunkedStorage{T}"/>, so that neither reaches the LOH.
/// </summary>
/// <remarks>
/// <para>Invariants: <c>_bucketCount</c> is the table size the BCL twin would have (same primes, same growth and trim
/// points), so entries are appended, freed and reused in the same order and enumeration (entries <c>[0, _count)</c>
/// not on the free list) matches the BCL's. Entries never move when the table grows: only the buckets are rebuilt.
/// Only <see cref="TrimExcess"/> compacts, in place and in order, as the BCL's does.</para>
/// <para>A mutable struct, used only through its owner's field.</para>
/// </remarks>
/// <typeparam name="TKey">The key type.</typeparam>
/// <typeparam name="TEntry">The entry type.</typeparam>
internal partial struct ChunkedHashTable<TKey, TEntry>
    where TEntry : struct, IChunkedHashEntry<TKey>
{
    private const int StartOfFreeList = -3;

    private ChunkedStorage<int> _buckets;
    private ChunkedStorage<TEntry> _entries;
    private int _bucketCount;
    private ulong _fastModMultiplier;
    private int _count;
    private int _freeList;
    private int _freeCount;
    private int _version;
    /// <summary>
    /// The comparer the table hashes with; <see langword="null"/> for the default one. For ordinal string keys a
    /// <see cref="NonRandomizedStringComparer"/> until a long chain switches it to the randomized one.
    /// </summary>
    private IEqualityComparer<TKey>? _comparer;

    /// <summary>Initializes an empty table.</summary>
    public ChunkedHashTable(IEqualityComparer<TKey>? comparer, ArrayPool<int>? bucketPool, ArrayPool<TEntry>? entryPool, int bucketChunkLength, int entryChunkLength, int directoryLength, ClearMode clearMode = ClearMode.Auto)
    {
        _buckets = new ChunkedStorage<int>(bucketChunkLength, directoryLength, bucketPool, clearMode);
        _entries = new ChunkedStorage<TEntry>(entryChunkLength, directoryLength, entryPool, clearMode);
        _freeList = -1;
        comparer = NonRandomizedStringComparer.ForKeys(comparer);
        if (comparer is not null && !ReferenceEquals(comparer, EqualityComparer<TKey>.Default))
        {
            _comparer = comparer;
        }
    }

    /// <summary>Gets the number of live entries.</summary>
    public readonly int Count => _count - _freeCount;

    /// <summary>Gets the number of entries used so far, live or free: enumeration runs over <c>[0, EntryCount)</c>.</summary>
    public readonly int EntryCount => _count;

    /// <summary>Gets the version, bumped by every change that invalidates enumerators.</summary>
    public readonly int Version => _version;

    /// <summary>Gets the table size (the BCL twin's capacity).</summary>
    public readonly int Capacity => _bucketCount;

    /// <summary>Gets the comparer in use, as the caller gave it (never the <see cref="NonRandomizedStringComparer"/> that stands in for it).</summary>
    public readonly IEqualityComparer<TKey> Comparer => NonRandomizedStringComparer.Public(_comparer ?? EqualityComparer<TKey>.Default);

    /// <summary>Gets whether the table hashes with the non-randomized string hash, whose chains only insertions watch.</summary>
    public readonly bool HashesNonRandomized => !typeof(TKey).IsValueType && _comparer is NonRandomizedStringComparer;

    /// <summary>Gets the entry storage (tests check its directory bound).</summary>
    internal readonly ChunkedStorage<TEntry> EntryStorage => _entries;

    /// <summary>Gets the bucket storage (tests check its directory bound).</summary>
    internal readonly ChunkedStorage<int> BucketStorage => _buckets;

    /// <summary>Returns a reference to entry <paramref name="index"/>, which must be below <see cref="EntryCount"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly ref TEntry EntryAt(int index) => ref _entries[index];

    /// <summary>
    /// Returns the index of the first live entry at or after <paramref name="index"/>, or -1 when there is none. The
    /// enumerators keep their cursor as the BCL's do (0 before the first entry, <c>EntryCount + 1</c> after the last)
    /// and pass it by value: a cursor passed by reference would take the enumerator's address, and an enumerator
    /// whose address escapes cannot live in registers. The caller checks the version first, so that it can say
    /// whether its collection was changed or disposed.
    /// </summary>
    public readonly int NextLiveEntry(int index)
    {
        int count = _count;
        while ((uint)index < (uint)count)
        {
            if (_entries[index].Next >= -1)
            {
                return index;
            }

            index++;
        }

        return -1;
    }

    /// <summary>Sizes an empty table for <paramref name="capacity"/> entries.</summary>
    /// <returns>The table size.</returns>
    public int Initialize(int capacity)
    {
        int size = HashHelpers.GetPrime(capacity);
        _entries.Grow(size, geometric: false);
        _buckets.Grow(size, geometric: false);
        _buckets.Clear(0, size);
        _freeList = -1;
        SetBucketCount(size);
        return size;
    }

    /// <summary>Returns the index of the entry whose key equals <paramref name="key"/>, or -1.</summary>
    public readonly int FindIndex(TKey key)
    {
        if (_bucketCount == 0)
        {
            return -1;
        }

        IEqualityComparer<TKey>? comparer = _comparer;
        if (typeof(TKey).IsValueType && comparer is null)
        {
            FindWithDefaultComparer(key, key!.GetHashCode(), out int index);
            return index;
        }

        return FindIndexWithComparer(key, comparer ?? EqualityComparer<TKey>.Default);
    }

    /// <summary>
    /// Returns a reference to the entry whose key equals <paramref name="key"/>, or a null reference: what a lookup
    /// that reads the entry (a dictionary's <c>TryGetValue</c>) needs, without finding the entry a second time by its
    /// index.
    /// </summary>
    public readonly ref TEntry FindEntry(TKey key)
    {
        if (_bucketCount == 0)
        {
            return ref Unsafe.NullRef<TEntry>();
        }

        IEqualityComparer<TKey>? comparer = _comparer;
        if (typeof(TKey).IsValueType && comparer is null)
        {
            return ref FindWithDefaultComparer(key, key!.GetHashCode(), out _);
        }

        int index = FindIndexWithComparer(key, comparer ?? EqualityComparer<TKey>.Default);
        return ref index >= 0 ? ref _entries[index] : ref Unsafe.NullRef<TEntry>();
    }

    /// <summary>
    /// The value-type key's chain walk behind <see cref="FindIndex"/>, <see cref="FindEntry"/> and <see cref="FindOrAdd"/>, devirtualized
    /// through <see cref="EqualityComparer{T}.Default"/>: the entry and its index, or a null reference and -1. Inlined
    /// into both, so each keeps only the output it uses.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly ref TEntry FindWithDefaultComparer(TKey key, int hashCode, out int index)
    {
        int i = GetBucketRef(hashCode) - 1;
        uint collisions = 0;
        while (i >= 0)
        {
            ref TEntry entry = ref _entries[i];
            if (entry.HashCode == hashCode && EqualityComparer<TKey>.Default.Equals(entry.Key, key))
            {
                index = i;
                return ref entry;
            }

            i = entry.Next;
            if (++collisions > (uint)_bucketCount)
            {
                ThrowConcurrentOperation();
            }
        }

        index = -1;
        return ref Unsafe.NullRef<TEntry>();
    }

    /// <summary>
    /// Finds <paramref name="key"/> or adds an entry for it (the caller fills in the value of a new entry).
    /// </summary>
    /// <param name="key">The key.</param>
    /// <param name="index">The index of the entry found or added.</param>
    /// <returns><see langword="true"/> when an entry was added.</returns>
    public bool FindOrAdd(TKey key, out int index)
    {
        if (_bucketCount == 0)
        {
            Initialize(0);
        }

        IEqualityComparer<TKey>? comparer = _comparer;
        int hashCode;
        uint collisions = 0;
        if (typeof(TKey).IsValueType && comparer is null)
        {
            hashCode = key!.GetHashCode();
            if (!Unsafe.IsNullRef(ref FindWithDefaultComparer(key, hashCode, out index)))
            {
                return false;
            }
        }
        else
        {
            comparer ??= EqualityComparer<TKey>.Default;
            hashCode = key is null ? 0 : comparer.GetHashCode(key);
            int found = FindIndexWithComparer(key, hashCode, comparer, out collisions);
            if (found >= 0)
            {
                index = found;
                return false;
            }
        }

        index = AddEntry(key, hashCode);
        SwitchComparerAfter(collisions);
        return true;
    }

    /// <summary>Removes the entry of <paramref name="key"/>, copying it out first.</summary>
    /// <returns><see langword="true"/> when an entry was removed.</returns>
    public bool Remove(TKey key, out TEntry removed)
    {
        if (_bucketCount != 0)
        {
            IEqualityComparer<TKey> comparer = _comparer ?? EqualityComparer<TKey>.Default;
            int hashCode = key is null ? 0 : (typeof(TKey).IsValueType && _comparer is null ? key.GetHashCode() : comparer.GetHashCode(key));
            ref int bucket = ref GetBucketRef(hashCode);
            int last = -1;
            int i = bucket - 1;
            uint collisions = 0;
            while (i >= 0)
            {
                ref TEntry entry = ref _entries[i];
                if (entry.HashCode == hashCode && (typeof(TKey).IsValueType && _comparer is null
                    ? EqualityComparer<TKey>.Default.Equals(entry.Key, key)
                    : comparer.Equals(entry.Key, key)))
                {
                    removed = Unlink(ref bucket, last, i);
                    return true;
                }

                last = i;
                i = entry.Next;
                if (++collisions > (uint)_bucketCount)
                {
                    ThrowConcurrentOperation();
                }
            }
        }

        removed = default;
        return false;
    }

    /// <summary>
    /// Unlinks entry <paramref name="i"/> (the head of <paramref name="bucket"/> when <paramref name="last"/> is -1,
    /// otherwise the successor of entry <paramref name="last"/>) onto the free list, clearing it when it holds
    /// references.
    /// </summary>
    /// <returns>The entry as it was.</returns>
    private TEntry Unlink(ref int bucket, int last, int i)
    {
        ref TEntry entry = ref _entries[i];
        if (last < 0)
        {
            bucket = entry.Next + 1;
        }
        else
        {
            _entries[last].Next = entry.Next;
        }

        TEntry removed = entry;
        entry.Next = StartOfFreeList - _freeList;
        if (RuntimeHelpers.IsReferenceOrContainsReferences<TEntry>())
        {
            int next = entry.Next;
            entry = default;
            entry.Next = next;
        }

        _freeList = i;
        _freeCount++;
        return removed;
    }

    /// <summary>Removes every entry; pooled chunks go back to their pools.</summary>
    public void Clear()
    {
        if (_buckets.Pool is not null || _entries.Pool is not null)
        {
            _buckets.ReleaseChunks();
            _entries.ReleaseChunks();
            ResetEmpty();
            return;
        }

        int count = _count;
        if (count > 0)
        {
            _buckets.Clear(0, _bucketCount);
            _count = 0;
            _freeList = -1;
            _freeCount = 0;
            if (RuntimeHelpers.IsReferenceOrContainsReferences<TEntry>())
            {
                _entries.Clear(0, count);
            }
        }
    }

    /// <summary>Ensures the table holds <paramref name="capacity"/> entries without growing.</summary>
    /// <returns>The table size.</returns>
    public int EnsureCapacity(int capacity)
    {
        if (_bucketCount >= capacity)
        {
            return _bucketCount;
        }

        if (_bucketCount == 0)
        {
            return Initialize(capacity);
        }

        int newSize = HashHelpers.GetPrime(capacity);
        Resize(newSize);
        return newSize;
    }

    /// <summary>Shrinks the table to the size for <paramref name="capacity"/> entries, compacting the entries in order.</summary>
    public void TrimExcess(int capacity)
    {
        int newSize = HashHelpers.GetPrime(capacity);
        if (newSize >= _bucketCount)
        {
            return;
        }

        _version++;
        int oldCount = _count;
        int count = 0;
        for (int i = 0; i < oldCount; i++)
        {
            ref TEntry entry = ref _entries[i];
            if (entry.Next >= -1)
            {
                if (count != i)
                {
                    _entries[count] = entry;
                }

                count++;
            }
        }

        if (RuntimeHelpers.IsReferenceOrContainsReferences<TEntry>())
        {
            _entries.Clear(count, oldCount - count);
        }

        // Consistent at the current size first: trimming a storage may rent (a lone short chunk is replaced), and a
        // pool that throws there must leave a valid, merely untrimmed, table behind.
        _count = count;
        _freeCount = 0;
        _freeList = -1;
        Rehash(_bucketCount);
        _entries.TrimTo(newSize);
        _entries.Grow(newSize, geometric: false);
        _buckets.TrimTo(newSize);
        _buckets.Grow(newSize, geometric: false);
        Rehash(newSize);
    }

    /// <summary>Returns every chunk (to the pools, when there are any) and leaves the table empty.</summary>
    public void Release()
    {
        // Enumerators taken before the release must fail, as after any other change.
        _version++;
        _buckets.Release();
        _entries.Release();
        ResetEmpty();
    }

    private void ResetEmpty()
    {
        _bucketCount = 0;
        _fastModMultiplier = 0;
        _count = 0;
        _freeList = -1;
        _freeCount = 0;
    }


    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly ref int GetBucketRef(int hashCode) =>
        ref _buckets[(int)HashHelpers.FastMod((uint)hashCode, (uint)_bucketCount, _fastModMultiplier)];

    private readonly int FindIndexWithComparer(TKey key, IEqualityComparer<TKey> comparer) =>
        FindIndexWithComparer(key, key is null ? 0 : comparer.GetHashCode(key), comparer, out _);

    private readonly int FindIndexWithComparer(TKey key, int hashCode, IEqualityComparer<TKey> comparer, out uint collisions)
    {
        int i = GetBucketRef(hashCode) - 1;
        collisions = 0;
        while (i >= 0)
        {
            ref TEntry entry = ref _entries[i];
            if (entry.HashCode == hashCode && comparer.Equals(entry.Key, key))
            {
                return i;
            }

            i = entry.Next;
            if (++collisions > (uint)_bucketCount)
            {
                ThrowConcurrentOperation();
            }
        }

        return -1;
    }

    private int AddEntry(TKey key, int hashCode)
    {
        int index;
        if (_freeCount > 0)
        {
            index = _freeList;
            _freeList = StartOfFreeList - _entries[index].Next;
            _freeCount--;
        }
        else
        {
            int count = _count;
            if (count == _bucketCount)
            {
                Resize(HashHelpers.ExpandPrime(count));
            }

            index = count;
            _count = count + 1;
        }

        ref int bucket = ref GetBucketRef(hashCode);
        ref TEntry entry = ref _entries[index];
        entry.HashCode = hashCode;
        entry.Next = bucket - 1;
        entry.Key = key;
        bucket = index + 1;
        _version++;
        return index;
    }

    /// <summary>
    /// After an insertion that walked <paramref name="collisions"/> entries of one chain: when the table hashes with
    /// the non-randomized string hash and the chain is longer than <see cref="NonRandomizedStringComparer.CollisionThreshold"/>
    /// (keys chosen to collide), switches to the randomized comparer and rehashes every entry in place.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void SwitchComparerAfter(uint collisions)
    {
        // A constant for value-type keys: their instantiations compile none of this.
        if (!typeof(TKey).IsValueType && NonRandomizedStringComparer.MustSwitch(_comparer, collisions))
        {
            SwitchToRandomized();
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void SwitchToRandomized()
    {
        IEqualityComparer<TKey> randomized = NonRandomizedStringComparer.RandomizedFor(_comparer!);
        _comparer = randomized;
        Rehash(_bucketCount, randomized);
    }

    private void Resize(int newSize)
    {
        // Entries stay where they are: only more chunks are appended. The buckets are rebuilt for the new size.
        _entries.Grow(newSize, geometric: false);
        _buckets.Grow(newSize, geometric: false);
        Rehash(newSize);
    }

    /// <summary>Rebuilds the buckets for <paramref name="size"/>, hashing each live entry again with <paramref name="newHashes"/> when given.</summary>
    private void Rehash(int size, IEqualityComparer<TKey>? newHashes = null)
    {
        _buckets.Clear(0, size);
        SetBucketCount(size);
        int count = _count;
        for (int start = 0; start < count;)
        {
            Span<TEntry> segment = _entries.GetSegment(start, count - start);
            for (int offset = 0; offset < segment.Length; offset++)
            {
                ref TEntry entry = ref segment[offset];
                if (entry.Next >= -1)
                {
                    if (newHashes is not null)
                    {
                        entry.HashCode = entry.Key is null ? 0 : newHashes.GetHashCode(entry.Key);
                    }

                    ref int bucket = ref GetBucketRef(entry.HashCode);
                    entry.Next = bucket - 1;
                    bucket = start + offset + 1;
                }
            }

            start += segment.Length;
        }
    }

    private void SetBucketCount(int size)
    {
        _bucketCount = size;
        _fastModMultiplier = HashHelpers.GetFastModMultiplier((uint)size);
    }

    [DoesNotReturn]
    private static void ThrowConcurrentOperation() =>
        ThrowHelper.ThrowInvalidOperation("Operations that change non-concurrent collections must have exclusive access. A concurrent update was performed on this collection and corrupted its state. The collection's state is no longer correct.");
}
