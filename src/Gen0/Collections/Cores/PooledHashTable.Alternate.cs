#if NET9_0_OR_GREATER
using System.Runtime.CompilerServices;

namespace Gen0.Collections;

/// <summary>
/// The alternate-key paths of the table (.NET 9+): the same chains, probed with an
/// <see cref="IAlternateEqualityComparer{TAlternate, T}"/> so that, for example, <c>string</c> keys are found by a
/// <c>ReadOnlySpan&lt;char&gt;</c> without allocating one. The caller has checked that the comparer is one.
/// </summary>
internal partial struct PooledHashTable<TKey, TEntry>
{
    /// <summary>Returns whether the comparer in use compares <typeparamref name="TAlternate"/> with the keys.</summary>
    public readonly bool SupportsAlternate<TAlternate>()
        where TAlternate : allows ref struct => (_comparer ?? EqualityComparer<TKey>.Default) is IAlternateEqualityComparer<TAlternate, TKey>;

    /// <summary>Returns the comparer as an alternate comparer; only after <see cref="SupportsAlternate{TAlternate}"/> said yes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly IAlternateEqualityComparer<TAlternate, TKey> AlternateComparer<TAlternate>()
        where TAlternate : allows ref struct => Unsafe.As<IAlternateEqualityComparer<TAlternate, TKey>>(_comparer ?? EqualityComparer<TKey>.Default);

    /// <summary>
    /// Finds the entry whose key equals <paramref name="key"/>: a reference to it, or a null reference. Throws the
    /// owner's <see cref="ObjectDisposedException"/> once disposed.
    /// </summary>
    public readonly ref TEntry FindEntry<TAlternate>(TAlternate key)
        where TAlternate : allows ref struct
    {
        int[]? buckets = _buckets;
        if (buckets is null)
        {
            ThrowIfDisposed();
            return ref Unsafe.NullRef<TEntry>();
        }

        IAlternateEqualityComparer<TAlternate, TKey> comparer = AlternateComparer<TAlternate>();
        int hashCode = AlternateHashOf(comparer, key);
        return ref FindInChain(comparer, GetBucket(hashCode) - 1, hashCode, key, out _, out _);
    }

    /// <summary>
    /// Finds the entry of <paramref name="key"/> or adds one whose key the comparer creates from it (the version
    /// bumped); <paramref name="found"/> says which. A created key that is null throws
    /// <see cref="ArgumentNullException"/> when <paramref name="rejectNullKey"/> (a dictionary's rule).
    /// </summary>
    public ref TEntry FindOrAdd<TAlternate>(TAlternate key, bool rejectNullKey, out bool found)
        where TAlternate : allows ref struct
    {
        if (_buckets is null)
        {
            Initialize(0);
        }

        IAlternateEqualityComparer<TAlternate, TKey> comparer = AlternateComparer<TAlternate>();
        int hashCode = AlternateHashOf(comparer, key);
        ref int bucket = ref GetBucket(hashCode);
        ref TEntry existing = ref FindInChain(comparer, bucket - 1, hashCode, key, out _, out uint collisions);
        if (!Unsafe.IsNullRef(ref existing))
        {
            found = true;
            return ref existing;
        }

        TKey created = comparer.Create(key);
        if (rejectNullKey && created is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(key));
        }

        found = false;
        ref TEntry added = ref InsertNew(ref bucket, hashCode, created);
        SwitchComparerAfter(collisions);
        return ref added;
    }

    /// <summary>
    /// Unlinks the entry of <paramref name="key"/> onto the free list, handing out its key first: a reference to the
    /// entry, whose other fields the caller reads and clears, or a null reference when absent.
    /// </summary>
    public ref TEntry Remove<TAlternate>(TAlternate key, out TKey? actualKey)
        where TAlternate : allows ref struct
    {
        actualKey = default;
        if (_buckets is null)
        {
            ThrowIfDisposed();
            return ref Unsafe.NullRef<TEntry>();
        }

        IAlternateEqualityComparer<TAlternate, TKey> comparer = AlternateComparer<TAlternate>();
        int hashCode = AlternateHashOf(comparer, key);
        ref int bucket = ref GetBucket(hashCode);
        ref TEntry entry = ref FindInChain(comparer, bucket - 1, hashCode, key, out int last, out _);
        if (!Unsafe.IsNullRef(ref entry))
        {
            actualKey = entry.Key;
            Unlink(ref bucket, last, IndexOf(ref entry));
        }

        return ref entry;
    }

    private static int AlternateHashOf<TAlternate>(IAlternateEqualityComparer<TAlternate, TKey> comparer, TAlternate key)
        where TAlternate : allows ref struct => key is null ? 0 : comparer.GetHashCode(key);

    /// <summary>
    /// The chain walk of the alternate paths; <paramref name="last"/> is the entry before the one found (-1 at the
    /// head), <paramref name="collisionCount"/> the entries walked.
    /// </summary>
    private readonly ref TEntry FindInChain<TAlternate>(IAlternateEqualityComparer<TAlternate, TKey> comparer, int i, int hashCode, TAlternate key, out int last, out uint collisionCount)
        where TAlternate : allows ref struct
    {
        TEntry[] entries = _entries!;
        collisionCount = 0;
        last = -1;
        while ((uint)i < (uint)entries.Length)
        {
            ref TEntry entry = ref entries[i];
            if (entry.HashCode == hashCode && comparer.Equals(key, entry.Key))
            {
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

        return ref Unsafe.NullRef<TEntry>();
    }
}
#endif
