namespace Gen0.Collections;

/// <summary>An entry of <see cref="ChunkedHashSet{T}"/>: no value field, so that a set entry is as small as the BCL's.</summary>
/// <typeparam name="T">The element type.</typeparam>
internal struct ChunkedSetEntry<T> : IChunkedHashEntry<T>
{
    public int HashCode { readonly get; set; }

    public int Next { readonly get; set; }

    public T Key { readonly get; set; }
}
