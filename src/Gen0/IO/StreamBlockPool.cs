using Gen0.Buffers;

namespace Gen0.IO;

/// <summary>
/// The default supply of <see cref="PooledMemoryStream"/> blocks: a pool sized for streams, separate from the
/// library's general-purpose default pool.
/// </summary>
/// <remarks>
/// <para>
/// The design problem: a stream of tens of megabytes holds hundreds of 64 KiB blocks at once and gives them all back on
/// dispose. A general-purpose pool keeps a few arrays per size and core (the shared array pool keeps up to 8 per thread
/// and 32 per shard), so it drops almost all of them and the next big stream allocates them again: 15.5 MB allocated and
/// gen 2 collections per 16 MB stream. RecyclableMemoryStream's default manager keeps every block forever instead.
/// </para>
/// <para>
/// This pool keeps up to <see cref="MaxRetainedBytes"/> (128 MiB, or a sixteenth of the memory limit if that is less: 2,048 blocks, enough for a 100 MB stream, or
/// several smaller ones, to be built over and over without allocating) and no more. It has one shard, not one per
/// core: a block stands for 64 KiB of copying, so even with 64 cores streaming at full memory bandwidth its lock sees
/// a few hundred thousand operations a second, far below what one lock sustains; per-core shards would spread one
/// stream's blocks over several cores' stacks for no gain (a rent searches every shard, so it would find them, at the
/// cost of more locks). Small streams stay off the lock entirely through the per-thread tier. Blocks idle for 60 seconds are
/// released by the pool's timer, so a burst does not pin 128 MiB for the life of the process. Only arrays up to
/// <see cref="PooledMemoryStream.DefaultBlockSize"/> are pooled: <see cref="PooledMemoryStream.GetBuffer"/>'s
/// contiguous copy and oversized <see cref="PooledMemoryStream.GetSpan(int)"/> temporaries are allocated and dropped,
/// so the pool never retains a large object. Callers who want another policy pass their own pool to the stream.
/// </para>
/// </remarks>
internal static class StreamBlockPool
{
    /// <summary>The most bytes of idle blocks the default supply keeps: 128 MiB, less under a memory limit (a sixteenth of it).</summary>
    public const long MaxRetainedBytes = PooledMemoryStreamOptions.DefaultMaxRetainedBytes;

    /// <summary>The name of the default supply, and of a manager's pool when its options name none.</summary>
    public const string DefaultName = "Gen0.IO.StreamBlocks";

    /// <summary>Gets the pool; created on first use.</summary>
    public static ScalableArrayPool<byte> Instance { get; } = Create(new PooledMemoryStreamOptions());

    /// <summary>
    /// Creates a block pool for validated <paramref name="options"/>: one shard, blocks of exactly the block size (the
    /// class that holds the maximum length is cut to it), as many blocks as the budget holds.
    /// </summary>
    public static ScalableArrayPool<byte> Create(PooledMemoryStreamOptions options)
    {
        // A budget that follows the memory limit can grow up to its cap after a limit is raised: room for that many blocks.
        bool followsLimit = options.MaxRetainedBytesFollowsLimit;
        long mostBytes = followsLimit ? PooledMemoryStreamOptions.DefaultMaxRetainedBytes : options.MaxRetainedBytes;
        var poolOptions = new ScalableArrayPoolOptions
        {
            Name = options.Name ?? DefaultName,
            MaxArrayLength = options.BlockSize,
            MaxArraysPerShard = (int)Math.Min(mostBytes / options.BlockSize, 1 << 20),
            ShardCount = 1,
            TrimAfter = options.TrimAfter,
        };
        if (followsLimit)
        {
            poolOptions.SetMaxRetainedBytesFromMemoryLimit(PooledMemoryStreamOptions.MaxRetainedBytesLimitDivisor, PooledMemoryStreamOptions.DefaultMaxRetainedBytes);
        }
        else
        {
            poolOptions.MaxRetainedBytes = options.MaxRetainedBytes;
        }

        return new ScalableArrayPool<byte>(poolOptions);
    }
}
