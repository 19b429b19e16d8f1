namespace Gen0.Collections;

/// <summary>
/// Unsafe access to the storage of the pooled and chunked collections, mirroring
/// <see cref="System.Runtime.InteropServices.CollectionsMarshal"/> for <see cref="List{T}"/> and
/// <see cref="Dictionary{TKey, TValue}"/>: a reference to a dictionary's value slot (count or accumulate with one
/// lookup), a span over a list's elements, and a list's count set without writing the elements.
/// </summary>
/// <remarks>
/// The contracts are the BCL's. A reference or span is valid only until the collection next changes (an add that
/// grows it, a removal, <c>Clear</c>, <c>TrimExcess</c>, <c>Dispose</c>): a pooled collection's old array goes back
/// to its pool, where another owner may rent it, so using a stale reference or span is a bug that corrupts someone
/// else's data, not just a stale read. Changes made through a reference or span do not move the collection's
/// version, so enumerators do not notice them; adding a key through <c>GetValueRefOrAddDefault</c> does.
/// </remarks>
public static class PooledCollectionsMarshal
{
    /// <summary>
    /// Returns a reference to the value of <paramref name="key"/>, or a null reference (test it with
    /// <see cref="System.Runtime.CompilerServices.Unsafe.IsNullRef{T}(ref readonly T)"/>) when the key is absent.
    /// </summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TValue">The value type.</typeparam>
    /// <param name="dictionary">The dictionary.</param>
    /// <param name="key">The key.</param>
    /// <returns>The value's slot, valid until the dictionary next changes.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="dictionary"/> or <paramref name="key"/> is <see langword="null"/>.</exception>
    /// <exception cref="ObjectDisposedException">The dictionary has been disposed.</exception>
    public static ref TValue GetValueRefOrNullRef<TKey, TValue>(PooledDictionary<TKey, TValue> dictionary, TKey key)
        where TKey : notnull => ref NotNull(dictionary, nameof(dictionary)).GetValueRefOrNullRef(key);

    /// <summary>
    /// Returns a reference to the value of <paramref name="key"/>, adding the key with the default value first when
    /// it is absent (which moves the version, as any add does).
    /// </summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TValue">The value type.</typeparam>
    /// <param name="dictionary">The dictionary.</param>
    /// <param name="key">The key.</param>
    /// <param name="exists"><see langword="true"/> if the key was present; <see langword="false"/> if this call added it.</param>
    /// <returns>The value's slot, valid until the dictionary next changes.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="dictionary"/> or <paramref name="key"/> is <see langword="null"/>.</exception>
    /// <exception cref="ObjectDisposedException">The dictionary has been disposed.</exception>
    public static ref TValue? GetValueRefOrAddDefault<TKey, TValue>(PooledDictionary<TKey, TValue> dictionary, TKey key, out bool exists)
        where TKey : notnull => ref NotNull(dictionary, nameof(dictionary)).GetValueRefOrAddDefault(key, out exists)!;

    /// <summary>
    /// Returns a reference to the value of <paramref name="key"/>, or a null reference when the key is absent.
    /// </summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TValue">The value type.</typeparam>
    /// <param name="dictionary">The dictionary.</param>
    /// <param name="key">The key.</param>
    /// <returns>The value's slot, valid until the dictionary next changes.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="dictionary"/> or <paramref name="key"/> is <see langword="null"/>.</exception>
    /// <exception cref="ObjectDisposedException">The dictionary has been disposed.</exception>
    public static ref TValue GetValueRefOrNullRef<TKey, TValue>(ChunkedDictionary<TKey, TValue> dictionary, TKey key)
        where TKey : notnull => ref NotNull(dictionary, nameof(dictionary)).GetValueRefOrNullRef(key);

