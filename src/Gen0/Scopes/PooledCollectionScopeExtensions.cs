using System.Buffers;
using Gen0.Buffers;
using Gen0.Collections;

namespace Gen0.Scopes;

/// <summary>
/// The <c>ToPooled...Scope()</c> counterparts of <see cref="PooledCollectionExtensions"/> (Dispose.Scope's
/// <c>ToPooledListScope()</c>): each copies the source into a new pooled collection and registers it in the ambient
/// <see cref="DisposeScope"/>, which gives its arrays back when it ends. If registration fails (no ambient scope, or
/// one that has ended) the collection is disposed before the exception propagates; with
/// <see cref="DisposeScope.ThrowExceptionWhenNotHaveDisposeScope"/> off and no scope, the caller owns the result.
/// </summary>
public static partial class PooledCollectionScopeExtensions
{
    /// <summary>Copies <paramref name="source"/> into a new <see cref="PooledList{T}"/> registered in the ambient scope.</summary>
    /// <typeparam name="T">The type of the elements.</typeparam>
    /// <param name="source">The elements, in order.</param>
    /// <returns>The list, disposed when the ambient scope ends.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="InvalidOperationException">There is no ambient scope (and the switch says to throw).</exception>
    /// <exception cref="ObjectDisposedException">The ambient scope has ended.</exception>
    public static PooledList<T> ToPooledListScope<T>(this IEnumerable<T> source) =>
        DisposeScopeExtensions.RegisterCreated(source.ToPooledList());

    /// <summary>Copies <paramref name="source"/> into a new <see cref="PooledList{T}"/> that rents from <paramref name="pool"/>, registered in the ambient scope.</summary>
    /// <typeparam name="T">The type of the elements.</typeparam>
    /// <param name="source">The elements, in order.</param>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <returns>The list, disposed when the ambient scope ends.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="InvalidOperationException">There is no ambient scope (and the switch says to throw).</exception>
    /// <exception cref="ObjectDisposedException">The ambient scope has ended.</exception>
    public static PooledList<T> ToPooledListScope<T>(this IEnumerable<T> source, ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto) =>
        DisposeScopeExtensions.RegisterCreated(source.ToPooledList(pool, clearMode));

    /// <summary>Copies <paramref name="source"/> into a new <see cref="PooledList{T}"/> registered in the ambient scope.</summary>
    /// <typeparam name="T">The type of the elements.</typeparam>
    /// <param name="source">The elements, in order.</param>
    /// <returns>The list, disposed when the ambient scope ends.</returns>
    /// <exception cref="InvalidOperationException">There is no ambient scope (and the switch says to throw).</exception>
    /// <exception cref="ObjectDisposedException">The ambient scope has ended.</exception>
    public static PooledList<T> ToPooledListScope<T>(this ReadOnlySpan<T> source) =>
        DisposeScopeExtensions.RegisterCreated(source.ToPooledList());

    /// <summary>Pushes <paramref name="source"/> into a new <see cref="PooledStack{T}"/> registered in the ambient scope.</summary>
    /// <typeparam name="T">The type of the elements.</typeparam>
    /// <param name="source">The elements, in order.</param>
    /// <returns>The stack, disposed when the ambient scope ends.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="InvalidOperationException">There is no ambient scope (and the switch says to throw).</exception>
    /// <exception cref="ObjectDisposedException">The ambient scope has ended.</exception>
    public static PooledStack<T> ToPooledStackScope<T>(this IEnumerable<T> source) =>
        DisposeScopeExtensions.RegisterCreated(source.ToPooledStack());

    /// <summary>Pushes <paramref name="source"/> into a new <see cref="PooledStack{T}"/> that rents from <paramref name="pool"/>, registered in the ambient scope.</summary>
    /// <typeparam name="T">The type of the elements.</typeparam>
    /// <param name="source">The elements, in order.</param>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <returns>The stack, disposed when the ambient scope ends.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="InvalidOperationException">There is no ambient scope (and the switch says to throw).</exception>
    /// <exception cref="ObjectDisposedException">The ambient scope has ended.</exception>
    public static PooledStack<T> ToPooledStackScope<T>(this IEnumerable<T> source, ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto) =>
        DisposeScopeExtensions.RegisterCreated(source.ToPooledStack(pool, clearMode));

    /// <summary>Pushes <paramref name="source"/> into a new <see cref="PooledStack{T}"/> registered in the ambient scope.</summary>
    /// <typeparam name="T">The type of the elements.</typeparam>
    /// <param name="source">The elements, in order.</param>
    /// <returns>The stack, disposed when the ambient scope ends.</returns>
    /// <exception cref="InvalidOperationException">There is no ambient scope (and the switch says to throw).</exception>
    /// <exception cref="ObjectDisposedException">The ambient scope has ended.</exception>
    public static PooledStack<T> ToPooledStackScope<T>(this ReadOnlySpan<T> source) =>
        DisposeScopeExtensions.RegisterCreated(source.ToPooledStack());

    /// <summary>Enqueues <paramref name="source"/> into a new <see cref="PooledQueue{T}"/> registered in the ambient scope.</summary>
    /// <typeparam name="T">The type of the elements.</typeparam>
    /// <param name="source">The elements, in order.</param>
    /// <returns>The queue, disposed when the ambient scope ends.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="InvalidOperationException">There is no ambient scope (and the switch says to throw).</exception>
    /// <exception cref="ObjectDisposedException">The ambient scope has ended.</exception>
    public static PooledQueue<T> ToPooledQueueScope<T>(this IEnumerable<T> source) =>
        DisposeScopeExtensions.RegisterCreated(source.ToPooledQueue());

    /// <summary>Enqueues <paramref name="source"/> into a new <see cref="PooledQueue{T}"/> that rents from <paramref name="pool"/>, registered in the ambient scope.</summary>
    /// <typeparam name="T">The type of the elements.</typeparam>
    /// <param name="source">The elements, in order.</param>
    /// <param name="pool">The pool to rent from; <see langword="null"/> for the default pool.</param>
    /// <param name="clearMode">When the arrays go back to the pool cleared.</param>
    /// <returns>The queue, disposed when the ambient scope ends.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="InvalidOperationException">There is no ambient scope (and the switch says to throw).</exception>
    /// <exception cref="ObjectDisposedException">The ambient scope has ended.</exception>
    public static PooledQueue<T> ToPooledQueueScope<T>(this IEnumerable<T> source, ArrayPool<T>? pool, ClearMode clearMode = ClearMode.Auto) =>
        DisposeScopeExtensions.RegisterCreated(source.ToPooledQueue(pool, clearMode));

    /// <summary>Enqueues <paramref name="source"/> into a new <see cref="PooledQueue{T}"/> registered in the ambient scope.</summary>
    /// <typeparam name="T">The type of the elements.</typeparam>
    /// <param name="source">The elements, in order.</param>
    /// <returns>The queue, disposed when the ambient scope ends.</returns>
    /// <exception cref="InvalidOperationException">There is no ambient scope (and the switch says to throw).</exception>
    /// <exception cref="ObjectDisposedException">The ambient scope has ended.</exception>
    public static PooledQueue<T> ToPooledQueueScope<T>(this ReadOnlySpan<T> source) =>
        DisposeScopeExtensions.RegisterCreated(source.ToPooledQueue());
}
