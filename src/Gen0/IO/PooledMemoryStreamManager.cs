using System.Diagnostics;
using Gen0.Buffers;

namespace Gen0.IO;

/// <summary>
/// Hands out <see cref="PooledMemoryStream"/>s that share one block pool and one set of
/// <see cref="PooledMemoryStreamOptions"/>: the place a service configures its streams once, as it configures a
/// <c>RecyclableMemoryStreamManager</c>. <c>GetStream</c> has RecyclableMemoryStreamManager's overloads (without the
/// <see cref="Guid"/> ones: ids are assigned by Gen0).
/// </summary>
/// <remarks>
/// <para>
/// Create one manager per configuration and keep it for the life of the process (a static field or a DI singleton):
/// it owns a <see cref="ScalableArrayPool{T}"/> of blocks (<see cref="Pool"/>, one shard, budget
/// <see cref="PooledMemoryStreamOptions.MaxRetainedBytes"/>, idle trim <see cref="PooledMemoryStreamOptions.TrimAfter"/>,
/// with its <c>Gen0-Buffers</c> events and <c>Gen0.Buffers</c> metrics under <see cref="PooledMemoryStreamOptions.Name"/>).
/// <see cref="Shared"/> is the manager of <c>new PooledMemoryStream()</c>: default options over the library's stream
/// block pool.
/// </para>
/// <para>
/// All members are thread-safe; the streams are not (as <see cref="MemoryStream"/> is not). Disposing the manager
/// releases its pool's idle blocks and stops its timer; <c>GetStream</c> then throws
/// <see cref="ObjectDisposedException"/>, and so does growing a stream it handed out (the pool no longer rents), while
/// reading, shrinking and disposing them still work (their blocks are dropped when they come back).
/// </para>
/// </remarks>
[DebuggerDisplay("{Pool.Name,nq}: BlockSize = {BlockSize}, MaximumStreamCapacity = {MaximumStreamCapacity}")]
public sealed class PooledMemoryStreamManager : IDisposable
{
    private static readonly PooledMemoryStreamManager s_shared = new(StreamBlockPool.Instance);

    private readonly PooledMemoryStreamOptions _options;
    private readonly bool _isShared;
    private volatile bool _disposed;

    /// <summary>Creates a manager with the default <see cref="PooledMemoryStreamOptions"/> and a pool of its own.</summary>
    public PooledMemoryStreamManager()
        : this(new PooledMemoryStreamOptions())
    {
    }

    /// <summary>Creates a manager with <paramref name="options"/> (validated, then copied: later changes do not apply).</summary>
    /// <param name="options">The options.</param>
    /// <exception cref="ArgumentNullException"><paramref name="options"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException">An option is out of its range (the message names it).</exception>
    public PooledMemoryStreamManager(PooledMemoryStreamOptions options)
    {
        if (options is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(options));
        }

