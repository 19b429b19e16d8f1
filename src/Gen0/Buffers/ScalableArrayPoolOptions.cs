using System.Diagnostics;
using Gen0.Memory;

namespace Gen0.Buffers;

/// <summary>
/// Configures a <see cref="ScalableArrayPool{T}"/>. Every setter validates its value and throws
/// <see cref="ArgumentOutOfRangeException"/> for one the pool cannot honour; the pool copies the options when it is
/// created, so changing them afterwards does not affect it.
/// </summary>
[DebuggerDisplay("MaxArrayLength = {MaxArrayLength}, MaxRetainedBytes = {MaxRetainedBytes}, SizeClasses = {SizeClasses}")]
public sealed partial class ScalableArrayPoolOptions
{
    /// <summary>The default <see cref="MaxArrayLength"/>: 2^30 elements, as <see cref="System.Buffers.ArrayPool{T}.Shared"/>.</summary>
    public const int DefaultMaxArrayLength = 1024 * 1024 * 1024;

    /// <summary>The default <see cref="MaxArraysPerShard"/>.</summary>
    public const int DefaultMaxArraysPerShard = 32;

    /// <summary>
    /// The most the default <see cref="MaxRetainedBytes"/> can be: 1 GiB. The default itself is an eighth of the memory
    /// the GC may use (<see cref="MaxRetainedBytesLimitDivisor"/>), at most this.
    /// </summary>
    public const long DefaultMaxRetainedBytes = 1L << 30;

    /// <summary>
    /// The default <see cref="MaxRetainedBytes"/> is the memory the GC may use
    /// (<see cref="GCMemoryInfo.TotalAvailableMemoryBytes"/>: the container's limit, <c>GCHeapHardLimit</c> or the
    /// machine's memory) divided by this (8), at most <see cref="DefaultMaxRetainedBytes"/>.
    /// </summary>
    public const int MaxRetainedBytesLimitDivisor = 8;

    /// <summary>The most shards a pool may have.</summary>
    public const int MaxShardCount = 1024;

    private int _maxArrayLength = DefaultMaxArrayLength;
    private int _maxArraysPerShard = DefaultMaxArraysPerShard;
    private int _shardCount = Math.Min(Environment.ProcessorCount, 64);
    private SizeClasses _sizeClasses = SizeClasses.PowerOfTwo;
    private long _maxRetainedBytes = -1;
    private long _derivedBudgetCap = DefaultMaxRetainedBytes;
    private int _derivedBudgetDivisor = MaxRetainedBytesLimitDivisor;
    private TimeSpan _trimAfter = TimeSpan.FromSeconds(60);
    private ClearMode _clearOnReturn = ClearMode.Auto;

    /// <summary>
    /// Gets options for pools of big arrays (up to <see cref="Array.MaxLength"/>): <see cref="SizeClasses.Fine"/>
    /// classes so a rent wastes at most 25 %, no thread-local tier (so each thread does not keep its own huge arrays),
    /// 4 arrays per class and shard, a budget of an eighth of the memory the GC may use up to 2 GiB, and a 10 second
    /// idle trim. Every call returns a new instance.
    /// </summary>
    public static ScalableArrayPoolOptions ForLargeArrays => new()
    {
        MaxArrayLength = Array.MaxLength,
        MaxArraysPerShard = 4,
        ThreadLocalCache = false,
        SizeClasses = SizeClasses.Fine,
        _derivedBudgetCap = 2L << 30,
        TrimAfter = TimeSpan.FromSeconds(10),
    };

    /// <summary>
    /// Gets or sets the name the pool's events and metrics carry (tag <c>pool.name</c>). <see langword="null"/> (the
    /// default) reports the pool as <c>unnamed</c>.
    /// </summary>
    public string? Name { get; set; }

    /// <summary>
    /// Gets or sets the longest array the pool keeps, 1 to <see cref="Array.MaxLength"/> (default 2^30). Longer rents
    /// are allocated with their exact length and dropped when returned.
    /// </summary>
    public int MaxArrayLength
    {
        get => _maxArrayLength;
        set
        {
            if (value < 1 || value > Array.MaxLength)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(MaxArrayLength), $"MaxArrayLength must be between 1 and Array.MaxLength ({Array.MaxLength}); it was {value}.");
            }

