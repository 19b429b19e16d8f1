using System.Globalization;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Gen0.Diagnostics.Internal;

namespace Gen0.Diagnostics;

/// <summary>
/// What the GC did over <see cref="GcMonitor"/>'s sliding window: collections per generation, blocking and
/// background gen 2s, induced GCs, the share of wall time paused, pause percentiles, heap and LOH sizes, allocation
/// rate, private and committed bytes, and the alerts that are active. The in-process counterpart of a PerfView
/// GCStats summary.
/// </summary>
/// <remarks>
/// A plain data object: it serializes to JSON with System.Text.Json (camelCase, enums as strings) through
/// <see cref="JsonTypeInfo"/> or <see cref="ToJson"/>, and reads back with <see cref="FromJson"/>, trimming and AOT safe.
/// Durations are JSON numbers of milliseconds with the unit in the name (<c>totalPauseMs</c>, <c>pauses.p99Ms</c>).
/// <see cref="ToString"/> prints a table for people.
/// </remarks>
public sealed class GcHealthReport
{
    /// <summary>When the report was taken.</summary>
    public DateTimeOffset CapturedAt { get; init; }

    /// <summary>The wall time the report covers (from the oldest to the newest sample in the window); JSON <c>windowDurationMs</c>.</summary>
    [JsonPropertyName("windowDurationMs")]
    [JsonConverter(typeof(MillisecondsJsonConverter))]
    public TimeSpan WindowDuration { get; init; }

    /// <summary>How many samples the window holds.</summary>
    public int SampleCount { get; init; }

    /// <summary>Collections in the window.</summary>
    public GcCollectionCounts Collections { get; init; } = new();

    /// <summary>Time paused in GC in the window (the difference of <see cref="GC.GetTotalPauseDuration"/>); JSON <c>totalPauseMs</c>.</summary>
    [JsonPropertyName("totalPauseMs")]
    [JsonConverter(typeof(MillisecondsJsonConverter))]
    public TimeSpan TotalPause { get; init; }

    /// <summary>
    /// <see cref="TotalPause"/> as a percentage of <see cref="WindowDuration"/>: the "% time in GC" of this window, not
    /// of the whole process lifetime and not of the last GC only.
    /// </summary>
    public double PausePercentage { get; init; }

    /// <summary>The pause distribution of the collections seen in the window.</summary>
    public GcPauseStatistics Pauses { get; init; } = new();

    /// <summary>Heap sizes after the last GC.</summary>
    public GcHeapSizes Heap { get; init; } = new();

    /// <summary>How much the large object heap grew over the window (negative when it shrank).</summary>
    public long LargeObjectHeapGrowthBytes { get; init; }

    /// <summary>Bytes allocated in the window.</summary>
    public long AllocatedBytes { get; init; }

    /// <summary>Allocation rate over the window, bytes per second.</summary>
    public double AllocationRateBytesPerSecond { get; init; }

    /// <summary>The process's private bytes at the last sample; 0 when not read.</summary>
    public long PrivateBytes { get; init; }

    /// <summary>The private-bytes baseline the rule compares with; <see langword="null"/> until enough windows have closed.</summary>
    public long? PrivateBytesBaseline { get; init; }

    /// <summary>Bytes the GC had committed at the last GC.</summary>
    public long CommittedBytes { get; init; }

    /// <summary>The memory load at the last GC against the memory the GC may use and its high-load threshold.</summary>
    public GcMemoryLoad Memory { get; init; } = new();

    /// <summary>The GC's configuration: mode, concurrency, heap count, DATAS, limits.</summary>
    public GcConfiguration Configuration { get; init; } = new();

    /// <summary>Pinned objects the last GC found.</summary>
    public long PinnedObjectCount { get; init; }

    /// <summary>Objects ready for finalization found by the last GC (they and what they reference survive until the finalizer ran).</summary>
    public long FinalizationPendingCount { get; init; }

    /// <summary>Bytes the last GC promoted (its survivors).</summary>
    public long PromotedBytes { get; init; }

    /// <summary>The types with the most LOH allocation, when the monitor tracks events; otherwise <see langword="null"/>.</summary>
    public IReadOnlyList<LargeObjectAllocation>? LargeObjectAllocations { get; init; }

    /// <summary>The alerts active when the report was taken.</summary>
    public IReadOnlyList<GcAlert> Alerts { get; init; } = [];

    /// <summary>Whether no alert is active.</summary>
    public bool IsHealthy => Alerts.Count == 0;

    /// <summary>System.Text.Json metadata for this type (camelCase, enums as strings), for serializers that take a <see cref="JsonTypeInfo{T}"/>.</summary>
    public static JsonTypeInfo<GcHealthReport> JsonTypeInfo => GcHealthJsonContext.Default.GcHealthReport;