    /// <summary>
    /// Returns a reference to the value of <paramref name="key"/>, adding the key with the default value first when
    /// it is absent (which moves the version, as any add does).
    /// </summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TValue">The value type.</typeparam>
    /// <param name="dictionary">The dictionary.</param>
    /// <param name="key">The key.</param>
    /// <param name="exists"><see langword="true"/> if the key was present; <see langword="false"/> if this call added it.</param>
    /// <returns>The value's slot, valid until the dictionary next changes.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="dictionary"/> or <paramref name="key"/> is <see langword="null"/>.</exception>
    /// <exception cref="ObjectDisposedException">The dictionary has been disposed.</exception>
    public static ref TValue? GetValueRefOrAddDefault<TKey, TValue>(ChunkedDictionary<TKey, TValue> dictionary, TKey key, out bool exists)
        where TKey : notnull => ref NotNull(dictionary, nameof(dictionary)).GetValueRefOrAddDefault(key, out exists)!;

    /// <summary>
    /// Returns a span over the list's elements (<c>Count</c> long), or an empty span for a <see langword="null"/> list,
    /// as <see cref="System.Runtime.InteropServices.CollectionsMarshal.AsSpan{T}(List{T}?)"/> does.
    /// </summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="list">The list, or <see langword="null"/>.</param>
    /// <returns>The elements, valid until the list next grows, shrinks its capacity or is disposed.</returns>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public static Span<T> AsSpan<T>(PooledList<T>? list) => list is null ? default : list.AsSpan();

    /// <summary>
    /// Sets the list's <c>Count</c>, growing it (by the growth rule) when <paramref name="count"/> exceeds the
    /// capacity, as <see cref="System.Runtime.InteropServices.CollectionsMarshal.SetCount{T}(List{T}, int)"/> does:
    /// then fill the elements through <see cref="AsSpan{T}(PooledList{T})"/>.
    /// </summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="list">The list.</param>
    /// <param name="count">The new count.</param>
    /// <remarks>
    /// Elements made visible by a larger count are not initialized: when <typeparamref name="T"/> holds references
    /// they are <see langword="null"/>, otherwise they hold whatever the rented array held, which may be data from a
    /// previous owner of the array. A smaller count clears the elements it drops when <typeparamref name="T"/> holds
    /// references. The version moves, so enumerators notice.
    /// </remarks>
    /// <exception cref="ArgumentNullException"><paramref name="list"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public static void SetCount<T>(PooledList<T> list, int count) => NotNull(list, nameof(list)).SetCount(count);

    /// <summary>
    /// Sets the list's <c>Count</c>, adding chunks when <paramref name="count"/> exceeds the capacity; the chunked
    /// counterpart of <see cref="SetCount{T}(PooledList{T}, int)"/>, with the same rules for the elements it makes
    /// visible. Fill them through <see cref="GetChunkSpan{T}(ChunkedList{T}, int)"/>.
    /// </summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="list">The list.</param>
    /// <param name="count">The new count.</param>
    /// <exception cref="ArgumentNullException"><paramref name="list"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public static void SetCount<T>(ChunkedList<T> list, int count) => NotNull(list, nameof(list)).SetCount(count);

    /// <summary>
    /// Returns a writable span over the elements from <paramref name="index"/> to the end of the chunk that holds it
    /// (or to <c>Count</c>, whichever comes first); empty when <paramref name="index"/> is <c>Count</c>. Walk a whole
    /// list with <c>for (int i = 0; i &lt; list.Count; ) { Span&lt;T&gt; s = GetChunkSpan(list, i); ...; i += s.Length; }</c>.
    /// </summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="list">The list.</param>
    /// <param name="index">The first element, from 0 to <c>Count</c>.</param>
    /// <returns>The elements, valid until the list next changes.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="list"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is negative or above <c>Count</c>.</exception>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public static Span<T> GetChunkSpan<T>(ChunkedList<T> list, int index) => NotNull(list, nameof(list)).GetChunkSpan(index);

#if NET9_0_OR_GREATER
    /// <summary>
    /// Returns a reference to the value of the alternate <paramref name="key"/>, adding a key that the comparer
    /// creates from it, with the default value, when it is absent; as the BCL's overload for
    /// <see cref="Dictionary{TKey, TValue}.AlternateLookup{TAlternateKey}"/>.
    /// </summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TValue">The value type.</typeparam>
    /// <typeparam name="TAlternateKey">The alternate key type.</typeparam>
    /// <param name="dictionary">The alternate view of the dictionary.</param>
    /// <param name="key">The alternate key.</param>
    /// <param name="exists"><see langword="true"/> if the key was present; <see langword="false"/> if this call added it.</param>
    /// <returns>The value's slot, valid until the dictionary next changes.</returns>
    /// <exception cref="ObjectDisposedException">The dictionary has been disposed.</exception>
    public static ref TValue? GetValueRefOrAddDefault<TKey, TValue, TAlternateKey>(PooledDictionary<TKey, TValue>.AlternateLookup<TAlternateKey> dictionary, TAlternateKey key, out bool exists)
        where TKey : notnull
        where TAlternateKey : notnull, allows ref struct => ref dictionary.GetValueRefOrAddDefault(key, out exists)!;