            _maxArrayLength = value;
        }
    }

    /// <summary>
    /// Gets or sets how many arrays of one size class each shard keeps, 0 to 1,048,576 (default 32, as
    /// <see cref="System.Buffers.ArrayPool{T}.Shared"/> keeps per core). 0 keeps arrays
    /// in the thread-local tier only.
    /// </summary>
    public int MaxArraysPerShard
    {
        get => _maxArraysPerShard;
        set
        {
            if (value < 0 || value > 1 << 20)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(MaxArraysPerShard), $"MaxArraysPerShard must be between 0 and 1048576; it was {value}.");
            }

            _maxArraysPerShard = value;
        }
    }

    /// <summary>
    /// Gets or sets the number of shards, 1 to <see cref="MaxShardCount"/> (default: the processor count, at most 64).
    /// A thread uses the shard of the core it runs on, so threads on different cores do not contend.
    /// </summary>
    public int ShardCount
    {
        get => _shardCount;
        set
        {
            if (value < 1 || value > MaxShardCount)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(ShardCount), $"ShardCount must be between 1 and {MaxShardCount}; it was {value}.");
            }

            _shardCount = value;
        }
    }

    /// <summary>
    /// Gets or sets whether each thread keeps a few arrays of each size class for itself (default
    /// <see langword="true"/>): a rent and return on the same thread then takes no lock and no interlocked operation.
    /// Turn it off for huge arrays, which would otherwise be kept once per thread.
    /// </summary>
    public bool ThreadLocalCache { get; set; } = true;

    /// <summary>
    /// Gets or sets whether the arrays the pool allocates are pinned, on the Pinned Object Heap (default
    /// <see langword="false"/>), as Kestrel's own memory blocks are: native I/O can then hold them without a pinning
    /// handle, and the GC never has to work around a pinned array in the generations it compacts. Pinned arrays are
    /// collected only with gen 2, so keep them to buffers that live in the pool anyway. Only for element types without
    /// references (the pool's constructor throws <see cref="ArgumentException"/> otherwise); netstandard2.0 allocates
    /// ordinary arrays.
    /// </summary>
    /// <remarks>
    /// The Pinned Object Heap is never compacted and only a gen 2 collection sweeps it, so pinned arrays an idle trim
    /// releases would keep its memory committed in a process that has gone quiet. Once idle trims have released 16 MiB
    /// of them (a quarter of <see cref="MaxRetainedBytes"/> if that is less, at least 1 MiB) since the last gen 2
    /// collection, the pool asks for a non-blocking one (<c>GC.Collect(2, GCCollectionMode.Forced, blocking: false)</c>:
    /// a background collection where concurrent GC is on), so the heap shrinks after a burst.
    /// </remarks>
    public bool PinnedArrays { get; set; }

    /// <summary>Gets or sets the array lengths the pool keeps (default <see cref="Buffers.SizeClasses.PowerOfTwo"/>).</summary>
    public SizeClasses SizeClasses
    {
        get => _sizeClasses;
        set
        {
            if (value is not SizeClasses.PowerOfTwo and not SizeClasses.Fine)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(SizeClasses), $"SizeClasses must be PowerOfTwo or Fine; it was {value}.");
            }

            _sizeClasses = value;
        }
    }

    /// <summary>
    /// Gets or sets the budget, in bytes, that the arrays the pool keeps never exceed, thread-local tier included. 0
    /// keeps nothing. A returned array that does not fit is dropped.
    /// </summary>
    /// <remarks>
    /// Unless set, the budget follows the memory limit the process runs under: an eighth
    /// (<see cref="MaxRetainedBytesLimitDivisor"/>; another share with <see cref="SetMaxRetainedBytesFromMemoryLimit"/>) of <see cref="GCMemoryInfo.TotalAvailableMemoryBytes"/>, which
    /// honours a container's limit, <c>GCHeapHardLimit</c> and <c>GCHeapHardLimitPercent</c>, at most
    /// <see cref="DefaultMaxRetainedBytes"/> (1 GiB). The getter then returns that figure as of now, and a pool created
    /// with such options reads the limit again after every gen 2 collection, so a limit changed at run time
    /// (<c>GC.RefreshMemoryLimit()</c>) resizes it; a pool whose new budget is below what it holds releases everything
    /// it holds. A budget that is set stays as set.
    /// </remarks>
    public long MaxRetainedBytes
    {
        get => _maxRetainedBytes >= 0 ? _maxRetainedBytes : DerivedMaxRetainedBytes(MemoryPressure.TotalAvailableBytes);
        set
        {
            if (value < 0)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(MaxRetainedBytes), $"MaxRetainedBytes must not be negative; it was {value}.");
            }

            _maxRetainedBytes = value;
        }
    }

    /// <summary>
    /// Gets or sets how long an array may sit unused in the pool before a timer releases it (default 60 seconds;
    /// <see cref="Timeout.InfiniteTimeSpan"/> never releases on time). No gen 2 collection is needed. Under memory
    /// pressure (committed memory near the limit the process runs under) the pool releases sooner, whatever this says:
    /// what an earlier look saw unused, or everything not rented (docs/container.md).
    /// </summary>
    /// <remarks>
    /// An array counts as unused when nothing took it: a thread's slot whose array stayed put, and in a shard every
    /// array below the fewest the shard held over the period (its low-water mark). So after a burst, traffic that keeps
    /// going at a trickle keeps what it rents and the burst's surplus is released between one and one and a quarter
    /// periods later (the timer looks four times a period), rather than being kept for as long as any array moves.
    /// </remarks>
    public TimeSpan TrimAfter
    {
        get => _trimAfter;
        set
        {
            if (value != Timeout.InfiniteTimeSpan && (value <= TimeSpan.Zero || value.TotalMilliseconds > int.MaxValue / 2))
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(TrimAfter), $"TrimAfter must be positive and at most {int.MaxValue / 2} ms, or Timeout.InfiniteTimeSpan; it was {value}.");
            }

            _trimAfter = value;
        }
    }

    /// <summary>
    /// Gets or sets whether returned arrays are cleared before the pool keeps them (default
    /// <see cref="ClearMode.Auto"/>: when the element type holds references). <c>Return(array, clearArray: true)</c>
    /// always clears.
    /// </summary>
    public ClearMode ClearOnReturn
    {
        get => _clearOnReturn;
        set
        {
            if (value is not ClearMode.Auto and not ClearMode.Always and not ClearMode.Never)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(ClearOnReturn), $"ClearOnReturn must be Auto, Always or Never; it was {value}.");
            }

            _clearOnReturn = value;
        }
    }

    /// <summary>
    /// Makes <see cref="MaxRetainedBytes"/> follow the memory limit the process runs under, as it does by default, with
    /// another share or cap: the memory the GC may use (<see cref="GCMemoryInfo.TotalAvailableMemoryBytes"/>) divided by
    /// <paramref name="divisor"/>, at most <paramref name="maxBytes"/>; read again after every gen 2 collection by the
    /// pool created with these options. Undoes an earlier set of <see cref="MaxRetainedBytes"/>.
    /// </summary>
    /// <param name="divisor">The share of the limit, as its denominator: 8 (the default) is an eighth. 1 or more.</param>
    /// <param name="maxBytes">The most the budget can be, however much memory there is (default 1 GiB). 0 or more.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="divisor"/> is less than 1, or <paramref name="maxBytes"/> is negative.</exception>
    public void SetMaxRetainedBytesFromMemoryLimit(int divisor, long maxBytes)
    {
        if (divisor < 1)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(divisor), $"The divisor of the memory limit must be 1 or more; it was {divisor}.");
        }

        if (maxBytes < 0)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(maxBytes), $"The most bytes the budget can be must not be negative; it was {maxBytes}.");
        }

        _derivedBudgetDivisor = divisor;
        _derivedBudgetCap = maxBytes;
        _maxRetainedBytes = -1;
    }

    /// <summary>Gets whether <see cref="MaxRetainedBytes"/> follows the memory limit (it was never set).</summary>
    internal bool MaxRetainedBytesFollowsLimit => _maxRetainedBytes < 0;

    /// <summary>The budget when it follows the memory limit, for a limit of <paramref name="totalAvailableBytes"/>.</summary>
    internal long DerivedMaxRetainedBytes(long totalAvailableBytes) =>
        MemoryPressure.DerivedBudget(totalAvailableBytes, _derivedBudgetDivisor, _derivedBudgetCap);

    internal ScalableArrayPoolOptions Clone() => (ScalableArrayPoolOptions)MemberwiseClone();
}
