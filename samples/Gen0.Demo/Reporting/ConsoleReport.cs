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
        foreach (ReportRow row in ReportRow.For(c))
        {
            output.WriteLine($"{row.Name,-30}{row.Baseline,16}{row.Gen0,16}{row.Ratio,16}");
        }

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

    private static void TopTypes(TextWriter output, string mode, ModeResult result)
    {
        string types = result.TopLohTypes.Count == 0
            ? "none"
            : string.Join(", ", result.TopLohTypes.Select(t => $"{t.Type} {Format.Bytes(t.Bytes)}"));
        output.WriteLine($"Top LOH-allocating types ({mode}): {types}");
    }
}
