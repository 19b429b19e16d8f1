namespace Gen0.Collections;

/// <summary>An entry of <see cref="ChunkedDictionary{TKey, TValue}"/>.</summary>
/// <typeparam name="TKey">The key type.</typeparam>
/// <typeparam name="TValue">The value type.</typeparam>
internal struct ChunkedDictionaryEntry<TKey, TValue> : IChunkedHashEntry<TKey>
{
    public int HashCode { readonly get; set; }

    public int Next { readonly get; set; }

    public TKey Key { readonly get; set; }

    public TValue Value;
}