    /// <summary>Returns a reference to the value of the alternate <paramref name="key"/>, or a null reference when the key is absent.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TValue">The value type.</typeparam>
    /// <typeparam name="TAlternateKey">The alternate key type.</typeparam>
    /// <param name="dictionary">The alternate view of the dictionary.</param>
    /// <param name="key">The alternate key.</param>
    /// <returns>The value's slot, valid until the dictionary next changes.</returns>
    /// <exception cref="ObjectDisposedException">The dictionary has been disposed.</exception>
    public static ref TValue GetValueRefOrNullRef<TKey, TValue, TAlternateKey>(PooledDictionary<TKey, TValue>.AlternateLookup<TAlternateKey> dictionary, TAlternateKey key)
        where TKey : notnull
        where TAlternateKey : notnull, allows ref struct => ref dictionary.GetValueRefOrNullRef(key);

    /// <summary>
    /// Returns a reference to the value of the alternate <paramref name="key"/>, adding a key that the comparer
    /// creates from it, with the default value, when it is absent.
    /// </summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TValue">The value type.</typeparam>
    /// <typeparam name="TAlternateKey">The alternate key type.</typeparam>
    /// <param name="dictionary">The alternate view of the dictionary.</param>
    /// <param name="key">The alternate key.</param>
    /// <param name="exists"><see langword="true"/> if the key was present; <see langword="false"/> if this call added it.</param>
    /// <returns>The value's slot, valid until the dictionary next changes.</returns>
    /// <exception cref="ObjectDisposedException">The dictionary has been disposed.</exception>
    public static ref TValue? GetValueRefOrAddDefault<TKey, TValue, TAlternateKey>(ChunkedDictionary<TKey, TValue>.AlternateLookup<TAlternateKey> dictionary, TAlternateKey key, out bool exists)
        where TKey : notnull
        where TAlternateKey : notnull, allows ref struct => ref dictionary.GetValueRefOrAddDefault(key, out exists)!;

    /// <summary>Returns a reference to the value of the alternate <paramref name="key"/>, or a null reference when the key is absent.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TValue">The value type.</typeparam>
    /// <typeparam name="TAlternateKey">The alternate key type.</typeparam>
    /// <param name="dictionary">The alternate view of the dictionary.</param>
    /// <param name="key">The alternate key.</param>
    /// <returns>The value's slot, valid until the dictionary next changes.</returns>
    /// <exception cref="ObjectDisposedException">The dictionary has been disposed.</exception>
    public static ref TValue GetValueRefOrNullRef<TKey, TValue, TAlternateKey>(ChunkedDictionary<TKey, TValue>.AlternateLookup<TAlternateKey> dictionary, TAlternateKey key)
        where TKey : notnull
        where TAlternateKey : notnull, allows ref struct => ref dictionary.GetValueRefOrNullRef(key);
#endif

    private static TCollection NotNull<TCollection>(TCollection collection, string paramName)
        where TCollection : class
    {
        if (collection is null)
        {
            ThrowHelper.ThrowArgumentNull(paramName);
        }

        return collection;
    }
}
