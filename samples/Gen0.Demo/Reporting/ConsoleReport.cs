using Gen0.Demo.Running;

namespace Gen0.Demo.Reporting;

/// <summary>The side-by-side table printed at the end of a run.</summary>
internal static class ConsoleReport
{
    public static void Write(Comparison c, DemoOptions options, TextWriter output)
    {
        ModeResult b = c.Baseline;
        ModeResult g = c.Gen0;
        output.WriteLine();
        output.WriteLine($"Gen0 demo: {b.Threads} request threads x {Format.Number(options.DurationSeconds, "F0")} s per mode, {b.Runtime}, {b.GcMode} GC, {Environment.ProcessorCount} cores, seed {options.Seed}");
        output.WriteLine();
        output.WriteLine($"{"",-30}{"baseline",16}{"gen0",16}{"gen0/baseline",16}");
        Row(output, "requests/s", b.RequestsPerSecond, g.RequestsPerSecond, "F1");
        Row(output, "mean latency (ms)", b.MeanLatencyMs, g.MeanLatencyMs, "F2");
        Row(output, "p99 latency (ms)", b.P99LatencyMs, g.P99LatencyMs, "F2");
        Row(output, "max latency (ms)", b.MaxLatencyMs, g.MaxLatencyMs, "F2");
        BytesRow(output, "allocated / request", b.AllocatedBytesPerRequest, g.AllocatedBytesPerRequest);
        Row(output, "gen 0 collections", b.Gen0Collections, g.Gen0Collections, "F0");
        Row(output, "gen 1 collections", b.Gen1Collections, g.Gen1Collections, "F0");
        Row(output, "gen 2 collections", b.Gen2Collections, g.Gen2Collections, "F0");
        Row(output, "  blocking gen 2", b.BlockingGen2Collections, g.BlockingGen2Collections, "F0");
        Row(output, "% time in GC (paused)", b.TimeInGcPercent, g.TimeInGcPercent, "F2");
        Row(output, "max GC pause (ms)", b.MaxPauseMs, g.MaxPauseMs, "F2");
        BytesRow(output, "LOH allocated (sampled)", b.LohAllocatedBytes, g.LohAllocatedBytes);
        BytesRow(output, "peak working set", b.PeakWorkingSetBytes, g.PeakWorkingSetBytes);
        output.WriteLine();
        TopTypes(output, "baseline", b);
        TopTypes(output, "gen0", g);
        output.WriteLine($"GcMonitor alerts (baseline): {(b.Alerts.Count == 0 ? "none" : string.Join(", ", b.Alerts))}");
        output.WriteLine($"GcMonitor alerts (gen0):     {(g.Alerts.Count == 0 ? "none" : string.Join(", ", g.Alerts))}");
        output.WriteLine();
        output.WriteLine(c.OutputsIdentical
            ? $"Outputs identical: yes ({c.ComparedRequests} requests, JSON and Base64 bytes compared by digest)"
            : $"OUTPUTS DIFFER: request {c.FirstDifference} of {c.ComparedRequests} compared gave different bytes");
        output.WriteLine();
        output.WriteLine("Targets:");
        foreach ((string name, bool met, string observed) in Targets.Check(c))
        {
            output.WriteLine($"  [{(met ? "met" : "MISSED")}] {name} ({observed})");
        }

        output.WriteLine();
        output.WriteLine("Collections are counted as GC.CollectionCount deltas (a gen 2 collection also counts as gen 1 and gen 0).");
        output.WriteLine("LOH bytes come from GcEventRecorder, which sums the runtime's sampled AllocationTick events (about one per 100 KB).");
    }

    private static void Row(TextWriter output, string name, double baseline, double gen0, string format) =>
        output.WriteLine($"{name,-30}{Format.Number(baseline, format),16}{Format.Number(gen0, format),16}{Format.Ratio(baseline, gen0),16}");

    private static void BytesRow(TextWriter output, string name, double baseline, double gen0) =>
        output.WriteLine($"{name,-30}{Format.Bytes(baseline),16}{Format.Bytes(gen0),16}{Format.Ratio(baseline, gen0),16}");

    private static void TopTypes(TextWriter output, string mode, ModeResult result)
    {
        string types = result.TopLohTypes.Count == 0
            ? "none"
            : string.Join(", ", result.TopLohTypes.Select(t => $"{t.Type} {Format.Bytes(t.Bytes)}"));
        output.WriteLine($"Top LOH-allocating types ({mode}): {types}");
    }
}
