namespace Gen0.Tool.Monitoring;

/// <summary>The GC figures of one monitor interval (collections are counted when they complete).</summary>
internal sealed class MonitorInterval
{
    /// <summary>Seconds from the start of the session to the end of the interval.</summary>
    public double AtSeconds { get; init; }

    public double Seconds { get; init; }

    public long Gen0 { get; init; }

    public long Gen1 { get; init; }

    public long Gen2 { get; init; }

    public long BackgroundGen2 { get; init; }

    public long Induced { get; init; }

    public double PauseMs { get; init; }

    /// <summary>The share of the interval the process was paused for GC, in percent.</summary>
    public double PausePercent { get; init; }

    public double MaxPauseMs { get; init; }

    public double P50PauseMs { get; init; }

    public double P99PauseMs { get; init; }

    /// <summary>Heap sizes after the last GC seen so far (null before the first).</summary>
    public long? LohBytes { get; init; }

    public long? PohBytes { get; init; }

    public long? HeapBytes { get; init; }

    /// <summary>LOH change since the previous interval.</summary>
    public long? LohGrowthBytes { get; init; }

    public long? PohGrowthBytes { get; init; }

    /// <summary>Memory load at the last GC, in percent of the memory the GC may use.</summary>
    public int? MemoryLoadPercent { get; init; }

    public long? PinnedObjects { get; init; }
}
