namespace Gen0.Collections;

/// <summary>
/// What <see cref="ChunkedHashTable{TKey, TEntry}"/> needs of an entry: the cached hash code, the 0-based index of
/// the next entry of its bucket chain (-1 at the end, or <c>-3 - next free</c> while on the free list), and the key.
/// </summary>
/// <typeparam name="TKey">The key type.</typeparam>
internal interface IChunkedHashEntry<TKey>
{
    /// <summary>Gets or sets the key's hash code.</summary>
    int HashCode { get; set; }

    /// <summary>Gets or sets the chain link (see the interface remarks).</summary>
    int Next { get; set; }

    /// <summary>Gets or sets the key.</summary>
    TKey Key { get; set; }
}
