namespace Gen0.Collections;

/// <summary>
/// What <see cref="PooledHashTable{TKey, TEntry}"/> needs of an entry: the cached hash code, the chain link (the
/// 0-based index of the next entry of the bucket, -1 at the end, <c>StartOfFreeList - next free</c> while free) and
/// the key. Implemented explicitly by the facades' public <c>Entry</c> structs, so that they show no public members;
/// the table is constrained on <c>struct</c>, so every call is resolved and inlined by the JIT, never dispatched (also
/// <see cref="ThrowOwnerDisposed"/>, called on <c>default(TEntry)</c>: netstandard2.0 has no static abstract members).
/// </summary>
/// <typeparam name="TKey">The key type.</typeparam>
internal interface IPooledHashEntry<TKey>
{
    /// <summary>Gets or sets the key's hash code.</summary>
    int HashCode { get; set; }

    /// <summary>Gets or sets the chain link (see the interface remarks).</summary>
    int Next { get; set; }

    /// <summary>Gets or sets the key.</summary>
    TKey Key { get; set; }

    /// <summary>Throws the owning collection's <see cref="ObjectDisposedException"/>.</summary>
    void ThrowOwnerDisposed();
}
