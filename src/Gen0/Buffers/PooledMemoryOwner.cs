using System.Buffers;
using System.Diagnostics;

namespace Gen0.Buffers;

/// <summary>
/// An array rented from an <see cref="ArrayPool{T}"/>, seen at exactly the length asked for, as the
/// <see cref="IMemoryOwner{T}"/> that .NET APIs (and CommunityToolkit-style code) take: <c>pool.RentOwner(n)</c>.
/// Disposing it returns the array to its pool, once.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
/// <remarks>
/// <para>
/// <see cref="ArrayLease{T}"/> is the allocation-free way to hold a pooled array in a method; this class is for code
/// that must hand the buffer on as an <see cref="IMemoryOwner{T}"/>, which has to be an object. Each rent allocates
/// this small object (about 40 bytes, as CommunityToolkit's <c>MemoryOwner&lt;T&gt;</c> does; the MemoryOwner
/// benchmark shows the cost side by side). The owners are deliberately not pooled: a pooled owner would be handed to
/// the next renter after <see cref="Dispose"/>, and a stale holder's second <see cref="Dispose"/> or late read would
/// then return or read someone else's array. An owner that is never reused keeps the contract exact:
/// <see cref="Memory"/>, <see cref="Span"/> and <see cref="Segment"/> throw <see cref="ObjectDisposedException"/> after
/// <see cref="Dispose"/>, and disposing twice, even from two threads at once, returns the array once.
/// <see cref="ScalableMemoryPool{T}"/> is the pooled alternative, for pipelines that rent per segment.
/// </para>
/// <para>
/// A finalizer is not part of it: an owner that is never disposed leaves its array to the GC, which is safe; a
/// <see cref="GuardedArrayPool{T}"/> under it reports such leaks in tests.
/// </para>
/// </remarks>
[DebuggerDisplay("Length = {Length}, Disposed = {IsDisposed}")]
public sealed class PooledMemoryOwner<T> : IMemoryOwner<T>
{
    private readonly ArrayPool<T> _pool;
    private readonly int _length;
    private readonly bool _clearOnReturn;
    private T[]? _array;

    internal PooledMemoryOwner(ArrayPool<T> pool, T[] array, int length, bool clearOnReturn)
    {
        _pool = pool;
        _array = array;
        _length = length;
        _clearOnReturn = clearOnReturn;
    }

    /// <summary>Gets the number of elements asked for: the length of <see cref="Memory"/>.</summary>
    public int Length => _length;

    /// <summary>Gets whether the array has gone back to its pool.</summary>
    public bool IsDisposed => Volatile.Read(ref _array) is null;

    /// <summary>Gets the first <see cref="Length"/> elements of the rented array.</summary>
    /// <exception cref="ObjectDisposedException">The owner has been disposed.</exception>
    public Memory<T> Memory => new(ArrayOrThrow(), 0, _length);

    /// <summary>Gets the first <see cref="Length"/> elements of the rented array as a span.</summary>
    /// <exception cref="ObjectDisposedException">The owner has been disposed.</exception>
    public Span<T> Span => new(ArrayOrThrow(), 0, _length);

    /// <summary>Gets the first <see cref="Length"/> elements as a segment of the rented array, for APIs that take arrays.</summary>
    /// <exception cref="ObjectDisposedException">The owner has been disposed.</exception>
    public ArraySegment<T> Segment => new(ArrayOrThrow(), 0, _length);

    /// <summary>Returns the array to its pool; later calls do nothing (the array goes back once, whichever thread calls).</summary>
    public void Dispose()
    {
        T[]? array = Interlocked.Exchange(ref _array, null);
        if (array is not null)
        {
            _pool.Return(array, _clearOnReturn);
        }
    }

    private T[] ArrayOrThrow()
    {
        T[]? array = _array;
        if (array is null)
        {
            ThrowHelper.ThrowObjectDisposed(nameof(PooledMemoryOwner<T>), "The owner was disposed and its array returned to the pool. Use the memory only while the owner is alive.");
        }

        return array;
    }
}
