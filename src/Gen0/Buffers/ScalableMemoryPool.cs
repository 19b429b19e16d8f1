using System.Buffers;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Gen0.Pools;

namespace Gen0.Buffers;

/// <summary>
/// A <see cref="MemoryPool{T}"/> over a <see cref="ScalableArrayPool{T}"/>, for <c>PipeOptions.Pool</c>, Kestrel and
/// anything else that asks for a <see cref="MemoryPool{T}"/>: <c>pool.AsMemoryPool()</c>, or <see cref="Shared"/> in
/// place of <see cref="MemoryPool{T}.Shared"/>.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
/// <remarks>
/// <para>
/// <b>Arrays.</b> Every buffer is an array rented from <see cref="ArrayPool"/> and returned to it when its owner is
/// disposed, so the array pool's budget, idle trimming, statistics, <c>Gen0-Buffers</c> events and <c>Gen0.Buffers</c>
/// metrics cover it. <see cref="Rent"/> hands out the whole rented array (its size class), as
/// <see cref="MemoryPool{T}.Shared"/> does; a pipe uses the extra room. <see cref="MaxBufferSize"/> is the array pool's
/// <see cref="ScalableArrayPool{T}.MaxArrayLength"/>: a pipe allocates larger segments itself rather than ask for them.
/// </para>
/// <para>
/// <b>Owners.</b> A pipe rents and disposes one owner per segment, so the owner objects are pooled too (a bounded
/// lock-free queue of empty owners per memory pool): in steady state a rent allocates nothing. The price of pooling is
/// the one Kestrel's own pool pays: after <see cref="IDisposable.Dispose"/> the owner belongs to the pool and may be
/// handed to the next renter. A second dispose while it waits in the pool is detected, counted
/// (<see cref="DoubleDisposals"/>) and ignored, and <see cref="IMemoryOwner{T}.Memory"/> then throws
/// <see cref="ObjectDisposedException"/>; a dispose or a read through a stale reference after the owner was rented
/// again cannot be told from the new renter's. Code that keeps owners beyond their dispose should use
/// <see cref="ArrayPoolExtensions.RentOwner{T}(ArrayPool{T}, int, bool)"/>, whose owners are never reused.
/// </para>
/// <para>
/// <b>Disposal.</b> Disposing the memory pool makes <see cref="Rent"/> throw <see cref="ObjectDisposedException"/>
/// and drops the pooled owners; owners rented before may still be disposed, and their arrays go back to the array
/// pool. It does not dispose the array pool, which it does not own (Kestrel disposes the pools it creates; the array
/// pool under them lives on). Disposing <see cref="Shared"/> does nothing. All members are thread-safe.
/// </para>
/// </remarks>
[DebuggerDisplay("{ArrayPool.Name,nq}: Outstanding = {Outstanding}")]
public sealed class ScalableMemoryPool<T> : MemoryPool<T>
{
    private readonly ScalableArrayPool<T> _arrayPool;
    private readonly BoundedConcurrentQueue<Owner> _owners;
    private readonly bool _isShared;
    private long _ownersCreated;
    private long _ownersDropped;
    private long _doubleDisposals;
    private volatile bool _disposed;

    /// <summary>Creates a memory pool over <paramref name="arrayPool"/>; prefer <c>arrayPool.AsMemoryPool()</c>.</summary>
    /// <param name="arrayPool">The array pool the buffers come from.</param>
    /// <exception cref="ArgumentNullException"><paramref name="arrayPool"/> is <see langword="null"/>.</exception>
    public ScalableMemoryPool(ScalableArrayPool<T> arrayPool)
        : this(arrayPool, isShared: false)
    {
    }

    private ScalableMemoryPool(ScalableArrayPool<T> arrayPool, bool isShared)
    {
        if (arrayPool is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(arrayPool));
        }

        _arrayPool = arrayPool;
        _isShared = isShared;

