namespace Gen0.Collections;

/// <summary>
/// Reads one item out of a live entry of <see cref="PooledHashTable{TKey, TEntry}"/> (a key, a value, a pair), so
/// that one copy loop serves every view. Implemented by empty structs and called as a static abstract member, so the
/// JIT resolves and inlines it per projection.
/// </summary>
/// <typeparam name="TEntry">The entry type.</typeparam>
/// <typeparam name="TItem">The item read.</typeparam>
internal interface IPooledEntryProjection<TEntry, TItem>
    where TEntry : struct
{
    /// <summary>Returns the item of <paramref name="entry"/>.</summary>
    static abstract TItem Project(ref TEntry entry);
}
