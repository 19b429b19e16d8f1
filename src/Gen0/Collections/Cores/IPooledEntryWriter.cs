namespace Gen0.Collections;

/// <summary>
/// Writes a facade's payload (a dictionary's value) into an entry of <see cref="PooledHashTable{TKey, TEntry}"/>, so
/// that the table's bulk loops fill whole entries without knowing the payload. Implemented by empty structs and
/// called on <c>default(TWriter)</c> (netstandard2.0 has no static abstract members), so the JIT still resolves and
/// inlines it.
/// </summary>
/// <typeparam name="TEntry">The entry type.</typeparam>
/// <typeparam name="TPayload">The payload written.</typeparam>
internal interface IPooledEntryWriter<TEntry, TPayload>
    where TEntry : struct
{
    /// <summary>Writes <paramref name="payload"/> into <paramref name="entry"/>.</summary>
    void Write(ref TEntry entry, TPayload payload);
}
