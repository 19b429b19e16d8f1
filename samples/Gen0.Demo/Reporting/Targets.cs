using System.Globalization;
using Gen0.Demo.Running;

namespace Gen0.Demo.Reporting;

/// <summary>The issue's targets for the default run, each checked against a comparison.</summary>
internal static class Targets
{
    public static IReadOnlyList<(string Name, bool Met, string Observed)> Check(Comparison c)
    {
        ModeResult b = c.Baseline;
        ModeResult g = c.Gen0;
        return
        [
            ("gen 2 collections at least 10x fewer", b.Gen2Collections >= 10 * g.Gen2Collections && b.Gen2Collections > 0, $"{b.Gen2Collections} vs {g.Gen2Collections}"),
            ("LOH bytes allocated at least 100x fewer", b.LohAllocatedBytes >= 100 * g.LohAllocatedBytes && b.LohAllocatedBytes > 0, $"{Format.Bytes(b.LohAllocatedBytes)} vs {Format.Bytes(g.LohAllocatedBytes)}"),
            ("P99 latency lower", g.P99LatencyMs < b.P99LatencyMs, $"{b.P99LatencyMs.ToString("F1", CultureInfo.InvariantCulture)} ms vs {g.P99LatencyMs.ToString("F1", CultureInfo.InvariantCulture)} ms"),
            ("requests/s at least the baseline's", g.RequestsPerSecond >= b.RequestsPerSecond, $"{b.RequestsPerSecond.ToString("F1", CultureInfo.InvariantCulture)} vs {g.RequestsPerSecond.ToString("F1", CultureInfo.InvariantCulture)}"),
            ("outputs identical", c.OutputsIdentical, $"{c.ComparedRequests} requests compared"),
        ];
    }
}
