namespace Gen0.Tool.Analysis;

/// <summary>The session's GC figures, PerfView GCStats style.</summary>
internal sealed class GcOverview
{
    public long Gen0Collections { get; init; }

    public long Gen1Collections { get; init; }

    public long Gen2Collections { get; init; }

    public long BlockingGen2Collections { get; init; }

    public long BackgroundGen2Collections { get; init; }

    public long InducedCollections { get; init; }

    public double TotalPauseMs { get; init; }

    /// <summary>The share of the session's wall time the GC paused the process, in percent.</summary>
    public double PausePercent { get; init; }

    public double MaxPauseMs { get; init; }

    public double P50PauseMs { get; init; }

    public double P99PauseMs { get; init; }

    /// <summary>Bytes allocated in the session, estimated from the runtime's sampled allocation events (one per ~100 KB).</summary>
    public long AllocatedBytes { get; init; }

    /// <summary>Of those, on the large object heap.</summary>
    public long LohAllocatedBytes { get; init; }

    /// <summary>Of those, on the pinned object heap.</summary>
    public long PohAllocatedBytes { get; init; }

    /// <summary>LOH size after the last GC of the session; null when no GC reported heap sizes.</summary>
    public long? LohSizeBytes { get; init; }

    /// <summary>POH size after the last GC of the session.</summary>
    public long? PohSizeBytes { get; init; }

    /// <summary>The LOH after the last GC minus after the first GC of the session.</summary>
    public long? LohGrowthBytes { get; init; }

    /// <summary>Objects promoted by the last GC (survivors, bytes).</summary>
    public long? PromotedBytes { get; init; }
}
