using System.Buffers;
using System.Diagnostics;
using Gen0.Buffers;
using Microsoft.AspNetCore.Connections;

namespace Gen0.AspNetCore;

/// <summary>
/// The <see cref="IMemoryPoolFactory{T}"/> that <c>services.AddGen0MemoryPoolFactory()</c> registers: every memory
/// pool Kestrel (and IIS, HTTP.sys) creates for its connections is a <see cref="ScalableMemoryPool{T}"/> over one
/// <see cref="ScalableArrayPool{T}"/> of bytes that this factory owns.
/// </summary>
/// <remarks>
/// <para>
/// ASP.NET Core 10 resolves <see cref="IMemoryPoolFactory{T}"/> of <see cref="byte"/> from the container and calls
/// <see cref="Create"/> once per transport I/O queue (the socket transport's <c>IOQueueCount</c>, the processor count
/// up to 16) and once for the server's own buffers; it disposes those pools when it stops. Its default factory hands
/// out <c>PinnedBlockMemoryPool</c>s: 4 KiB pinned blocks, one lock-free queue per pool, no byte budget, and an
/// eviction on the server's heartbeat that releases a few percent of the idle blocks every 10 seconds.
/// </para>
/// <para>
/// The pools from here share the array pool's thread-local tier and per-core shards (a block returned on another
/// I/O queue's thread is found again), its byte budget (<see cref="ScalableArrayPoolOptions.MaxRetainedBytes"/>,
/// by default an eighth of the memory limit the process runs under, at most 128 MiB, and released under memory pressure
/// after gen 2 collections), its idle trim (everything idle for <see cref="ScalableArrayPoolOptions.TrimAfter"/>, 10 s by
/// default, is released at once, without a gen 2 collection), its statistics, <c>Gen0-Buffers</c> events and
/// <c>Gen0.Buffers</c> metrics (pool name <see cref="DefaultPoolName"/>). <see cref="MemoryPool{T}.MaxBufferSize"/> is
/// the array pool's <see cref="ScalableArrayPoolOptions.MaxArrayLength"/> (64 KiB by default) rather than 4 KiB, so a
/// response writer that asks a pipe for more than 4 KiB at a time gets a pooled array instead of a fresh one.
/// </para>
/// <para>
/// The byte budget, not a count, bounds what a shard keeps (<see cref="ScalableArrayPoolOptions.MaxArraysPerShard"/> is
/// set to its maximum, the array pool's default being 32). A transport has up to a pipe's pause threshold (1 MiB) of
/// blocks in flight per busy connection, rented on the I/O threads and given back on the thread pool: with 32 per shard
/// the blocks of 50 busy connections did not fit, and with 1,024 (8 MiB of 4 KiB blocks on two cores) 64 uploading
/// connections did not (issue 42: 57 MB in flight). Every return past the cap was dropped and every rent allocated a new
/// pinned array, whose Pinned Object Heap growth ran 84 to 116 gen 2 collections in a 7-second burst where Kestrel's own
/// pool ran 7 or 8. A burst whose blocks fit the budget now allocates each block once.
/// </para>
/// <para>
/// The arrays are pinned, on the Pinned Object Heap, as Kestrel's own blocks are
/// (<see cref="ScalableArrayPoolOptions.PinnedArrays"/>): an overlapped receive on Windows then needs no pinning handle,
/// and the GC never compacts around a buffer that native code holds. Released blocks are garbage on that heap until a
/// gen 2 collection, which an idle server does not run: after an idle release of 16 MiB or more the array pool asks for a
/// background one (see <see cref="ScalableArrayPoolOptions.PinnedArrays"/>), which turns them into free space the next
/// burst reuses. Whether this factory replaces Kestrel's in
/// <c>AddGen0()</c> is decided by the measurement in docs/benchmarks.md (requests/s, private memory, pooled bytes after
/// idle, samples/Gen0.WebDemo).
/// </para>
/// </remarks>
[DebuggerDisplay("{ArrayPool.Name,nq}: {ArrayPool.GetStatistics().RetainedBytes} bytes retained")]
internal sealed class Gen0MemoryPoolFactory : IMemoryPoolFactory<byte>, IDisposable
{
    /// <summary>The name of the factory's array pool in events and metrics.</summary>
    public const string DefaultPoolName = "Gen0.AspNetCore.Transport";

    // The largest MaxArraysPerShard takes: so many that only the byte budget bounds a shard.
    private const int MaxArraysPerShardLimit = 1 << 20;

    /// <summary>Creates the factory and its array pool with <paramref name="options"/> (copied).</summary>
    public Gen0MemoryPoolFactory(ScalableArrayPoolOptions options) => ArrayPool = new ScalableArrayPool<byte>(options);

    /// <summary>Gets the array pool every memory pool of this factory rents from.</summary>
    public ScalableArrayPool<byte> ArrayPool { get; }

    /// <summary>Returns the options the factory uses unless configured otherwise.</summary>
    public static ScalableArrayPoolOptions CreateDefaultOptions()
    {
        var options = new ScalableArrayPoolOptions
        {
            Name = DefaultPoolName,
            MaxArrayLength = 64 * 1024,
            MaxArraysPerShard = MaxArraysPerShardLimit,
            TrimAfter = TimeSpan.FromSeconds(10),
            PinnedArrays = true,
        };

        // An eighth of the memory limit, at most 128 MiB (from 1 GiB of limit up).
        options.SetMaxRetainedBytesFromMemoryLimit(ScalableArrayPoolOptions.MaxRetainedBytesLimitDivisor, 128L << 20);
        return options;
    }

    /// <summary>Returns a new memory pool over the factory's array pool; disposing it leaves the array pool alone.</summary>
    /// <param name="options">The server's options for the pool; the owner is not used.</param>
    /// <returns>The memory pool.</returns>
    public MemoryPool<byte> Create(MemoryPoolOptions? options = null) => new ScalableMemoryPool<byte>(ArrayPool);

    /// <summary>Releases the array pool's blocks and stops its timer (the container disposes the factory when the host stops).</summary>
    public void Dispose() => ArrayPool.Dispose();
}
