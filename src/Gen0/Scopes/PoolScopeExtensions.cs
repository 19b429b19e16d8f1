using Gen0.Pools;

namespace Gen0.Scopes;

/// <summary>Leases from a <see cref="Pool{T}"/> whose objects go back to the pool when the ambient <see cref="DisposeScope"/> ends.</summary>
public static class PoolScopeExtensions
{
    /// <summary>
    /// Rents an object as a <see cref="Lease{T}"/> (waiting, allocating or throwing when the pool is exhausted, as the
    /// pool is configured) and registers the lease in the ambient scope, which returns the object when it ends.
    /// </summary>
    /// <typeparam name="T">The type of the pooled objects.</typeparam>
    /// <param name="pool">The pool to rent from.</param>
    /// <returns>
    /// The lease. The scope owns a boxed copy and returns the object; do not dispose the returned copy as well (the
    /// pool reports the second return with <see cref="InvalidOperationException"/>), and do not use
    /// <see cref="Lease{T}.Value"/> after the scope has ended.
    /// </returns>
    /// <exception cref="ArgumentNullException"><paramref name="pool"/> is <see langword="null"/>.</exception>
    /// <exception cref="InvalidOperationException">There is no ambient scope and
    /// <see cref="DisposeScope.ThrowExceptionWhenNotHaveDisposeScope"/> is <see langword="true"/> (the object is returned
    /// to the pool first).</exception>
    /// <exception cref="ObjectDisposedException">The ambient scope has ended (the object is returned first), or the pool
    /// has been disposed.</exception>
    public static Lease<T> LeaseScope<T>(this Pool<T> pool)
        where T : class
    {
        ArgumentNullException.ThrowIfNull(pool);
        return DisposeScopeExtensions.RegisterCreated(pool.Lease());
    }
}
