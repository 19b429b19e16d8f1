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

    /// <summary>
    /// Rents an array of at least <paramref name="length"/> elements and wraps it in an <see cref="IMemoryOwner{T}"/>
    /// whose <see cref="IMemoryOwner{T}.Memory"/> is exactly <paramref name="length"/> elements long, and which returns
    /// the array to <paramref name="pool"/> when disposed (once, however often it is disposed).
    /// </summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="pool">The pool to rent from and return to: any <see cref="ArrayPool{T}"/>.</param>
    /// <param name="length">The number of elements needed.</param>
    /// <param name="clearOnReturn">Whether the array is cleared when it goes back to the pool.</param>
    /// <returns>The owner; it allocates one small object per call (see <see cref="PooledMemoryOwner{T}"/>).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="pool"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative.</exception>
    public static PooledMemoryOwner<T> RentOwner<T>(this ArrayPool<T> pool, int length, bool clearOnReturn = false)
    {
        ArgumentNullException.ThrowIfNull(pool);
        ArgumentOutOfRangeException.ThrowIfNegative(length);
        return new PooledMemoryOwner<T>(pool, pool.Rent(length), length, clearOnReturn);
    }

    /// <summary>
    /// Returns a <see cref="MemoryPool{T}"/> over <paramref name="pool"/>, for <c>PipeOptions.Pool</c> and anything
    /// else that asks for one: <see cref="ScalableMemoryPool{T}.Shared"/> for <see cref="ScalableArrayPool{T}.Shared"/>,
    /// a new <see cref="ScalableMemoryPool{T}"/> otherwise (disposing it leaves <paramref name="pool"/> alone).
    /// </summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="pool">The array pool the buffers come from.</param>
    /// <returns>The memory pool.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="pool"/> is <see langword="null"/>.</exception>
    public static ScalableMemoryPool<T> AsMemoryPool<T>(this ScalableArrayPool<T> pool)
    {
        ArgumentNullException.ThrowIfNull(pool);
        return ReferenceEquals(pool, ScalableArrayPool<T>.Shared) ? ScalableMemoryPool<T>.Shared : new ScalableMemoryPool<T>(pool);
    }
}
