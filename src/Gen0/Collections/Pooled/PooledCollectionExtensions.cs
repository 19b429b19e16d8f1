using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
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
    public static PooledList<T> ToPooledList<T>(this IEnumerable<T> source) => ToPooledList(source, null);

    /// <summary>Copies <paramref name="source"/> into a new <see cref="PooledList{T}"/> that rents from <paramref name="pool"/>.</summary>
    /// <typeparam name="T">The type of the elements.</typeparam>
    /// <param name="source">The elements, in order.</param>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <returns>A new list the caller disposes.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    public static PooledList<T> ToPooledList<T>(this IEnumerable<T> source, ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto)
    {
        if (source is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(source));
        }

        // Arrays and lists are copied as spans (one memmove, no interface call); other collections through
        // ICollection<T>.CopyTo. Only a sequence that must be enumerated pays per element, and when LINQ knows its
        // length without enumerating (Select over an array or list, OrderBy, Concat of collections) the list rents
        // its final array up front, so it never grows and copies.
        if (source.GetType() == typeof(T[]))
        {
            return new PooledList<T>(new ReadOnlySpan<T>(Unsafe.As<T[]>(source)), pool, clearMode);
        }

        if (source.GetType() == typeof(List<T>))
        {
            return new PooledList<T>(CollectionsMarshal.AsSpan(Unsafe.As<List<T>>(source)), pool, clearMode);
        }

        if (source is ICollection<T> || !source.TryGetNonEnumeratedCount(out int count) || count == 0)
        {
            return new PooledList<T>(source, pool, clearMode);
        }

        return FillKnownCount(source, count, pool, clearMode);
    }

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

    private static PooledList<T> FillKnownCount<T>(IEnumerable<T> source, int count, ArrayPool<T>? pool, ClearMode clearMode)
    {
        var list = new PooledList<T>(count, pool, clearMode);
        try
        {
            // The count is a promise LINQ makes, not a bound: Add still grows if the sequence turns out longer.
            foreach (T item in source)
            {
                list.Add(item);
            }
        }
        catch
        {
            // Nobody else holds the list, so nobody else could give its array back.
            list.Dispose();
            throw;
        }

        return list;
    }
}
