using System.Diagnostics;
using Gen0.Buffers;
using Gen0.Memory;

namespace Gen0.IO;

/// <summary>
/// Configures a <see cref="PooledMemoryStreamManager"/> and so every stream it hands out: the size of a block, how much
/// the block pool keeps, how long a stream may grow, and the diagnostics RecyclableMemoryStream users rely on.
/// </summary>
/// <remarks>
/// A plain options class (settable properties, no validation in the setters) so that it can be bound from
/// configuration; <see cref="Validate"/> checks every value, and the manager calls it and copies the options when it
/// is created, so changing them afterwards does not affect it. docs/migrating.md maps each
/// <c>RecyclableMemoryStreamManager.Options</c> member to these.
/// </remarks>
[DebuggerDisplay("BlockSize = {BlockSize}, MaxRetainedBytes = {MaxRetainedBytes}, MaximumStreamCapacity = {MaximumStreamCapacity}")]
public sealed class PooledMemoryStreamOptions
{
    /// <summary>
    /// The most the default <see cref="MaxRetainedBytes"/> can be: 128 MiB of idle blocks. The default itself is a
    /// sixteenth of the memory the GC may use (<see cref="MaxRetainedBytesLimitDivisor"/>), at most this.
    /// </summary>
    public const long DefaultMaxRetainedBytes = 128L << 20;

    /// <summary>
    /// The default <see cref="MaxRetainedBytes"/> is the memory the GC may use
    /// (<see cref="GCMemoryInfo.TotalAvailableMemoryBytes"/>: the container's limit, <c>GCHeapHardLimit</c> or the
    /// machine's memory) divided by this (16), at most <see cref="DefaultMaxRetainedBytes"/>.
    /// </summary>
    public const int MaxRetainedBytesLimitDivisor = 16;

    private long _maxRetainedBytes = -1;
    private bool _maxRetainedBytesSet;

    /// <summary>The largest <see cref="BlockSize"/>: the longest byte array that stays below the LOH threshold.</summary>
    public static int MaxBlockSize => LargeObjectHeap.Threshold - LargeObjectHeap.ArrayOverhead - 1;

    /// <summary>
    /// Gets or sets the name of the block pool, carried by its <c>Gen0-Buffers</c> events and <c>Gen0.Buffers</c>
    /// metrics (default <see langword="null"/>: <c>Gen0.IO.StreamBlocks</c>).
    /// </summary>
    public string? Name { get; set; }

    /// <summary>
    /// Gets or sets the size of a block, 1 to <see cref="MaxBlockSize"/> bytes (default
    /// <see cref="PooledMemoryStream.DefaultBlockSize"/>, 64 KiB). Every block stays below the LOH threshold, which is
    /// why the range stops there (RecyclableMemoryStream's 128 KiB default block is itself a large object).
    /// </summary>
    public int BlockSize { get; set; } = PooledMemoryStream.DefaultBlockSize;

    /// <summary>
    /// Gets or sets the most bytes of idle blocks the pool keeps, 0 to <see cref="long.MaxValue"/> (default
    /// <see cref="DefaultMaxRetainedBytes"/>). Blocks returned beyond it are left to the GC. RecyclableMemoryStream's
    /// <c>MaximumSmallPoolFreeBytes</c>, except that 0 keeps nothing rather than everything.
    /// </summary>
    /// <remarks>
    /// Unless set, it follows the memory limit the process runs under (a container's, <c>GCHeapHardLimit</c>): a
    /// sixteenth of <see cref="GCMemoryInfo.TotalAvailableMemoryBytes"/>, at most <see cref="DefaultMaxRetainedBytes"/>
    /// (so 128 MiB from 2 GiB up, 32 MiB under a 512 MB limit); the getter returns that figure as of now, and the
    /// manager's pool reads the limit again after every gen 2 collection. Under memory pressure the pool releases idle
    /// blocks whatever the budget (<see cref="ScalableArrayPoolStatistics.PressureTrimmedBytes"/>).
    /// </remarks>
    public long MaxRetainedBytes
    {
        get => _maxRetainedBytesSet ? _maxRetainedBytes : MemoryPressure.DerivedBudget(MemoryPressure.TotalAvailableBytes, MaxRetainedBytesLimitDivisor, DefaultMaxRetainedBytes);
        set
        {
            _maxRetainedBytes = value;
            _maxRetainedBytesSet = true;
        }
    }

    /// <summary>
    /// Gets or sets how long a block may sit unused in the pool before a timer releases it (default 60 seconds;
    /// <see cref="Timeout.InfiniteTimeSpan"/> keeps blocks until the budget or a <see cref="ScalableArrayPool{T}.Trim"/>
    /// releases them). Positive and at most 2^30 ms, as <see cref="ScalableArrayPoolOptions.TrimAfter"/>.
    /// </summary>
    public TimeSpan TrimAfter { get; set; } = TimeSpan.FromSeconds(60);

