namespace Gen0.Tool.Monitoring;

/// <summary>What <c>monitor</c> saw: each interval and the whole session (serialized as is for <c>--json</c>).</summary>
internal sealed class MonitorReport
{
    public string Tool { get; init; } = ToolInfo.Name;

    public string ToolVersion { get; init; } = ToolInfo.Version;

    public int ProcessId { get; init; }

    public string? ProcessName { get; init; }

    public double DurationSeconds { get; init; }

    /// <summary>Why it stopped: <c>duration</c>, <c>processExited</c> or <c>cancelled</c>.</summary>
    public required string Ended { get; init; }

    /// <summary>The memory the GC may use, and where that figure comes from (cgroup limit or physical memory).</summary>
    public long? MemoryLimitBytes { get; init; }

    public string? MemoryLimitSource { get; init; }

    public int? HeapCount { get; init; }

    public required MonitorInterval Total { get; init; }

    public IReadOnlyList<MonitorInterval> Intervals { get; init; } = [];
}
