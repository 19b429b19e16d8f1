using System.Buffers;
using System.Diagnostics;

namespace Gen0.Buffers;

/// <summary>
/// An array rented from an <see cref="ArrayPool{T}"/>, seen at exactly the length asked for, and returned to its pool
/// when disposed: <c>using ArrayLease&lt;byte&gt; lease = pool.Lease(n);</c>.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
/// <remarks>
/// <para>
/// <see cref="ArrayPool{T}.Rent"/> may return a longer array than asked for, and code that then uses
/// <c>array.Length</c> reads or writes past the data it meant to handle. A lease exposes <see cref="Span"/>,
/// <see cref="Memory"/> and <see cref="Segment"/> of exactly <see cref="Length"/> elements; <see cref="Array"/> is the
/// whole rented array for APIs that need one.
/// </para>
/// <para>
/// <see cref="Dispose"/> returns the array once; a second <see cref="Dispose"/> of the same variable does nothing, and
/// any other member then throws <see cref="ObjectDisposedException"/>. The lease is a struct: a copy shares the array
/// but not the disposed state, so dispose only one copy (a <see cref="GuardedArrayPool{T}"/> catches a second return).
/// A <see langword="default"/> lease is empty and returns nothing.
/// </para>
/// </remarks>
[DebuggerDisplay("Length = {Length}, Disposed = {IsDisposed}")]
public struct ArrayLease<T> : IDisposable
{
    private readonly ArrayPool<T>? _pool;
    private readonly int _length;
    private readonly bool _clearOnReturn;
    private T[]? _array;

    internal ArrayLease(ArrayPool<T> pool, T[] array, int length, bool clearOnReturn)
    {
        _pool = pool;
        _array = array;
        _length = length;
        _clearOnReturn = clearOnReturn;
    }

    /// <summary>Gets the number of elements asked for.</summary>
    public readonly int Length => _length;

    /// <summary>Gets whether the array has gone back to its pool.</summary>
    public readonly bool IsDisposed => _pool is not null && _array is null;

    /// <summary>Gets the whole rented array, which may be longer than <see cref="Length"/>.</summary>
    /// <exception cref="ObjectDisposedException">The lease has been disposed.</exception>
    public readonly T[] Array => _array ?? EmptyOrThrowDisposed();

    /// <summary>Gets the first <see cref="Length"/> elements of the rented array.</summary>
    /// <exception cref="ObjectDisposedException">The lease has been disposed.</exception>
    public readonly Span<T> Span => new(Array, 0, _length);

    /// <summary>Gets the first <see cref="Length"/> elements of the rented array as memory.</summary>
    /// <exception cref="ObjectDisposedException">The lease has been disposed.</exception>
    public readonly Memory<T> Memory => new(Array, 0, _length);

    /// <summary>Gets the first <see cref="Length"/> elements of the rented array as a segment.</summary>
    /// <exception cref="ObjectDisposedException">The lease has been disposed.</exception>
    public readonly ArraySegment<T> Segment => new(Array, 0, _length);

    /// <summary>Returns the array to its pool; later calls do nothing.</summary>
    public void Dispose()
    {
        T[]? array = _array;
        if (array is not null)
        {
            _array = null;
            _pool!.Return(array, _clearOnReturn);
        }
    }

    private readonly T[] EmptyOrThrowDisposed()
    {
        if (_pool is null)
        {
            return System.Array.Empty<T>();
        }

        ThrowHelper.ThrowObjectDisposed(nameof(ArrayLease<T>), "The lease was disposed and its array returned to the pool. Use the array only while the lease is alive.");
        return null;
    }
}
