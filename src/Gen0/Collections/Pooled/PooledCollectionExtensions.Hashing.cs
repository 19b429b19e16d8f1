namespace Gen0.Collections;

/// <summary>
/// Builds pooled collections from sequences, as LINQ's <c>ToList</c>, <c>ToDictionary</c> and <c>ToHashSet</c> build
/// the BCL's. This part holds the hashing collections: <see cref="PooledDictionary{TKey, TValue}"/> and
/// <see cref="PooledHashSet{T}"/>. The caller owns the result and disposes it.
/// </summary>
public static partial class PooledCollectionExtensions
{
    /// <summary>Copies key/value pairs into a new <see cref="PooledDictionary{TKey, TValue}"/>.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TValue">The value type.</typeparam>
    /// <param name="source">The pairs.</param>
    /// <param name="comparer">The key comparer, or <see langword="null"/> for the default.</param>
    /// <returns>A dictionary the caller disposes.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> has duplicate keys.</exception>
    public static PooledDictionary<TKey, TValue> ToPooledDictionary<TKey, TValue>(this IEnumerable<KeyValuePair<TKey, TValue>> source, IEqualityComparer<TKey>? comparer = null)
        where TKey : notnull
    {
        if (source is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(source));
        }

        return new PooledDictionary<TKey, TValue>(source, comparer);
    }

    /// <summary>Builds a <see cref="PooledDictionary{TKey, TValue}"/> of the elements, keyed by <paramref name="keySelector"/>.</summary>
    /// <typeparam name="TSource">The element type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="source">The elements.</param>
    /// <param name="keySelector">Extracts each element's key.</param>
    /// <param name="comparer">The key comparer, or <see langword="null"/> for the default.</param>
    /// <returns>A dictionary the caller disposes.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> or <paramref name="keySelector"/> is <see langword="null"/>, or a key is.</exception>
    /// <exception cref="ArgumentException">Two elements have the same key.</exception>
    public static PooledDictionary<TKey, TSource> ToPooledDictionary<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, IEqualityComparer<TKey>? comparer = null)
        where TKey : notnull =>
        ToPooledDictionary(source, keySelector, static element => element, comparer);

    /// <summary>Builds a <see cref="PooledDictionary{TKey, TValue}"/> with a key and a value selected from each element.</summary>
    /// <typeparam name="TSource">The element type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TElement">The value type.</typeparam>
    /// <param name="source">The elements.</param>
    /// <param name="keySelector">Extracts each element's key.</param>
    /// <param name="elementSelector">Extracts each element's value.</param>
    /// <param name="comparer">The key comparer, or <see langword="null"/> for the default.</param>
    /// <returns>A dictionary the caller disposes.</returns>
    /// <exception cref="ArgumentNullException">An argument is <see langword="null"/>, or a key is.</exception>
    /// <exception cref="ArgumentException">Two elements have the same key.</exception>
    public static PooledDictionary<TKey, TElement> ToPooledDictionary<TSource, TKey, TElement>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, Func<TSource, TElement> elementSelector, IEqualityComparer<TKey>? comparer = null)
        where TKey : notnull
    {
        if (source is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(source));
        }

        if (keySelector is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(keySelector));
        }

        if (elementSelector is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(elementSelector));
        }

        int capacity = source.TryGetNonEnumeratedCount(out int count) ? count : 0;
        var dictionary = new PooledDictionary<TKey, TElement>(capacity, comparer);
        try
        {
            foreach (TSource element in source)
            {
                dictionary.Add(keySelector(element), elementSelector(element));
            }
        }
        catch
        {
            dictionary.Dispose();
            throw;
        }

        return dictionary;
    }

    /// <summary>Copies the distinct elements into a new <see cref="PooledHashSet{T}"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">The elements.</param>
    /// <param name="comparer">The comparer, or <see langword="null"/> for the default.</param>
    /// <returns>A set the caller disposes.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    public static PooledHashSet<T> ToPooledHashSet<T>(this IEnumerable<T> source, IEqualityComparer<T>? comparer = null)
    {
        if (source is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(source));
        }

        return new PooledHashSet<T>(source, comparer);
    }
}
