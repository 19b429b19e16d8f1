using System.Text.Json;
using Gen0.Diagnostics.Tests.Infrastructure;

namespace Gen0.Diagnostics.Tests;

public class GcHealthReportTests
{
    private static GcHealthReport ReportWithAlert()
    {
        var source = new FakeGcDataSource();
        source.Figures.InducedCount = 0;
        var clock = new FakeTimeProvider();
        using var monitor = new GcMonitor(new GcMonitorOptions { PollingInterval = TimeSpan.Zero }, source, clock);
        clock.Advance(TimeSpan.FromSeconds(2));
        source.Collect(0, TimeSpan.FromMilliseconds(3));
        source.Collect(2, TimeSpan.FromMilliseconds(200), induced: true);
        source.Figures.LohSizeBytes = 5 << 20;
        source.Figures.PrivateBytes = 300 << 20;
        return monitor.Snapshot();
    }

    [Fact]
    public void Json_RoundTrips()
    {
        GcHealthReport report = ReportWithAlert();
        string json = report.ToJson();
        GcHealthReport back = GcHealthReport.FromJson(json);

        Assert.Equal(json, back.ToJson());
        Assert.Equal(report.CapturedAt, back.CapturedAt);
        Assert.Equal(report.WindowDuration, back.WindowDuration);
        Assert.Equal(report.PausePercentage, back.PausePercentage);
        Assert.Equal(1, back.Collections.Induced);
        Assert.Equal(report.Alerts.Count, back.Alerts.Count);
        Assert.Equal(report.Alerts[0].RuleId, back.Alerts[0].RuleId);
        Assert.Equal(report.Alerts[0].NextStep, back.Alerts[0].NextStep);
        Assert.False(back.IsHealthy);
    }

    [Fact]
    public void Json_IsCamelCase()
    {
        using JsonDocument doc = JsonDocument.Parse(ReportWithAlert().ToJson(indented: true));
        JsonElement root = doc.RootElement;
        Assert.True(root.GetProperty("pausePercentage").GetDouble() > 5);
        Assert.Equal(1, root.GetProperty("collections").GetProperty("induced").GetInt64());
        Assert.Equal(5 << 20, root.GetProperty("heap").GetProperty("largeObjectHeapBytes").GetInt64());
        Assert.Equal(GcAlertRules.PauseTime, root.GetProperty("alerts")[0].GetProperty("ruleId").GetString());
        Assert.False(root.GetProperty("isHealthy").GetBoolean());
    }

    [Fact]
    public void Json_BadInput()
    {
        Assert.Throws<ArgumentNullException>(() => GcHealthReport.FromJson(null!));
        Assert.Throws<JsonException>(() => GcHealthReport.FromJson("null"));
        Assert.ThrowsAny<JsonException>(() => GcHealthReport.FromJson("{"));
    }

    [Fact]
    public void ToString_IsAReadableTable()
    {
        string text = ReportWithAlert().ToString();
        Assert.Contains("Collections (gen0/gen1/gen2)", text, StringComparison.Ordinal);
        Assert.Contains("1 / 0 / 1", text, StringComparison.Ordinal);
        Assert.Contains("% time paused in GC", text, StringComparison.Ordinal);
        Assert.Contains("LOH / POH", text, StringComparison.Ordinal);
        Assert.Contains("5.0 / 0.0 MB", text, StringComparison.Ordinal);
        Assert.Contains("GC alert gc-pause-time", text, StringComparison.Ordinal);
        Assert.Contains("GC alert gc-induced", text, StringComparison.Ordinal);
    }

    [Fact]
    public void Unknown_InducedPrintsUnknown()
    {
        var report = new GcHealthReport();
        Assert.Contains("unknown", report.ToString(), StringComparison.Ordinal);
        Assert.True(report.IsHealthy);
    }
}
