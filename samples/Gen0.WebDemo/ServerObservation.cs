using System.Globalization;
using Gen0.Diagnostics;

namespace Gen0.WebDemo;

/// <summary>
/// What a server says about itself after its run, through the endpoints a service exposes: its <c>GcMonitor</c>
/// report (<c>/gc</c>), its health (<c>/health</c>) and how many Gen0 and runtime series its OpenTelemetry
/// Prometheus endpoint (<c>/metrics</c>) exports.
/// </summary>
public sealed record ServerObservation(string Endpoint, GcHealthReport Report, string Health, int Gen0Series, int RuntimeSeries)
{
    public static async Task<ServerObservation> ReadAsync(string endpoint, Uri address)
    {
        using var client = new HttpClient { BaseAddress = address, Timeout = TimeSpan.FromSeconds(30) };
        GcHealthReport report = GcHealthReport.FromJson(await client.GetStringAsync(new Uri("/gc", UriKind.Relative)));
        using HttpResponseMessage health = await client.GetAsync(new Uri("/health", UriKind.Relative));
        string metrics = await client.GetStringAsync(new Uri("/metrics", UriKind.Relative));
        string[] series = [.. metrics.Split('\n').Where(l => l.Length > 0 && l[0] != '#')];
        return new ServerObservation(
            endpoint,
            report,
            await health.Content.ReadAsStringAsync(),
            series.Count(l => l.StartsWith("gen0_", StringComparison.Ordinal)),
            series.Count(l => l.StartsWith("dotnet_", StringComparison.Ordinal)));
    }

    public override string ToString() => string.Create(
        CultureInfo.InvariantCulture,
        $"{Endpoint,-6} server: /gc {Report.PausePercentage:F2} % paused over the last {Report.WindowDuration.TotalSeconds:F0} s, " +
        $"gen0/gen1/gen2 {Report.Collections.Gen0}/{Report.Collections.Gen1}/{Report.Collections.Gen2}, " +
        $"alerts: {(Report.Alerts.Count == 0 ? "none" : string.Join(", ", Report.Alerts.Select(a => a.RuleId)))}; " +
        $"/health {Health}; /metrics {Gen0Series} gen0_* and {RuntimeSeries} dotnet_* series");
}
