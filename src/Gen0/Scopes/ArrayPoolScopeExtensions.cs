using System.Buffers;
using Gen0.Buffers;

namespace Gen0.Scopes;

/// <summary>Leases from an <see cref="ArrayPool{T}"/> whose arrays go back to the pool when the ambient <see cref="DisposeScope"/> ends.</summary>
public static class ArrayPoolScopeExtensions
{
    /// <summary>
    /// Rents an array of at least <paramref name="length"/> elements as an <see cref="ArrayLease{T}"/> and registers the
    /// lease in the ambient scope, which returns the array when it ends.
    /// </summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="pool">The pool to rent from.</param>
    /// <param name="length">The exact length of the lease.</param>
    /// <param name="clearOnReturn">Whether the array is cleared when it goes back to the pool.</param>
    /// <returns>
    /// The lease. The scope owns a boxed copy of it and returns the array; do not dispose the returned copy as well (a
    /// second return of the same array is a double return, which <see cref="GuardedArrayPool{T}"/> reports).
    /// </returns>
    /// <exception cref="ArgumentNullException"><paramref name="pool"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative.</exception>
    /// <exception cref="InvalidOperationException">There is no ambient scope and
    /// <see cref="DisposeScope.ThrowExceptionWhenNotHaveDisposeScope"/> is <see langword="true"/> (the array is returned
    /// to the pool before the exception is thrown).</exception>
    /// <exception cref="ObjectDisposedException">The ambient scope has ended (the array is returned first).</exception>
    public static ArrayLease<T> LeaseScope<T>(this ArrayPool<T> pool, int length, bool clearOnReturn = false)
    {
        return DisposeScopeExtensions.RegisterCreated(pool.Lease(length, clearOnReturn));
    }
}