        options.Validate();
        _options = options.Clone();
        Pool = StreamBlockPool.Create(_options);
        ClearOnReturn = _options.ClearMode.ShouldClear<byte>();
        DetectLeaks = _options.DetectLeaks || _options.CaptureCreationStack;
    }

    private PooledMemoryStreamManager(ScalableArrayPool<byte> pool)
    {
        _options = new PooledMemoryStreamOptions { Name = pool.Name };
        _isShared = true;
        Pool = pool;
    }

    /// <summary>
    /// Gets the manager of the streams made with <see cref="PooledMemoryStream"/>'s constructors: default options,
    /// blocks from the library's stream block pool (a budget of a sixteenth of the memory limit, at most 128 MiB; 60 s idle trim). Disposing it does nothing.
    /// </summary>
    public static PooledMemoryStreamManager Shared => s_shared;

    /// <summary>Gets the pool the streams' blocks come from (statistics, <c>Trim()</c>).</summary>
    public ScalableArrayPool<byte> Pool { get; }

    /// <summary>Gets the size of a block (<see cref="PooledMemoryStreamOptions.BlockSize"/>).</summary>
    public int BlockSize => _options.BlockSize;

    /// <summary>Gets the longest a stream may grow (<see cref="PooledMemoryStreamOptions.MaximumStreamCapacity"/>).</summary>
    public long MaximumStreamCapacity => _options.MaximumStreamCapacity;

    /// <summary>Gets whether <see cref="PooledMemoryStream.ToArray"/> throws (<see cref="PooledMemoryStreamOptions.ThrowExceptionOnToArray"/>).</summary>
    public bool ThrowExceptionOnToArray => _options.ThrowExceptionOnToArray;

    /// <summary>Gets whether streams record their creation and dispose stacks (<see cref="PooledMemoryStreamOptions.CaptureCreationStack"/>).</summary>
    public bool CaptureCreationStack => _options.CaptureCreationStack;

    /// <summary>Gets whether every stream is watched for leaks (<see cref="PooledMemoryStreamOptions.DetectLeaks"/> or <see cref="CaptureCreationStack"/>).</summary>
    public bool DetectLeaks { get; }

    /// <summary>Gets the clear mode of the streams (<see cref="PooledMemoryStreamOptions.ClearMode"/>).</summary>
    public ClearMode ClearMode => _options.ClearMode;

    internal bool ClearOnReturn { get; }

    /// <summary>Returns a copy of the options the manager was created with.</summary>
    /// <returns>A new options object; changing it does not affect the manager.</returns>
    public PooledMemoryStreamOptions GetOptions() => _options.Clone();

    /// <summary>Returns a new, empty stream.</summary>
    /// <returns>The stream; dispose it to give its blocks back.</returns>
    /// <exception cref="ObjectDisposedException">The manager was disposed.</exception>
    public PooledMemoryStream GetStream() => GetStream((string?)null);

    /// <summary>Returns a new, empty stream carrying <paramref name="tag"/>.</summary>
    /// <param name="tag">The stream's <see cref="PooledMemoryStream.Tag"/>, in its events and <c>ToString()</c>.</param>
    /// <returns>The stream; dispose it to give its blocks back.</returns>
    /// <exception cref="ObjectDisposedException">The manager was disposed.</exception>
    public PooledMemoryStream GetStream(string? tag)
    {
        EnsureNotDisposed();
        return new PooledMemoryStream(this, Pool, BlockSize, ClearOnReturn, tag);
    }

    /// <summary>Returns a new, empty stream carrying <paramref name="tag"/>, with room for <paramref name="requiredSize"/> bytes.</summary>
    /// <param name="tag">The stream's tag.</param>
    /// <param name="requiredSize">The capacity to rent at once (as <see cref="PooledMemoryStream.Capacity64"/>); 0 or less rents nothing.</param>
    /// <returns>The stream; dispose it to give its blocks back.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="requiredSize"/> is beyond <see cref="MaximumStreamCapacity"/>.</exception>
    /// <exception cref="ObjectDisposedException">The manager was disposed.</exception>
    public PooledMemoryStream GetStream(string? tag, long requiredSize)
    {
        PooledMemoryStream stream = GetStream(tag);
        if (requiredSize > 0)
        {
            try
            {
                stream.Capacity64 = requiredSize;
            }
            catch
            {
                stream.Dispose();
                throw;
            }
        }

        return stream;
    }

    /// <summary>Returns a new stream holding a copy of <paramref name="buffer"/>, positioned at its start.</summary>
    /// <param name="buffer">The initial contents.</param>
    /// <returns>The stream; dispose it to give its blocks back.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="buffer"/> is <see langword="null"/>.</exception>
    /// <exception cref="ObjectDisposedException">The manager was disposed.</exception>
    public PooledMemoryStream GetStream(byte[] buffer)
    {
        if (buffer is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(buffer));
        }

        return GetStream(null, buffer, 0, buffer.Length);
    }

    /// <summary>Returns a new stream carrying <paramref name="tag"/> and holding a copy of <paramref name="count"/> bytes of <paramref name="buffer"/> from <paramref name="offset"/>, positioned at its start.</summary>
    /// <param name="tag">The stream's tag.</param>
    /// <param name="buffer">The array holding the initial contents.</param>
    /// <param name="offset">Where the contents start in <paramref name="buffer"/>.</param>
    /// <param name="count">The number of bytes.</param>
    /// <returns>The stream; dispose it to give its blocks back.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="buffer"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="count"/> is out of the array.</exception>
    /// <exception cref="ObjectDisposedException">The manager was disposed.</exception>
    public PooledMemoryStream GetStream(string? tag, byte[] buffer, int offset, int count)
    {
        StreamArgumentChecks.ValidateBufferArguments(buffer, offset, count);
        return GetStream(tag, new ReadOnlySpan<byte>(buffer, offset, count));
    }

    /// <summary>Returns a new stream holding a copy of <paramref name="buffer"/>, positioned at its start.</summary>
    /// <param name="buffer">The initial contents.</param>
    /// <returns>The stream; dispose it to give its blocks back.</returns>
    /// <exception cref="ObjectDisposedException">The manager was disposed.</exception>
    public PooledMemoryStream GetStream(ReadOnlySpan<byte> buffer) => GetStream(null, buffer);

    /// <summary>Returns a new stream carrying <paramref name="tag"/> and holding a copy of <paramref name="buffer"/>, positioned at its start.</summary>
    /// <param name="tag">The stream's tag.</param>
    /// <param name="buffer">The initial contents.</param>
    /// <returns>The stream; dispose it to give its blocks back.</returns>
    /// <exception cref="ObjectDisposedException">The manager was disposed.</exception>
    public PooledMemoryStream GetStream(string? tag, ReadOnlySpan<byte> buffer)
    {
        PooledMemoryStream stream = GetStream(tag);
        try
        {
            stream.Write(buffer);
            stream.Position = 0;
        }
        catch
        {
            stream.Dispose();
            throw;
        }

        return stream;
    }

    /// <summary>Releases the pool's idle blocks and stops its timer. Does nothing for <see cref="Shared"/>.</summary>
    public void Dispose()
    {
        if (_isShared || _disposed)
        {
            return;
        }

        _disposed = true;
        Pool.Dispose();
    }

    private void EnsureNotDisposed()
    {
        if (_disposed)
        {
            ThrowHelper.ThrowObjectDisposed(nameof(PooledMemoryStreamManager), "The manager was disposed and its pool released. Keep one manager for the life of the process.");
        }
    }
}
