using Gen0.Demo.Running;

namespace Gen0.Demo.Reporting;

/// <summary>One figure of the comparison, as both the console and the HTML report show it.</summary>
internal sealed record ReportRow(string Name, string Baseline, string Gen0, string Ratio)
{
    /// <summary>The rows of the side-by-side table, in the order both reports print them.</summary>
    public static IReadOnlyList<ReportRow> For(Comparison c)
    {
        ModeResult b = c.Baseline;
        ModeResult g = c.Gen0;
        return
        [
            Number("requests/s", b.RequestsPerSecond, g.RequestsPerSecond, "F1"),
            Number("mean latency (ms)", b.MeanLatencyMs, g.MeanLatencyMs, "F2"),
            Number("p99 latency (ms)", b.P99LatencyMs, g.P99LatencyMs, "F2"),
            Number("max latency (ms)", b.MaxLatencyMs, g.MaxLatencyMs, "F2"),
            Bytes("allocated / request", b.AllocatedBytesPerRequest, g.AllocatedBytesPerRequest),
            Number("gen 0 collections", b.Gen0Collections, g.Gen0Collections, "F0"),
            Number("gen 1 collections", b.Gen1Collections, g.Gen1Collections, "F0"),
            Number("gen 2 collections", b.Gen2Collections, g.Gen2Collections, "F0"),
            Number("  blocking gen 2", b.BlockingGen2Collections, g.BlockingGen2Collections, "F0"),
            Number("% time in GC (paused)", b.TimeInGcPercent, g.TimeInGcPercent, "F2"),
            Number("max GC pause (ms)", b.MaxPauseMs, g.MaxPauseMs, "F2"),
            Bytes("LOH allocated (sampled)", b.LohAllocatedBytes, g.LohAllocatedBytes),
            Bytes("peak working set", b.PeakWorkingSetBytes, g.PeakWorkingSetBytes),
        ];
    }

    private static ReportRow Number(string name, double baseline, double gen0, string format) =>
        new(name, Format.Number(baseline, format), Format.Number(gen0, format), Format.Ratio(baseline, gen0));

    private static ReportRow Bytes(string name, double baseline, double gen0) =>
        new(name, Format.Bytes(baseline), Format.Bytes(gen0), Format.Ratio(baseline, gen0));
}
