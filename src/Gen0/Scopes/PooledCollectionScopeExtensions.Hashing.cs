using Gen0.Collections;

namespace Gen0.Scopes;

public static partial class PooledCollectionScopeExtensions
{
    /// <summary>Copies the pairs of <paramref name="source"/> into a new <see cref="PooledDictionary{TKey, TValue}"/> registered in the ambient scope.</summary>
    /// <typeparam name="TKey">The type of the keys.</typeparam>
    /// <typeparam name="TValue">The type of the values.</typeparam>
    /// <param name="source">The pairs.</param>
    /// <param name="comparer">The key comparer; <see langword="null"/> for the default.</param>
    /// <returns>The dictionary, disposed when the ambient scope ends.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> has a duplicate key.</exception>
    /// <exception cref="InvalidOperationException">There is no ambient scope (and the switch says to throw).</exception>
    /// <exception cref="ObjectDisposedException">The ambient scope has ended.</exception>
    public static PooledDictionary<TKey, TValue> ToPooledDictionaryScope<TKey, TValue>(this IEnumerable<KeyValuePair<TKey, TValue>> source, IEqualityComparer<TKey>? comparer = null)
        where TKey : notnull =>
        DisposeScopeExtensions.RegisterCreated(source.ToPooledDictionary(comparer));

    /// <summary>Creates a <see cref="PooledDictionary{TKey, TValue}"/> of the elements of <paramref name="source"/> by key, registered in the ambient scope.</summary>
    /// <typeparam name="TSource">The type of the elements.</typeparam>
    /// <typeparam name="TKey">The type of the keys.</typeparam>
    /// <param name="source">The elements.</param>
    /// <param name="keySelector">Gets the key of an element.</param>
    /// <param name="comparer">The key comparer; <see langword="null"/> for the default.</param>
    /// <returns>The dictionary, disposed when the ambient scope ends.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> or <paramref name="keySelector"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException">Two elements have the same key.</exception>
    /// <exception cref="InvalidOperationException">There is no ambient scope (and the switch says to throw).</exception>
    /// <exception cref="ObjectDisposedException">The ambient scope has ended.</exception>
    public static PooledDictionary<TKey, TSource> ToPooledDictionaryScope<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, IEqualityComparer<TKey>? comparer = null)
        where TKey : notnull =>
        DisposeScopeExtensions.RegisterCreated(source.ToPooledDictionary(keySelector, comparer));

    /// <summary>Creates a <see cref="PooledDictionary{TKey, TValue}"/> of projected elements of <paramref name="source"/> by key, registered in the ambient scope.</summary>
    /// <typeparam name="TSource">The type of the elements.</typeparam>
    /// <typeparam name="TKey">The type of the keys.</typeparam>
    /// <typeparam name="TElement">The type of the values.</typeparam>
    /// <param name="source">The elements.</param>
    /// <param name="keySelector">Gets the key of an element.</param>
    /// <param name="elementSelector">Gets the value of an element.</param>
    /// <param name="comparer">The key comparer; <see langword="null"/> for the default.</param>
    /// <returns>The dictionary, disposed when the ambient scope ends.</returns>
    /// <exception cref="ArgumentNullException">An argument other than <paramref name="comparer"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException">Two elements have the same key.</exception>
    /// <exception cref="InvalidOperationException">There is no ambient scope (and the switch says to throw).</exception>
    /// <exception cref="ObjectDisposedException">The ambient scope has ended.</exception>
    public static PooledDictionary<TKey, TElement> ToPooledDictionaryScope<TSource, TKey, TElement>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, Func<TSource, TElement> elementSelector, IEqualityComparer<TKey>? comparer = null)
        where TKey : notnull =>
        DisposeScopeExtensions.RegisterCreated(source.ToPooledDictionary(keySelector, elementSelector, comparer));

    /// <summary>Copies the distinct elements of <paramref name="source"/> into a new <see cref="PooledHashSet{T}"/> registered in the ambient scope.</summary>
    /// <typeparam name="T">The type of the elements.</typeparam>
    /// <param name="source">The elements.</param>
    /// <param name="comparer">The comparer; <see langword="null"/> for the default.</param>
    /// <returns>The set, disposed when the ambient scope ends.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="InvalidOperationException">There is no ambient scope (and the switch says to throw).</exception>
    /// <exception cref="ObjectDisposedException">The ambient scope has ended.</exception>
    public static PooledHashSet<T> ToPooledHashSetScope<T>(this IEnumerable<T> source, IEqualityComparer<T>? comparer = null) =>
        DisposeScopeExtensions.RegisterCreated(source.ToPooledHashSet(comparer));
}
