using System.Buffers;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Gen0.Buffers;

namespace Gen0.Collections;

/// <summary>
/// The hash table under <see cref="PooledDictionary{TKey, TValue}"/> and <see cref="PooledHashSet{T}"/>: the
/// dotnet/runtime layout (a bucket array of 1-based indexes into an entry array, entries chained through
/// <c>Next</c>, removed entries on a LIFO free list) with both arrays rented from pools and returned once.
/// </summary>
/// <remarks>
/// <para>
/// Invariants: <c>_size</c> is the table size the BCL twin would have (same primes, growth and trim points), so
/// entries are appended, freed and reused in the BCL's order and enumeration (entries <c>[0, _count)</c> whose
/// <c>Next</c> is at least -1) matches the BCL's. Every rented array goes back exactly once: the old pair right after
/// it is copied into a grown or trimmed pair, the current pair on <see cref="Dispose"/>, cleared first as the
/// <see cref="ClearMode"/> says (only <c>[0, _count)</c> of the entries was ever written). Disposing nulls the
/// buckets; the paths that already test the buckets for null (an empty, never-allocated table) then look at the
/// disposed flag, so lookups pay nothing for the check.
/// </para>
/// <para>
/// Speed: <typeparamref name="TEntry"/> is a struct, so the JIT compiles one copy of every method per entry type
/// and the <see cref="IPooledHashEntry{TKey}"/> accessors inline to field loads. With no custom comparer and a
/// value-type key the probe loops call <see cref="EqualityComparer{T}.Default"/> directly, which the JIT
/// devirtualises and inlines; otherwise they call the stored comparer. The facades read the fields directly (a
/// mutable struct, used only through its owner's field).
/// </para>
/// </remarks>
/// <typeparam name="TKey">The key type.</typeparam>
/// <typeparam name="TEntry">The entry type.</typeparam>
internal partial struct PooledHashTable<TKey, TEntry>
    where TEntry : struct, IPooledHashEntry<TKey>
{
    /// <summary>The pool of the bucket arrays (and of the set operations' scratch bit sets).</summary>
    internal readonly ArrayPool<int> _bucketPool;

    /// <summary>The pool of the entry arrays.</summary>
    internal readonly ArrayPool<TEntry> _entryPool;

    /// <summary>When arrays are cleared before they go back to their pools.</summary>
    internal readonly ClearMode _clearMode;

    /// <summary>The 1-based bucket heads, or <see langword="null"/> before the first allocation and after disposal.</summary>
    internal int[]? _buckets;

    /// <summary>The entries; may be longer than <c>_size</c> (rented), the tail is never read.</summary>
    internal TEntry[]? _entries;

    /// <summary>The multiplier of <see cref="HashHelpers.FastMod"/> for <c>_size</c>.</summary>
    internal ulong _fastModMultiplier;

    /// <summary>The table size (the BCL twin's capacity).</summary>
    internal int _size;

    /// <summary>The number of entries used so far, live or free.</summary>
    internal int _count;

    /// <summary>The head of the free list, -1 when empty.</summary>
    internal int _freeList;

    /// <summary>The length of the free list.</summary>
    internal int _freeCount;

    /// <summary>Bumped by every change that invalidates enumerators.</summary>
    internal int _version;

    /// <summary>
    /// The comparer the table hashes with; <see langword="null"/> only for a value-type key with the default comparer
    /// (the fast path). For ordinal string keys a <see cref="NonRandomizedStringComparer"/> until a long chain
    /// switches it to the randomized one.
    /// </summary>
    internal IEqualityComparer<TKey>? _comparer;

    /// <summary>Set once by <see cref="Dispose"/>.</summary>
    internal bool _disposed;

    /// <summary>Initializes an empty table, allocating when <paramref name="capacity"/> is positive.</summary>
    public PooledHashTable(int capacity, IEqualityComparer<TKey>? comparer, ClearMode clearMode, ArrayPool<int>? bucketPool, ArrayPool<TEntry>? entryPool)
    {
        if (capacity < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(capacity));
        }

        _bucketPool = bucketPool ?? DefaultArrayPool<int>.Instance;
        _entryPool = entryPool ?? DefaultArrayPool<TEntry>.Instance;
        _clearMode = clearMode;
        _freeList = -1;
        if (!typeof(TKey).IsValueType)
        {
            _comparer = NonRandomizedStringComparer.ForKeys(comparer) ?? EqualityComparer<TKey>.Default;
        }
        else if (comparer is not null && comparer != EqualityComparer<TKey>.Default)
        {
            _comparer = comparer;
        }

        if (capacity > 0)
        {
            Initialize(capacity);
        }
    }

    /// <summary>Gets the number of live entries.</summary>
    public readonly int Count => _count - _freeCount;

    /// <summary>Gets the comparer in use, as the caller gave it (never the <see cref="NonRandomizedStringComparer"/> that stands in for it).</summary>
    public readonly IEqualityComparer<TKey> Comparer => NonRandomizedStringComparer.Public(_comparer ?? EqualityComparer<TKey>.Default);

    /// <summary>
    /// Returns whether this table and <paramref name="other"/> hash with the same comparer, so that stored hash codes
    /// can be copied between them (equal <see cref="Comparer"/>s are not enough: one table may have switched from the
    /// non-randomized string hash).
    /// </summary>
    public readonly bool SharesHashCodesWith(in PooledHashTable<TKey, TEntry> other) => Equals(_comparer, other._comparer);

    /// <summary>Gets whether the table hashes with the non-randomized string hash, whose chains only insertions watch.</summary>
    public readonly bool HashesNonRandomized => !typeof(TKey).IsValueType && _comparer is NonRandomizedStringComparer;

    /// <summary>Throws the owner's <see cref="ObjectDisposedException"/> once disposed.</summary>
    public readonly void ThrowIfDisposed()
    {
        if (_disposed)
        {
            default(TEntry).ThrowOwnerDisposed();
        }
    }

    /// <summary>Returns the index of <paramref name="entry"/>, a reference into <c>_entries</c>.</summary>
    public readonly int IndexOf(ref TEntry entry) =>
        (int)((nint)Unsafe.ByteOffset(ref MemoryMarshal.GetArrayDataReference(_entries!), ref entry) / Unsafe.SizeOf<TEntry>());

    /// <summary>Throws what a stale enumerator throws: disposed beats modified.</summary>
    public readonly void ThrowEnumeratorInvalid()
    {
        ThrowIfDisposed();
        ThrowHelper.ThrowEnumFailedVersion();
    }

    /// <summary>Throws what a stale enumerator throws unless <paramref name="version"/> is current.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly void CheckVersion(int version)
    {
        if (version != _version)
        {
            ThrowEnumeratorInvalid();
        }
    }

    /// <summary>Returns whether an enumeration cursor is before the first entry or after the last (no current item).</summary>
    public readonly bool IsCursorOutside(int index) => index == 0 || index == _count + 1;

    /// <summary>
    /// Checks <paramref name="version"/>, then advances an enumeration cursor (as the BCL's enumerators keep it: 0
    /// before the first entry, <c>_count + 1</c> after the last) past the next live entry: a reference to that entry,
    /// or a null reference at the end.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly ref TEntry MoveNext(int version, ref int index)
    {
        CheckVersion(version);
        TEntry[]? entries = _entries;
        int count = _count;

        // Unsigned, because the end position is count + 1, which overflows at int.MaxValue.
        while ((uint)index < (uint)count)
        {
            ref TEntry entry = ref entries![index++];
            if (entry.Next >= -1)
            {
                return ref entry;
            }
        }

        index = count + 1;
        return ref Unsafe.NullRef<TEntry>();
    }

    /// <summary>Returns the hash code of <paramref name="key"/> under <paramref name="comparer"/> (the table's, passed so that it is loaded once); 0 for a null key, which only a set admits.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int HashOf(IEqualityComparer<TKey>? comparer, TKey key)
    {
        if (key is null)
        {
            return 0;
        }

        return typeof(TKey).IsValueType && comparer is null ? key.GetHashCode() : comparer!.GetHashCode(key);
    }

    /// <summary>Returns the bucket head of <paramref name="hashCode"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly ref int GetBucket(int hashCode) => ref _buckets![BucketIndex(hashCode, (uint)_size, _fastModMultiplier)];

    /// <summary>Returns the bucket of <paramref name="hashCode"/> in a table of <paramref name="size"/> buckets.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint BucketIndex(int hashCode, uint size, ulong multiplier) =>
        IntPtr.Size == 8 ? HashHelpers.FastMod((uint)hashCode, size, multiplier) : (uint)hashCode % size;

    /// <summary>
    /// Finds the entry of <paramref name="key"/>: a reference to it, or a null reference when absent. Throws the
    /// owner's <see cref="ObjectDisposedException"/> once disposed.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly ref TEntry FindEntry(TKey key)
    {
        int[]? buckets = _buckets;
        if (buckets is not null)
        {
            IEqualityComparer<TKey>? comparer = _comparer;
            int hashCode = HashOf(comparer, key);
            return ref FindInChain(comparer, buckets[BucketIndex(hashCode, (uint)_size, _fastModMultiplier)] - 1, hashCode, key, out _);
        }
        else if (_disposed)
        {
            default(TEntry).ThrowOwnerDisposed();
        }

        return ref Unsafe.NullRef<TEntry>();
    }

    /// <summary>
    /// Finds the entry of <paramref name="key"/> or adds one (hash code, link and key set, the version bumped),
    /// growing the table when full. <paramref name="found"/> says which; the caller fills the rest of a new entry.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ref TEntry FindOrAdd(TKey key, out bool found)
    {
        if (_buckets is null)
        {
            Initialize(0);
        }

        IEqualityComparer<TKey>? comparer = _comparer;
        int hashCode = HashOf(comparer, key);
        ref int bucket = ref GetBucket(hashCode);
        ref TEntry existing = ref FindInChain(comparer, bucket - 1, hashCode, key, out uint collisions);
        if (!Unsafe.IsNullRef(ref existing))
        {
            found = true;
            return ref existing;
        }

        found = false;
        ref TEntry added = ref InsertNew(ref bucket, hashCode, key);
        SwitchComparerAfter(collisions);
        return ref added;
    }

    /// <summary>
    /// After an insertion that walked <paramref name="collisions"/> entries of one chain: when the table hashes with
    /// the non-randomized string hash and the chain is longer than <see cref="NonRandomizedStringComparer.CollisionThreshold"/>
    /// (keys chosen to collide), switches to the randomized comparer and rehashes every entry in place (entries do not
    /// move, so references to them stay valid).
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
        Array.Clear(_buckets!, 0, _size);
        Relink(_entries!, _count, randomized);
    }

    /// <summary>
    /// Adds an entry for <paramref name="key"/>, absent from the table, at the head of <paramref name="bucket"/> (the
    /// bucket of <paramref name="hashCode"/>, found again when the table grows): from the free list, or appended.
    /// Bumps the version.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ref TEntry InsertNew(ref int bucket, int hashCode, TKey key)
    {
        TEntry[] entries = _entries!;
        int index;
        if (_freeCount > 0)
        {
            index = _freeList;
            _freeList = PooledHashing.StartOfFreeList - entries[_freeList].Next;
            _freeCount--;
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

        ref TEntry entry = ref entries[index];
        entry.HashCode = hashCode;
        entry.Next = bucket - 1;
        entry.Key = key;
        bucket = index + 1;
        _version++;
        return ref entry;
    }

    /// <summary>
    /// Appends an entry for every pair <paramref name="source"/> yields, whose keys are known to be unique under this
    /// table's comparer and absent from it, into a table known to have room for all of them (no free list, no resize,
    /// no duplicate lookup): the copy of a BCL dictionary with the same comparer. The fields the loop needs are held in
    /// locals, because every store through a bucket reference would otherwise make the JIT reload them. Bumps the
    /// version once.
    /// </summary>
    /// <typeparam name="TValue">The payload type.</typeparam>
    /// <typeparam name="TEnumerator">The source's struct enumerator, called without dispatch.</typeparam>
    /// <typeparam name="TWriter">Writes the payload into an entry.</typeparam>
    /// <param name="source">The source's enumerator, not yet moved.</param>
    public void AppendUnique<TValue, TEnumerator, TWriter>(ref TEnumerator source)
        where TEnumerator : struct, IEnumerator<KeyValuePair<TKey, TValue>>
        where TWriter : struct, IPooledEntryWriter<TEntry, TValue>
    {
        Debug.Assert(_freeCount == 0, "Appending needs a table without free entries.");
        IEqualityComparer<TKey>? comparer = _comparer;
        int[] buckets = _buckets!;
        TEntry[] entries = _entries!;
        uint size = (uint)_size;
        ulong multiplier = _fastModMultiplier;
        int count = _count;
        while (source.MoveNext())
        {
            KeyValuePair<TKey, TValue> pair = source.Current;
            int hashCode = HashOf(comparer, pair.Key);
            ref int bucket = ref buckets[BucketIndex(hashCode, size, multiplier)];
            ref TEntry entry = ref entries[count];
            entry.HashCode = hashCode;
            entry.Next = bucket - 1;
            entry.Key = pair.Key;
            default(TWriter).Write(ref entry, pair.Value);
            count++;
            bucket = count;
        }

        _count = count;
        _version++;
    }

    /// <summary>
    /// Unlinks the entry of <paramref name="key"/> onto the free list and clears its key (when it holds references):
    /// a reference to it, whose other fields the caller reads and clears, or a null reference when absent.
    /// Throws the owner's <see cref="ObjectDisposedException"/> once disposed.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ref TEntry Remove(TKey key)
    {
        if (_buckets is not null)
        {
            TEntry[] entries = _entries!;
            uint collisionCount = 0;
            IEqualityComparer<TKey>? comparer = _comparer;
            int hashCode = HashOf(comparer, key);
            ref int bucket = ref GetBucket(hashCode);
            int last = -1;
            int i = bucket - 1;
            while (i >= 0)
            {
                ref TEntry entry = ref entries[i];
                if (entry.HashCode == hashCode &&
                    (typeof(TKey).IsValueType && comparer is null ? EqualityComparer<TKey>.Default.Equals(entry.Key, key) : comparer!.Equals(entry.Key, key)))
                {
                    Unlink(ref bucket, last, i);
                    return ref entry;
                }

                last = i;
                i = entry.Next;
                collisionCount++;
                if (collisionCount > (uint)entries.Length)
                {
                    PooledHashing.ThrowConcurrentOperationsNotSupported();
                }
            }
        }
        else if (_disposed)
        {
            default(TEntry).ThrowOwnerDisposed();
        }

        return ref Unsafe.NullRef<TEntry>();
    }

    /// <summary>
    /// Unlinks entry <paramref name="i"/> (the head of <paramref name="bucket"/> when <paramref name="last"/> is -1,
    /// otherwise the successor of entry <paramref name="last"/>) onto the free list and clears its key when it holds
    /// references; the caller reads and clears the rest.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Unlink(ref int bucket, int last, int i)
    {
        TEntry[] entries = _entries!;
        ref TEntry entry = ref entries[i];
        if (last < 0)
        {
            bucket = entry.Next + 1;
        }
        else
        {
            entries[last].Next = entry.Next;
        }

        entry.Next = PooledHashing.StartOfFreeList - _freeList;
        if (RuntimeHelpers.IsReferenceOrContainsReferences<TKey>())
        {
            entry.Key = default!;
        }

        _freeList = i;
        _freeCount++;
    }

    /// <summary>
    /// Writes the items <typeparamref name="TProjection"/> reads from the live entries into <paramref name="array"/>
    /// from <paramref name="index"/> on, in enumeration order (the caller checked the room). Writing into an
    /// <c>object[]</c> that is really of another element type throws <see cref="ArrayTypeMismatchException"/>.
    /// </summary>
    public readonly void CopyLiveTo<TItem, TProjection, TOut>(TOut[] array, int index)
        where TProjection : struct, IPooledEntryProjection<TEntry, TItem>
        where TItem : TOut
    {
        TEntry[]? entries = _entries;
        int count = _count;
        for (int i = 0; i < count; i++)
        {
            ref TEntry entry = ref entries![i];
            if (entry.Next >= -1)
            {
                array[index++] = default(TProjection).Project(ref entry);
            }
        }
    }

    /// <summary>Removes every entry, keeping the table (and the rented arrays).</summary>
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

    /// <summary>Grows the table, if needed, to hold <paramref name="capacity"/> entries (the caller validated it).</summary>
    /// <returns>The capacity afterwards.</returns>
    public int EnsureCapacity(int capacity)
    {
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

    /// <summary>Shrinks the table to the smallest size holding <paramref name="capacity"/> (at least <see cref="Count"/>), compacting in order.</summary>
    public void TrimExcess(int capacity)
    {
        int newSize = HashHelpers.GetPrime(capacity);
        if (newSize >= _size)
        {
            return;
        }

        int oldCount = _count;
        int oldSize = _size;
        int[]? oldBuckets = _buckets;
        TEntry[]? oldEntries = _entries;
        _version++;
        Initialize(newSize);
        CopyEntries(oldEntries!, oldCount);
        ReturnArrays(oldBuckets, oldEntries, oldCount, oldSize);
    }

    /// <summary>Copies the live entries of <paramref name="entries"/> into this (empty, large enough) table, in order.</summary>
    public void CopyEntries(TEntry[] entries, int count)
    {
        TEntry[] newEntries = _entries!;
        int newCount = 0;
        for (int i = 0; i < count; i++)
        {
            if (entries[i].Next >= -1)
            {
                ref TEntry entry = ref newEntries[newCount];
                entry = entries[i];
                ref int bucket = ref GetBucket(entry.HashCode);
                entry.Next = bucket - 1;
                bucket = newCount + 1;
                newCount++;
            }
        }

        _count = newCount;
        _freeCount = 0;
        _freeList = -1;
    }

    /// <summary>Copies <paramref name="source"/>'s table as it is, free slots included (an empty table of <paramref name="source"/>'s size).</summary>
    public void CloneFrom(ref PooledHashTable<TKey, TEntry> source)
    {
        Initialize(source._size);
        Array.Copy(source._buckets!, _buckets!, _size);
        Array.Copy(source._entries!, _entries!, source._count);
        _freeList = source._freeList;
        _freeCount = source._freeCount;
        _count = source._count;
    }

    /// <summary>Rents a table of the prime size for <paramref name="capacity"/>, replacing (not returning) the current arrays.</summary>
    /// <returns>The table size.</returns>
    public int Initialize(int capacity)
    {
        ThrowIfDisposed();
        int size = HashHelpers.GetPrime(capacity);
        TEntry[] entries = RentPair(size, out int[] buckets);

        Array.Clear(buckets, 0, size);
        _freeList = -1;
        _fastModMultiplier = HashHelpers.GetFastModMultiplier((uint)size);
        _buckets = buckets;
        _entries = entries;
        _size = size;
        return size;
    }

    /// <summary>Returns the arrays once and marks the table disposed; later calls do nothing.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        int[]? buckets = _buckets;
        TEntry[]? entries = _entries;
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

    /// <summary>
    /// Walks the chain that starts at entry <paramref name="i"/> for <paramref name="key"/>: the one probe loop of the
    /// table. With no custom comparer and a value-type key it calls <see cref="EqualityComparer{T}.Default"/>, which
    /// the JIT devirtualises and inlines; per probe it loads the entry's hash code, compares, loads the key, compares,
    /// loads the link. A chain longer than the entry array means concurrent writers corrupted it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly ref TEntry FindInChain(IEqualityComparer<TKey>? comparer, int i, int hashCode, TKey key, out uint collisionCount)
    {
        TEntry[] entries = _entries!;
        collisionCount = 0;
        if (typeof(TKey).IsValueType && comparer is null)
        {
            while ((uint)i < (uint)entries.Length)
            {
                ref TEntry entry = ref entries[i];
                if (entry.HashCode == hashCode && EqualityComparer<TKey>.Default.Equals(entry.Key, key))
                {
                    return ref entry;
                }

                i = entry.Next;
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
                ref TEntry entry = ref entries[i];
                if (entry.HashCode == hashCode && comparer!.Equals(entry.Key, key))
                {
                    return ref entry;
                }

                i = entry.Next;
                collisionCount++;
                if (collisionCount > (uint)entries.Length)
                {
                    PooledHashing.ThrowConcurrentOperationsNotSupported();
                }
            }
        }

        return ref Unsafe.NullRef<TEntry>();
    }

    private void Resize(int newSize)
    {
        Debug.Assert(newSize >= _size, "Resize only grows.");
        int[] oldBuckets = _buckets!;
        TEntry[] oldEntries = _entries!;
        int oldSize = _size;
        int count = _count;

        TEntry[] entries = RentPair(newSize, out int[] buckets);

        Array.Copy(oldEntries, entries, count);
        Array.Clear(buckets, 0, newSize);
        _buckets = buckets;
        _size = newSize;
        _fastModMultiplier = HashHelpers.GetFastModMultiplier((uint)newSize);
        Relink(entries, count);
        _entries = entries;
        ReturnArrays(oldBuckets, oldEntries, count, oldSize);
    }

    /// <summary>
    /// Links the live entries among the first <paramref name="count"/> of <paramref name="entries"/> into the (cleared)
    /// buckets by their stored hash codes, hashing each again with <paramref name="newHashes"/> first when given. The
    /// table's fields are read into locals once: read through <c>this</c> in the loop, the JIT reloads them after
    /// every store (measured: a fill of 1,000 keys 25 µs instead of 17).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly void Relink(TEntry[] entries, int count, IEqualityComparer<TKey>? newHashes = null)
    {
        int[] buckets = _buckets!;
        uint size = (uint)_size;
        ulong multiplier = _fastModMultiplier;
        for (int i = 0; i < count; i++)
        {
            ref TEntry entry = ref entries[i];
            if (entry.Next >= -1)
            {
                if (newHashes is not null)
                {
                    entry.HashCode = HashOf(newHashes, entry.Key);
                }

                ref int bucket = ref buckets[BucketIndex(entry.HashCode, size, multiplier)];
                entry.Next = bucket - 1;
                bucket = i + 1;
            }
        }
    }

    /// <summary>Rents a bucket array and an entry array of at least <paramref name="size"/>; if the second rent fails, the first array goes back.</summary>
    private readonly TEntry[] RentPair(int size, out int[] buckets)
    {
        buckets = PooledHashing.Rent(_bucketPool, size);
        try
        {
            return PooledHashing.Rent(_entryPool, size);
        }
        catch
        {
            _bucketPool.Return(buckets);
            throw;
        }
    }

    private readonly void ReturnArrays(int[]? buckets, TEntry[]? entries, int entryCount, int bucketCount)
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
            if (_clearMode.ShouldClear<TEntry>())
            {
                Array.Clear(entries, 0, entryCount);
            }

            _entryPool.Return(entries);
        }
    }
}
