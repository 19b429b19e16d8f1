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

    [Fact]
    public void Json_DurationsAreMillisecondNumbers_WithTheUnitInTheName()
    {
        GcHealthReport report = ReportWithAlert();
        using JsonDocument doc = JsonDocument.Parse(report.ToJson());
        JsonElement root = doc.RootElement;
        Assert.Equal(JsonValueKind.Number, root.GetProperty("windowDurationMs").ValueKind);
        Assert.Equal(2000, root.GetProperty("windowDurationMs").GetDouble());
        Assert.Equal(203, root.GetProperty("totalPauseMs").GetDouble());
        Assert.Equal(200, root.GetProperty("pauses").GetProperty("maxMs").GetDouble());
        Assert.Equal(JsonValueKind.Number, root.GetProperty("pauses").GetProperty("p50Ms").ValueKind);
        Assert.Equal(JsonValueKind.Number, root.GetProperty("pauses").GetProperty("p99Ms").ValueKind);
        Assert.False(root.TryGetProperty("totalPause", out _));
        Assert.DoesNotContain("\"00:", report.ToJson(), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(0L)]
    [InlineData(1L)]                      // one tick: 0.0001 ms
    [InlineData(123_456_789L)]
    [InlineData(TimeSpan.TicksPerDay * 365)]
    public void Json_Durations_RoundTripToTheTick(long ticks)
    {
        var report = new GcHealthReport { TotalPause = TimeSpan.FromTicks(ticks), Pauses = new GcPauseStatistics { P99 = TimeSpan.FromTicks(ticks) } };
        GcHealthReport back = GcHealthReport.FromJson(report.ToJson());
        Assert.Equal(ticks, back.TotalPause.Ticks);
        Assert.Equal(ticks, back.Pauses.P99.Ticks);
    }

    [Theory]
    [InlineData("{\"totalPauseMs\":\"00:00:01\"}")]
    [InlineData("{\"totalPauseMs\":1e300}")]
    public void Json_BadDurations_AreJsonErrors(string json) =>
        Assert.ThrowsAny<JsonException>(() => GcHealthReport.FromJson(json));

    [Fact]
    public void ToString_OfEveryFigureType_PrintsItsFigures()
    {
        GcHealthReport report = ReportWithAlert();
        Assert.Equal("gen0 1, gen1 0, gen2 1 (blocking 1, background 0, from polling), induced 1", report.Collections.ToString());
        Assert.Contains("LOH 5,242,880 B", report.Heap.ToString(), StringComparison.Ordinal);
        Assert.Equal("max 200.00 ms, p50 3.00 ms, p99 200.00 ms over 2 GCs", report.Pauses.ToString());
        Assert.StartsWith("GC alert ", report.Alerts[0].ToString(), StringComparison.Ordinal);
        Assert.Contains("B in 3 samples", new LargeObjectAllocation { TypeName = "T", SampledBytes = 5, Samples = 3 }.ToString(), StringComparison.Ordinal);
        foreach (object figures in new object[] { report, report.Collections, report.Heap, report.Pauses, report.Alerts[0] })
        {
            Assert.DoesNotContain(figures.GetType().FullName!, figures.ToString(), StringComparison.Ordinal);
        }
    }

    [Fact]
    public void HeapSize_BeforeTheFirstGc_IsTheCurrentHeap_NotZero()
    {
        Assert.Equal(4_096, Gen0.Diagnostics.Internal.RuntimeGcDataSource.HeapSize(lastGcIndex: 0, heapSizeAfterLastGc: 0, () => 4_096));
        Assert.Equal(10, Gen0.Diagnostics.Internal.RuntimeGcDataSource.HeapSize(lastGcIndex: 3, heapSizeAfterLastGc: 10, () => 4_096));
    }
}
