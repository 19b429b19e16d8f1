using System.Runtime.CompilerServices;

namespace Gen0.Collections;

public sealed partial class ChunkedDictionary<TKey, TValue>
{
    /// <summary>What <see cref="PooledCollectionsMarshal.GetValueRefOrNullRef{TKey, TValue}(ChunkedDictionary{TKey, TValue}, TKey)"/> returns.</summary>
    internal ref TValue GetValueRefOrNullRef(TKey key)
    {
        if (key is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(key));
        }

        ThrowIfDisposed();
        ref ChunkedDictionaryEntry<TKey, TValue> entry = ref _table.FindEntry(key);
        return ref Unsafe.IsNullRef(ref entry) ? ref Unsafe.NullRef<TValue>() : ref entry.Value;
    }

    /// <summary>What <see cref="PooledCollectionsMarshal.GetValueRefOrAddDefault{TKey, TValue}(ChunkedDictionary{TKey, TValue}, TKey, out bool)"/> returns.</summary>
    internal ref TValue GetValueRefOrAddDefault(TKey key, out bool exists)
    {
        if (key is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(key));
        }

        ThrowIfDisposed();
        exists = !_table.FindOrAdd(key, out int index);
        ref ChunkedDictionaryEntry<TKey, TValue> entry = ref _table.EntryAt(index);
        if (!exists)
        {
            // A reused free entry of unmanaged fields still holds the value of the pair removed from it.
            entry.Value = default!;
        }

        return ref entry.Value;
    }
}
