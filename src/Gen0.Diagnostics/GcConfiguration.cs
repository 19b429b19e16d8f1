using System.Globalization;
using System.Runtime;

namespace Gen0.Diagnostics;

/// <summary>
/// How the process's garbage collector is configured: server or workstation, concurrent (background) GC, DATAS (dynamic
/// adaptation), heap count, hard limit and the high-memory-load threshold, as the runtime reports them
/// (<see cref="GCSettings"/> and <see cref="GC.GetConfigurationVariables"/>). The figures a GC review asks first.
/// </summary>
public sealed class GcConfiguration
{
    /// <summary>Whether the process runs server GC (one heap per core, or per DATAS' choice).</summary>
    public bool IsServer { get; init; }

    /// <summary>Whether background (concurrent) gen 2 collections are enabled.</summary>
    public bool IsConcurrent { get; init; }

    /// <summary>The latency mode when the report was taken.</summary>
    public GCLatencyMode LatencyMode { get; init; }

    /// <summary>The number of GC heaps the runtime reports (1 for workstation GC).</summary>
    public int HeapCount { get; init; }

    /// <summary>Whether DATAS (dynamic adaptation to application sizes, server GC only) is on.</summary>
    public bool DynamicAdaptation { get; init; }

    /// <summary>The GC heap hard limit in bytes (set by configuration or by a container's memory limit); 0 when none.</summary>
    public long HeapHardLimitBytes { get; init; }

    /// <summary>The GC's high-memory-load threshold, in percent of the memory it may use (<c>GCHighMemPercent</c>; 90 by default).</summary>
    public int HighMemoryLoadPercent { get; init; }

    /// <summary><c>GCConserveMemory</c> (0 to 9; 0 is off).</summary>
    public int ConserveMemory { get; init; }

    /// <summary>The size from which objects go to the large object heap (85,000 bytes unless configured).</summary>
    public long LargeObjectHeapThresholdBytes { get; init; }

    /// <summary>One line: <c>server, concurrent, 4 heaps, DATAS, Interactive, LOH from 85,000 B, high memory load 90 %</c>.</summary>
    public override string ToString() => string.Create(
        CultureInfo.InvariantCulture,
        $"{(IsServer ? "server" : "workstation")}, {(IsConcurrent ? "concurrent" : "non-concurrent")}, {HeapCount} heap{(HeapCount == 1 ? "" : "s")}{(DynamicAdaptation ? ", DATAS" : "")}, {LatencyMode}, LOH from {LargeObjectHeapThresholdBytes:N0} B, high memory load {HighMemoryLoadPercent} %{(HeapHardLimitBytes > 0 ? $", hard limit {HeapHardLimitBytes:N0} B" : "")}{(ConserveMemory > 0 ? $", conserve memory {ConserveMemory}" : "")}");
}
