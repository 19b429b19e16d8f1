namespace Gen0.Collections;

/// <summary>
/// Reads one item out of a live entry of <see cref="PooledHashTable{TKey, TEntry}"/> (a key, a value, a pair), so
/// that one copy loop serves every view. Implemented by empty structs and called on <c>default(TProjection)</c>: the
/// JIT specializes the copy loop per struct projection and inlines the call, as it would a static abstract member (an
/// instance member because netstandard2.0 runtimes have no static abstract members).
/// </summary>
/// <typeparam name="TEntry">The entry type.</typeparam>
/// <typeparam name="TItem">The item read.</typeparam>
internal interface IPooledEntryProjection<TEntry, TItem>
    where TEntry : struct
{
    /// <summary>Returns the item of <paramref name="entry"/>.</summary>
    TItem Project(ref TEntry entry);
}
