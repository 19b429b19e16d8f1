#if NET9_0_OR_GREATER
using System.Runtime.CompilerServices;

namespace Gen0.Collections;

/// <summary>
/// The alternate-key paths of the chunked table (.NET 9+): the same chains, probed with an
/// <see cref="IAlternateEqualityComparer{TAlternate, T}"/>. The caller has checked that the comparer is one.
/// </summary>
internal partial struct ChunkedHashTable<TKey, TEntry>
{
    /// <summary>Returns whether the comparer in use compares <typeparamref name="TAlternate"/> with the keys.</summary>
    public readonly bool SupportsAlternate<TAlternate>()
        where TAlternate : allows ref struct => (_comparer ?? EqualityComparer<TKey>.Default) is IAlternateEqualityComparer<TAlternate, TKey>;

    /// <summary>Returns a reference to the entry whose key equals <paramref name="key"/>, or a null reference.</summary>
    public readonly ref TEntry FindEntry<TAlternate>(TAlternate key)
        where TAlternate : allows ref struct
    {
        if (_bucketCount == 0)
        {
            return ref Unsafe.NullRef<TEntry>();
        }

        IAlternateEqualityComparer<TAlternate, TKey> comparer = AlternateComparer<TAlternate>();
        int hashCode = AlternateHashOf(comparer, key);
        int index = FindIndex(comparer, key, hashCode, out _, out _);
        return ref index >= 0 ? ref _entries[index] : ref Unsafe.NullRef<TEntry>();
    }

    /// <summary>
    /// Finds <paramref name="key"/> or adds an entry whose key the comparer creates from it (the caller fills in the
    /// value). A created key that is null throws <see cref="ArgumentNullException"/> when
    /// <paramref name="rejectNullKey"/> (a dictionary's rule).
    /// </summary>
    /// <returns><see langword="true"/> when an entry was added.</returns>
    public bool FindOrAdd<TAlternate>(TAlternate key, bool rejectNullKey, out int index)
        where TAlternate : allows ref struct
    {
        if (_bucketCount == 0)
        {
            Initialize(0);
        }

        IAlternateEqualityComparer<TAlternate, TKey> comparer = AlternateComparer<TAlternate>();
        int hashCode = AlternateHashOf(comparer, key);
        index = FindIndex(comparer, key, hashCode, out _, out uint collisions);
        if (index >= 0)
        {
            return false;
        }

        TKey created = comparer.Create(key);
        if (rejectNullKey && created is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(key));
        }

        index = AddEntry(created, hashCode);
        SwitchComparerAfter(collisions);
        return true;
    }

    /// <summary>Removes the entry of <paramref name="key"/>, copying it out first.</summary>
    /// <returns><see langword="true"/> when an entry was removed.</returns>
    public bool Remove<TAlternate>(TAlternate key, out TEntry removed)
        where TAlternate : allows ref struct
    {
        if (_bucketCount != 0)
        {
            IAlternateEqualityComparer<TAlternate, TKey> comparer = AlternateComparer<TAlternate>();
            int hashCode = AlternateHashOf(comparer, key);
            int index = FindIndex(comparer, key, hashCode, out int last, out _);
            if (index >= 0)
            {
                removed = Unlink(ref GetBucketRef(hashCode), last, index);
                return true;
            }
        }

        removed = default;
        return false;
    }

    /// <summary>Returns the comparer as an alternate comparer; only after <see cref="SupportsAlternate{TAlternate}"/> said yes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly IAlternateEqualityComparer<TAlternate, TKey> AlternateComparer<TAlternate>()
        where TAlternate : allows ref struct => Unsafe.As<IAlternateEqualityComparer<TAlternate, TKey>>(_comparer ?? EqualityComparer<TKey>.Default);

    private static int AlternateHashOf<TAlternate>(IAlternateEqualityComparer<TAlternate, TKey> comparer, TAlternate key)
        where TAlternate : allows ref struct => key is null ? 0 : comparer.GetHashCode(key);

    /// <summary>The chain walk of the alternate paths: the index found or -1, the entry before it (-1 at the head), and the entries walked.</summary>
    private readonly int FindIndex<TAlternate>(IAlternateEqualityComparer<TAlternate, TKey> comparer, TAlternate key, int hashCode, out int last, out uint collisions)
        where TAlternate : allows ref struct
    {
        int i = GetBucketRef(hashCode) - 1;
        collisions = 0;
        last = -1;
        while (i >= 0)
        {
            ref TEntry entry = ref _entries[i];
            if (entry.HashCode == hashCode && comparer.Equals(key, entry.Key))
            {
                return i;
            }

            last = i;
            i = entry.Next;
            if (++collisions > (uint)_bucketCount)
            {
                ThrowConcurrentOperation();
            }
        }

        return -1;
    }
}
#endif
