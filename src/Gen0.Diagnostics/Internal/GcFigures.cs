namespace Gen0.Diagnostics.Internal;

/// <summary>
/// One reading of the runtime's GC figures: cumulative counters since the process started plus the state the
/// runtime kept about the last collections of each kind. A plain mutable struct so that a poll fills it in
/// place without allocating.
/// </summary>
internal struct GcFigures
{
    /// <summary><c>GC.CollectionCount(0)</c>: inclusive, every GC counts here.</summary>
    public long Gen0Count;

    /// <summary><c>GC.CollectionCount(1)</c>: inclusive of gen 2.</summary>
    public long Gen1Count;

    /// <summary><c>GC.CollectionCount(2)</c>.</summary>
    public long Gen2Count;

    /// <summary><c>GC.GetTotalPauseDuration()</c>.</summary>
    public TimeSpan TotalPause;

    /// <summary><c>GC.GetTotalAllocatedBytes(false)</c>.</summary>
    public long TotalAllocatedBytes;

    /// <summary>The process's private bytes; 0 when unknown.</summary>
    public long PrivateBytes;

    /// <summary>Bytes the GC had committed at the last GC.</summary>
    public long CommittedBytes;

    /// <summary>Total heap size at the last GC.</summary>
    public long HeapSizeBytes;

    /// <summary>Total fragmentation at the last GC.</summary>
    public long FragmentedBytes;

    /// <summary>Generation sizes after the last GC: gen0, gen1, gen2, LOH, POH.</summary>
    public long Gen0SizeBytes, Gen1SizeBytes, Gen2SizeBytes, LohSizeBytes, PohSizeBytes;

    /// <summary>Fragmentation per generation after the last GC: gen0, gen1, gen2, LOH, POH.</summary>
    public long Gen0FragmentedBytes, Gen1FragmentedBytes, Gen2FragmentedBytes, LohFragmentedBytes, PohFragmentedBytes;

    /// <summary>Memory load, the memory the GC may use, and its high-load threshold, at the last GC (0 before the first).</summary>
    public long MemoryLoadBytes, TotalAvailableMemoryBytes, HighMemoryLoadThresholdBytes;

    /// <summary>Pinned objects and objects ready for finalization found by the last GC, and the bytes it promoted.</summary>
    public long PinnedObjectsCount, FinalizationPendingCount, PromotedBytes;

    /// <summary>The last GC of any kind.</summary>
    public GcLastCollection LastAny;

    /// <summary>The last ephemeral (gen 0 or gen 1) GC.</summary>
    public GcLastCollection LastEphemeral;

    /// <summary>The last blocking gen 2 GC.</summary>
    public GcLastCollection LastFullBlocking;

    /// <summary>The last background GC.</summary>
    public GcLastCollection LastBackground;

    /// <summary>Induced GCs since the recorder started; <see langword="null"/> when nothing records reasons.</summary>
    public long? InducedCount;

    /// <summary>Exact blocking gen 2 GCs from the recorder; <see langword="null"/> when only polling.</summary>
    public long? BlockingGen2Count;

    /// <summary>Exact background GCs from the recorder; <see langword="null"/> when only polling.</summary>
    public long? BackgroundGen2Count;
}