    /// <summary>Serializes the report to JSON.</summary>
    /// <param name="indented">Whether to indent the output.</param>
    public string ToJson(bool indented = false) =>
        JsonSerializer.Serialize(this, indented ? GcHealthJsonContext.Indented.GcHealthReport : GcHealthJsonContext.Default.GcHealthReport);

    /// <summary>Reads a report written by <see cref="ToJson"/>.</summary>
    /// <param name="json">The JSON text.</param>
    /// <exception cref="ArgumentNullException"><paramref name="json"/> is <see langword="null"/>.</exception>
    /// <exception cref="JsonException">The text is not a report.</exception>
    public static GcHealthReport FromJson(string json)
    {
        ArgumentNullException.ThrowIfNull(json);
        return JsonSerializer.Deserialize(json, GcHealthJsonContext.Default.GcHealthReport)
            ?? throw new JsonException("The JSON text is 'null', not a GC health report.");
    }

    /// <summary>A compact table a person can read, followed by the active alerts.</summary>
    public override string ToString()
    {
        CultureInfo c = CultureInfo.InvariantCulture;
        var sb = new StringBuilder(1024);
        sb.Append(c, $"GC health at {CapturedAt:u} over {WindowDuration.TotalSeconds:F1} s ({SampleCount} samples): {(IsHealthy ? "healthy" : $"{Alerts.Count} alert(s)")}").AppendLine();
        Row(sb, "Collections (gen0/gen1/gen2)", string.Create(c, $"{Collections.Gen0} / {Collections.Gen1} / {Collections.Gen2}"));
        Row(sb, "Gen2 blocking / background", string.Create(c, $"{Collections.BlockingGen2} / {Collections.BackgroundGen2}{(Collections.Gen2SplitIsExact ? "" : " (from polling)")}"));
        Row(sb, "Induced", Collections.Induced is long induced ? induced.ToString(c) : "unknown (no recorder)");
        Row(sb, "% time paused in GC", string.Create(c, $"{PausePercentage:F2} % ({TotalPause.TotalMilliseconds:F1} ms)"));
        Row(sb, "Pause max / P50 / P99", string.Create(c, $"{Pauses.Max.TotalMilliseconds:F2} / {Pauses.P50.TotalMilliseconds:F2} / {Pauses.P99.TotalMilliseconds:F2} ms ({Pauses.ObservedCollections} GCs seen)"));
        Row(sb, "Heap gen0/gen1/gen2", string.Create(c, $"{Mb(Heap.Gen0Bytes)} / {Mb(Heap.Gen1Bytes)} / {Mb(Heap.Gen2Bytes)} MB"));
        Row(sb, "LOH / POH", string.Create(c, $"{Mb(Heap.LargeObjectHeapBytes)} / {Mb(Heap.PinnedObjectHeapBytes)} MB (LOH {(LargeObjectHeapGrowthBytes >= 0 ? "+" : "")}{Mb(LargeObjectHeapGrowthBytes)} MB in window)"));
        Row(sb, "Heap total / fragmented", string.Create(c, $"{Mb(Heap.TotalBytes)} MB / {Mb(Heap.FragmentedBytes)} MB ({Heap.FragmentationPercentage:F1} %)"));
        Row(sb, "Allocation rate", string.Create(c, $"{Mb((long)AllocationRateBytesPerSecond)} MB/s ({Mb(AllocatedBytes)} MB in window)"));
        Row(sb, "Memory load", Memory.AvailableBytes > 0 ? string.Create(c, $"{Mb(Memory.LoadBytes)} of {Mb(Memory.AvailableBytes)} MB ({Memory.LoadPercentage:F1} %, high at {Mb(Memory.HighLoadThresholdBytes)} MB)") : "unknown (no GC yet)");
        Row(sb, "GC configuration", Configuration.ToString());
        Row(sb, "Pinned / finalization pending", string.Create(c, $"{PinnedObjectCount} / {FinalizationPendingCount} objects (promoted {Mb(PromotedBytes)} MB by the last GC)"));
        Row(sb, "Private / committed", string.Create(c, $"{Mb(PrivateBytes)} MB / {Mb(CommittedBytes)} MB{(PrivateBytesBaseline is long b ? $" (baseline {Mb(b)} MB)" : "")}"));
        if (LargeObjectAllocations is { Count: > 0 } loh)
        {
            foreach (LargeObjectAllocation allocation in loh)
            {
                Row(sb, "LOH by type", allocation.ToString());
            }
        }

        foreach (GcAlert alert in Alerts)
        {
            sb.AppendLine(alert.ToString());
        }

        return sb.ToString();
    }

    private static void Row(StringBuilder sb, string name, string value) => sb.Append("  ").Append(name.PadRight(30)).Append(value).AppendLine();

    private static string Mb(long bytes) => (bytes / (1024.0 * 1024.0)).ToString("F1", CultureInfo.InvariantCulture);
}
