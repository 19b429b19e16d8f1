using System.Buffers;
using Gen0.Buffers;

namespace Gen0.Collections;

/// <summary>
/// Copies sequences and spans into pooled collections, the pooled counterparts of LINQ's <c>ToList</c> and friends.
/// Every collection returned is owned by the caller, who disposes it to give its arrays back.
/// </summary>
public static partial class PooledCollectionExtensions
{
    /// <summary>Copies <paramref name="source"/> into a new <see cref="PooledList{T}"/> that rents from the default pool.</summary>
    /// <typeparam name="T">The type of the elements.</typeparam>
    /// <param name="source">The elements, in order.</param>
    /// <returns>A new list the caller disposes.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    public static PooledList<T> ToPooledList<T>(this IEnumerable<T> source) => new(source, null);

    /// <summary>Copies <paramref name="source"/> into a new <see cref="PooledList{T}"/> that rents from <paramref name="pool"/>.</summary>
    /// <typeparam name="T">The type of the elements.</typeparam>
    /// <param name="source">The elements, in order.</param>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <returns>A new list the caller disposes.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    public static PooledList<T> ToPooledList<T>(this IEnumerable<T> source, ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto) =>
        new(source, pool, clearMode);

    /// <summary>Copies <paramref name="source"/> into a new <see cref="PooledList{T}"/> that rents from the default pool.</summary>
    /// <typeparam name="T">The type of the elements.</typeparam>
    /// <param name="source">The elements, in order.</param>
    /// <returns>A new list the caller disposes.</returns>
    public static PooledList<T> ToPooledList<T>(this ReadOnlySpan<T> source) => new(source, null);

    /// <summary>Copies <paramref name="source"/> into a new <see cref="PooledList{T}"/> that rents from <paramref name="pool"/>.</summary>
    /// <typeparam name="T">The type of the elements.</typeparam>
    /// <param name="source">The elements, in order.</param>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <returns>A new list the caller disposes.</returns>
    public static PooledList<T> ToPooledList<T>(this ReadOnlySpan<T> source, ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto) =>
        new(source, pool, clearMode);

    /// <summary>Pushes the elements of <paramref name="source"/>, in order, onto a new <see cref="PooledStack{T}"/> (the last ends on top).</summary>
    /// <typeparam name="T">The type of the elements.</typeparam>
    /// <param name="source">The elements.</param>
    /// <returns>A new stack the caller disposes.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    public static PooledStack<T> ToPooledStack<T>(this IEnumerable<T> source) => new(source, null);

    /// <summary>Pushes the elements of <paramref name="source"/>, in order, onto a new <see cref="PooledStack{T}"/> that rents from <paramref name="pool"/>.</summary>
    /// <typeparam name="T">The type of the elements.</typeparam>
    /// <param name="source">The elements.</param>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <returns>A new stack the caller disposes.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    public static PooledStack<T> ToPooledStack<T>(this IEnumerable<T> source, ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto) =>
        new(source, pool, clearMode);

    /// <summary>Pushes the elements of <paramref name="source"/>, in order, onto a new <see cref="PooledStack{T}"/> (the last ends on top).</summary>
    /// <typeparam name="T">The type of the elements.</typeparam>
    /// <param name="source">The elements.</param>
    /// <returns>A new stack the caller disposes.</returns>
    public static PooledStack<T> ToPooledStack<T>(this ReadOnlySpan<T> source) => new(source, null);

    /// <summary>Pushes the elements of <paramref name="source"/>, in order, onto a new <see cref="PooledStack{T}"/> that rents from <paramref name="pool"/>.</summary>
    /// <typeparam name="T">The type of the elements.</typeparam>
    /// <param name="source">The elements.</param>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <returns>A new stack the caller disposes.</returns>
    public static PooledStack<T> ToPooledStack<T>(this ReadOnlySpan<T> source, ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto) =>
        new(source, pool, clearMode);

    /// <summary>Enqueues the elements of <paramref name="source"/>, in order, into a new <see cref="PooledQueue{T}"/>.</summary>
    /// <typeparam name="T">The type of the elements.</typeparam>
    /// <param name="source">The elements.</param>
    /// <returns>A new queue the caller disposes.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    public static PooledQueue<T> ToPooledQueue<T>(this IEnumerable<T> source) => new(source, null);

    /// <summary>Enqueues the elements of <paramref name="source"/>, in order, into a new <see cref="PooledQueue{T}"/> that rents from <paramref name="pool"/>.</summary>
    /// <typeparam name="T">The type of the elements.</typeparam>
    /// <param name="source">The elements.</param>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <returns>A new queue the caller disposes.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    public static PooledQueue<T> ToPooledQueue<T>(this IEnumerable<T> source, ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto) =>
        new(source, pool, clearMode);

    /// <summary>Enqueues the elements of <paramref name="source"/>, in order, into a new <see cref="PooledQueue{T}"/>.</summary>
    /// <typeparam name="T">The type of the elements.</typeparam>
    /// <param name="source">The elements.</param>
    /// <returns>A new queue the caller disposes.</returns>
    public static PooledQueue<T> ToPooledQueue<T>(this ReadOnlySpan<T> source) => new(source, null);

    /// <summary>Enqueues the elements of <paramref name="source"/>, in order, into a new <see cref="PooledQueue{T}"/> that rents from <paramref name="pool"/>.</summary>
    /// <typeparam name="T">The type of the elements.</typeparam>
    /// <param name="source">The elements.</param>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <returns>A new queue the caller disposes.</returns>
    public static PooledQueue<T> ToPooledQueue<T>(this ReadOnlySpan<T> source, ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto) =>
        new(source, pool, clearMode);
}
