namespace Gen0.Diagnostics;

/// <summary>The rule ids a <see cref="GcAlert"/> carries.</summary>
public static class GcAlertRules
{
    /// <summary>The share of wall time paused in GC over the window is above the threshold (default 5 %).</summary>
    public const string PauseTime = "gc-pause-time";

    /// <summary>The window holds induced GCs (someone calls <see cref="GC.Collect()"/>).</summary>
    public const string InducedCollections = "gc-induced";

    /// <summary>Blocking gen 2 collections happened in each of the last N windows.</summary>
    public const string BlockingGen2Growth = "gc-blocking-gen2-growth";

    /// <summary>The large object heap grew in each of the last N windows.</summary>
    public const string LohGrowth = "gc-loh-growth";

    /// <summary>Private bytes are far above the baseline (k times the median of recent peaks).</summary>
    public const string PrivateBytes = "process-private-bytes";

    /// <summary>The memory load at the last GC is at or above the GC's high-load threshold (or <see cref="GcMonitorOptions.MemoryLoadThresholdPercent"/>).</summary>
    public const string MemoryLoad = "gc-memory-load";

    /// <summary>The objects waiting for finalization grew in each of the last N windows: the finalizer thread falls behind.</summary>
    public const string FinalizationQueueGrowth = "gc-finalization-queue-growth";
}