    /// <summary>
    /// Gets or sets the longest a stream may grow: its length, position and capacity, 1 to
    /// <see cref="PooledMemoryStream.MaxLength"/> bytes (default <see cref="PooledMemoryStream.MaxLength"/>, 1 TiB).
    /// Beyond it a write throws <see cref="IOException"/> and <c>SetLength</c>, <c>Position</c>, <c>Seek</c> and
    /// <c>Capacity</c> throw <see cref="ArgumentOutOfRangeException"/>, as <see cref="MemoryStream"/> does at
    /// <see cref="int.MaxValue"/>, before anything is rented; the <c>StreamOverCapacity</c> event says which stream.
    /// RecyclableMemoryStream's <c>MaximumStreamCapacity</c>, except that there is no "0 = unlimited".
    /// </summary>
    public long MaximumStreamCapacity { get; set; } = PooledMemoryStream.MaxLength;

    /// <summary>
    /// Gets or sets whether the streams clear the blocks they give back (default <see cref="ClearMode.Auto"/>, which
    /// for bytes does not clear). <see cref="ClearMode.Always"/> is RecyclableMemoryStream's <c>ZeroOutBuffer</c>.
    /// </summary>
    public ClearMode ClearMode { get; set; } = ClearMode.Auto;

    /// <summary>
    /// Gets or sets whether <see cref="PooledMemoryStream.ToArray"/> throws <see cref="NotSupportedException"/> (default
    /// <see langword="false"/>), to find the hidden copies (large ones land on the LOH) in a service that should write
    /// its streams out with <c>WriteTo</c>, <c>CopyTo</c> or <c>GetReadOnlySequence</c> instead.
    /// </summary>
    public bool ThrowExceptionOnToArray { get; set; }

    /// <summary>
    /// Gets or sets whether each stream records the stack that created it, and the stack of its first dispose, for the
    /// leak and double-dispose events (default <see langword="false"/>: a stack capture costs tens of microseconds).
    /// Turns on <see cref="DetectLeaks"/>. RecyclableMemoryStream's <c>GenerateCallStacks</c>.
    /// </summary>
    public bool CaptureCreationStack { get; set; }

    /// <summary>
    /// Gets or sets whether a stream that is collected without being disposed is reported (event
    /// <c>StreamFinalized</c>, meter counter <c>gen0.io.streams.leaked</c>). Default <see langword="false"/>; a stream
    /// is also watched when a listener has <c>Gen0-IO</c> on at <see cref="System.Diagnostics.Tracing.EventLevel.Error"/>
    /// or above when the stream is created. A watched stream allocates a small finalizable companion object; the
    /// stream itself has no finalizer, so unwatched streams cost nothing.
    /// </summary>
    public bool DetectLeaks { get; set; }

    /// <summary>
    /// Checks every value and throws for the first one out of its range, naming the property and the range.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">A value is out of its range.</exception>
    public void Validate()
    {
        if (BlockSize < 1 || BlockSize > MaxBlockSize)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(BlockSize), $"BlockSize must be between 1 and {MaxBlockSize} bytes (below the LOH threshold); it was {BlockSize}.");
        }

        if (MaxRetainedBytes < 0)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(MaxRetainedBytes), $"MaxRetainedBytes must be between 0 and {long.MaxValue}; it was {MaxRetainedBytes}.");
        }

        if (TrimAfter != Timeout.InfiniteTimeSpan && (TrimAfter <= TimeSpan.Zero || TrimAfter.TotalMilliseconds > int.MaxValue / 2))
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(TrimAfter), $"TrimAfter must be positive and at most {int.MaxValue / 2} ms, or Timeout.InfiniteTimeSpan; it was {TrimAfter}.");
        }

        if (MaximumStreamCapacity < 1 || MaximumStreamCapacity > PooledMemoryStream.MaxLength)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(MaximumStreamCapacity), $"MaximumStreamCapacity must be between 1 and {PooledMemoryStream.MaxLength} bytes; it was {MaximumStreamCapacity}.");
        }

        if (ClearMode is not ClearMode.Auto and not ClearMode.Always and not ClearMode.Never)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(ClearMode), $"ClearMode must be Auto, Always or Never; it was {ClearMode}.");
        }
    }

    /// <summary>Gets whether <see cref="MaxRetainedBytes"/> follows the memory limit (it was never set).</summary>
    internal bool MaxRetainedBytesFollowsLimit => !_maxRetainedBytesSet;

    internal PooledMemoryStreamOptions Clone() => (PooledMemoryStreamOptions)MemberwiseClone();
}
