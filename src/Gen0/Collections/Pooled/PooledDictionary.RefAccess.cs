using System.Runtime.CompilerServices;

namespace Gen0.Collections;

public partial class PooledDictionary<TKey, TValue>
{
    /// <summary>What <see cref="PooledCollectionsMarshal.GetValueRefOrNullRef{TKey, TValue}(PooledDictionary{TKey, TValue}, TKey)"/> returns.</summary>
    internal ref TValue GetValueRefOrNullRef(TKey key)
    {
        ref Entry entry = ref FindEntry(key);
        return ref Unsafe.IsNullRef(ref entry) ? ref Unsafe.NullRef<TValue>() : ref entry._value;
    }

    /// <summary>What <see cref="PooledCollectionsMarshal.GetValueRefOrAddDefault{TKey, TValue}(PooledDictionary{TKey, TValue}, TKey, out bool)"/> returns.</summary>
    internal ref TValue GetValueRefOrAddDefault(TKey key, out bool exists)
    {
        if (key is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(key));
        }

        ref Entry entry = ref _table.FindOrAdd(key, out exists);
        if (!exists)
        {
            // A reused free entry may still hold the value of the pair removed from it (unmanaged values are not cleared).
            entry._value = default!;
        }

        return ref entry._value;
    }
}
