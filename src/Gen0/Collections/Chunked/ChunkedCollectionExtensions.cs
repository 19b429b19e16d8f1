using System.Buffers;

namespace Gen0.Collections;

/// <summary>
/// <c>ToList</c>, <c>ToHashSet</c> and <c>ToDictionary</c> for the chunked collections: materialize a sequence of
/// any length without an array on the Large Object Heap.
/// </summary>
public static class ChunkedCollectionExtensions
{
    /// <summary>Copies <paramref name="source"/> into a new <see cref="ChunkedList{T}"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">The elements.</param>
    /// <returns>The list.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    public static ChunkedList<T> ToChunkedList<T>(this IEnumerable<T> source) => new(source);

    /// <summary>Copies <paramref name="source"/> into a new <see cref="ChunkedList{T}"/> whose chunks come from <paramref name="pool"/> (dispose it to return them).</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">The elements.</param>
    /// <param name="pool">The pool for the chunks.</param>
    /// <returns>The list.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    public static ChunkedList<T> ToChunkedList<T>(this IEnumerable<T> source, ArrayPool<T>? pool) => new(source, pool);

    /// <summary>Copies the distinct elements of <paramref name="source"/> into a new <see cref="ChunkedHashSet{T}"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">The elements.</param>
    /// <returns>The set.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    public static ChunkedHashSet<T> ToChunkedHashSet<T>(this IEnumerable<T> source) => new(source);

    /// <summary>Copies the distinct elements of <paramref name="source"/> by <paramref name="comparer"/> into a new <see cref="ChunkedHashSet{T}"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">The elements.</param>
    /// <param name="comparer">The equality comparer, or <see langword="null"/> for the default.</param>
    /// <returns>The set.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    public static ChunkedHashSet<T> ToChunkedHashSet<T>(this IEnumerable<T> source, IEqualityComparer<T>? comparer) => new(source, comparer);

    /// <summary>Copies the pairs of <paramref name="source"/> into a new <see cref="ChunkedDictionary{TKey, TValue}"/>.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TValue">The value type.</typeparam>
    /// <param name="source">The pairs.</param>
    /// <param name="comparer">The key comparer, or <see langword="null"/> for the default.</param>
    /// <returns>The dictionary.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException">Two keys are equal.</exception>
    public static ChunkedDictionary<TKey, TValue> ToChunkedDictionary<TKey, TValue>(this IEnumerable<KeyValuePair<TKey, TValue>> source, IEqualityComparer<TKey>? comparer = null)
        where TKey : notnull => new(source, comparer);

    /// <summary>Builds a <see cref="ChunkedDictionary{TKey, TValue}"/> of the elements of <paramref name="source"/> keyed by <paramref name="keySelector"/>.</summary>
    /// <typeparam name="TSource">The element type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="source">The elements.</param>
    /// <param name="keySelector">Returns the key of an element.</param>
    /// <param name="comparer">The key comparer, or <see langword="null"/> for the default.</param>
    /// <returns>The dictionary.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> or <paramref name="keySelector"/> is <see langword="null"/>, or a key is.</exception>
    /// <exception cref="ArgumentException">Two keys are equal.</exception>
    public static ChunkedDictionary<TKey, TSource> ToChunkedDictionary<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, IEqualityComparer<TKey>? comparer = null)
        where TKey : notnull => source.ToChunkedDictionary(keySelector, static item => item, comparer);

    /// <summary>Builds a <see cref="ChunkedDictionary{TKey, TValue}"/> of projections of the elements of <paramref name="source"/>.</summary>
    /// <typeparam name="TSource">The element type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TElement">The value type.</typeparam>
    /// <param name="source">The elements.</param>
    /// <param name="keySelector">Returns the key of an element.</param>
    /// <param name="elementSelector">Returns the value of an element.</param>
    /// <param name="comparer">The key comparer, or <see langword="null"/> for the default.</param>
    /// <returns>The dictionary.</returns>
    /// <exception cref="ArgumentNullException">An argument is <see langword="null"/>, or a key is.</exception>
    /// <exception cref="ArgumentException">Two keys are equal.</exception>
    public static ChunkedDictionary<TKey, TElement> ToChunkedDictionary<TSource, TKey, TElement>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, Func<TSource, TElement> elementSelector, IEqualityComparer<TKey>? comparer = null)
        where TKey : notnull
    {
        ArgumentNullException.ThrowIfNull(source);
        ArgumentNullException.ThrowIfNull(keySelector);
        ArgumentNullException.ThrowIfNull(elementSelector);
        int capacity = source is ICollection<TSource> collection ? collection.Count : 0;
        ChunkedDictionary<TKey, TElement> result = new(capacity, comparer);
        foreach (TSource item in source)
        {
            result.Add(keySelector(item), elementSelector(item));
        }

        return result;
    }
}
