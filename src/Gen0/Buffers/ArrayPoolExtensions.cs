using System.Buffers;

namespace Gen0.Buffers;

/// <summary>Extensions on any <see cref="ArrayPool{T}"/>.</summary>
public static class ArrayPoolExtensions
{
    /// <summary>
    /// Rents an array of at least <paramref name="length"/> elements and wraps it in a lease that exposes exactly
    /// <paramref name="length"/> elements and returns the array when disposed.
    /// </summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="pool">The pool to rent from and return to.</param>
    /// <param name="length">The number of elements needed.</param>
    /// <param name="clearOnReturn">Whether the array is cleared when it goes back to the pool.</param>
    /// <returns>The lease; dispose it once.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="pool"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative.</exception>
    public static ArrayLease<T> Lease<T>(this ArrayPool<T> pool, int length, bool clearOnReturn = false)
    {
        ArgumentNullException.ThrowIfNull(pool);
        ArgumentOutOfRangeException.ThrowIfNegative(length);
        return new ArrayLease<T>(pool, pool.Rent(length), length, clearOnReturn);
    }
}