        // Empty owners are a few dozen bytes each; enough of them for every segment in flight on a busy machine.
        _owners = new BoundedConcurrentQueue<Owner>(Math.Min(Math.Max(256, 64 * Environment.ProcessorCount), 4096));
    }

    /// <summary>
    /// Gets the memory pool over <see cref="ScalableArrayPool{T}.Shared"/>: the one-line replacement for
    /// <see cref="MemoryPool{T}.Shared"/>. Disposing it does nothing.
    /// </summary>
    public static new ScalableMemoryPool<T> Shared => SharedHolder.Instance;

    /// <summary>Gets the array pool the buffers come from.</summary>
    public ScalableArrayPool<T> ArrayPool => _arrayPool;

    /// <summary>Gets the longest buffer <see cref="Rent"/> hands out: the array pool's <see cref="ScalableArrayPool{T}.MaxArrayLength"/>.</summary>
    public override int MaxBufferSize => _arrayPool.MaxArrayLength;

    /// <summary>
    /// Gets the number of owners rented and not yet disposed. Exact when no rent or dispose runs meanwhile: a pipe that
    /// has completed and a server that has stopped show 0 unless a buffer leaked.
    /// </summary>
    public long Outstanding => Volatile.Read(ref _ownersCreated) - Volatile.Read(ref _ownersDropped) - _owners.Count;

    /// <summary>Gets how many times an owner was disposed again while it waited in the pool (ignored, see the remarks).</summary>
    public long DoubleDisposals => Volatile.Read(ref _doubleDisposals);

    /// <summary>
    /// Returns an owner of a buffer of at least <paramref name="minBufferSize"/> elements (the whole rented array), or of
    /// 4 KiB worth of elements for -1, as <see cref="MemoryPool{T}.Shared"/>.
    /// </summary>
    /// <param name="minBufferSize">The minimum length, 0 to <see cref="MaxBufferSize"/>, or -1 for the default.</param>
    /// <returns>The owner; dispose it once to give the buffer back.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="minBufferSize"/> is below -1 or above <see cref="MaxBufferSize"/>.</exception>
    /// <exception cref="ObjectDisposedException">The memory pool (or its array pool) was disposed.</exception>
    public override IMemoryOwner<T> Rent(int minBufferSize = -1)
    {
        if (minBufferSize == -1)
        {
            minBufferSize = 1 + (4095 / Math.Max(1, Unsafe.SizeOf<T>()));
        }
        else if ((uint)minBufferSize > (uint)MaxBufferSize)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(minBufferSize), $"The size must be -1 (the default) or between 0 and MaxBufferSize ({MaxBufferSize}); it was {minBufferSize}.");
        }

        if (_disposed)
        {
            ThrowHelper.ThrowObjectDisposed(nameof(ScalableMemoryPool<T>), "The memory pool was disposed.");
        }

        T[] array = _arrayPool.Rent(minBufferSize);
        if (!_owners.TryDequeue(out Owner? owner))
        {
            owner = new Owner(this);
            Interlocked.Increment(ref _ownersCreated);
        }

        owner.Attach(array);
        return owner;
    }

    /// <inheritdoc/>
    protected override void Dispose(bool disposing)
    {
        if (_isShared || _disposed)
        {
            return;
        }

        _disposed = true;
        while (_owners.TryDequeue(out _))
        {
            Interlocked.Increment(ref _ownersDropped);
        }
    }

    private void Return(Owner owner, T[] array)
    {
        _arrayPool.Return(array);
        if (_disposed || !_owners.TryEnqueue(owner))
        {
            Interlocked.Increment(ref _ownersDropped);
        }
    }

    private static class SharedHolder
    {
        public static readonly ScalableMemoryPool<T> Instance = new(ScalableArrayPool<T>.Shared, isShared: true);
    }

    /// <summary>The owner of one rented array; recycled by its memory pool after dispose.</summary>
    private sealed class Owner : IMemoryOwner<T>
    {
        private readonly ScalableMemoryPool<T> _pool;

        // null while the owner waits in the pool: what tells a second dispose from the first.
        private T[]? _array;

        public Owner(ScalableMemoryPool<T> pool) => _pool = pool;

        public Memory<T> Memory
        {
            get
            {
                T[]? array = _array;
                if (array is null)
                {
                    ThrowHelper.ThrowObjectDisposed(nameof(IMemoryOwner<T>), "The buffer was disposed and went back to its pool.");
                }

                return array;
            }
        }

        public void Attach(T[] array) => _array = array;

        public void Dispose()
        {
            T[]? array = Interlocked.Exchange(ref _array, null);
            if (array is null)
            {
                Interlocked.Increment(ref _pool._doubleDisposals);
                return;
            }

            _pool.Return(this, array);
        }
    }
}
