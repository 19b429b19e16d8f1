namespace Gen0.Tool.Analysis;

/// <summary>The target's GC configuration, as the runtime reported it in the trace (null where it did not).</summary>
internal sealed class RuntimeGcSettings
{
    /// <summary><c>server</c> or <c>workstation</c>.</summary>
    public string? GcMode { get; init; }

    public bool? Concurrent { get; init; }

    public int? HeapCount { get; init; }

    /// <summary>The GC heap hard limit (set by configuration or by a container's memory limit); null when none.</summary>
    public long? HeapHardLimitBytes { get; init; }

    /// <summary>The GC's high-memory-load threshold in percent, when configured.</summary>
    public int? HighMemoryPercent { get; init; }

    /// <summary>The largest memory load (percent of the memory the GC may use) seen at a GC.</summary>
    public int? MaxMemoryLoadPercent { get; init; }
}
