using System.Diagnostics.Metrics;
using System.Runtime;
using Gen0.Diagnostics.Tests.Infrastructure;

namespace Gen0.Diagnostics.Tests;

/// <summary>
/// The GC signals System.Runtime's meter lacks: memory load against the limit and the GC's high threshold, GC
/// configuration, the pause histogram, finalization-pending and pinned counts, promoted bytes; and the rules on them.
/// </summary>
public class GcSignalsTests
{
    private const long Mb = 1024 * 1024;

    private static readonly GcConfiguration s_server = new()
    {
        IsServer = true, IsConcurrent = true, HeapCount = 4, DynamicAdaptation = true, HighMemoryLoadPercent = 90,
        LargeObjectHeapThresholdBytes = 85_000, LatencyMode = GCLatencyMode.Interactive,
    };

    private readonly FakeGcDataSource _source = new();
    private readonly FakeTimeProvider _clock = new();

    private GcMonitor Create(Action<GcMonitorOptions>? configure = null)
    {
        var options = new GcMonitorOptions { PollingInterval = TimeSpan.Zero, Window = TimeSpan.FromSeconds(10) };
        configure?.Invoke(options);
        return new GcMonitor(options, _source, _clock, s_server);
    }

    /// <summary>One GC that saw <paramref name="loadMb"/> of 1,000 MB in use (high threshold 900 MB).</summary>
    private void GcAtLoad(long loadMb, long pendingFinalization = 0)
    {
        _source.Collect(0, TimeSpan.FromMilliseconds(1));
        _source.Figures.MemoryLoadBytes = loadMb * Mb;
        _source.Figures.TotalAvailableMemoryBytes = 1_000 * Mb;
        _source.Figures.HighMemoryLoadThresholdBytes = 900 * Mb;
        _source.Figures.FinalizationPendingCount = pendingFinalization;
        _source.Figures.PinnedObjectsCount = 7;
        _source.Figures.PromotedBytes = 3 * Mb;
    }

    [Fact]
    public void Report_CarriesMemoryLoadConfigurationAndLastGcCounts()
    {
        using GcMonitor monitor = Create();
        GcAtLoad(450, pendingFinalization: 12);
        _clock.Advance(TimeSpan.FromSeconds(1));
        GcHealthReport report = monitor.Snapshot();

        Assert.Equal(450 * Mb, report.Memory.LoadBytes);
        Assert.Equal(1_000 * Mb, report.Memory.AvailableBytes);
        Assert.Equal(900 * Mb, report.Memory.HighLoadThresholdBytes);
        Assert.Equal(45.0, report.Memory.LoadPercentage, 9);
        Assert.False(report.Memory.IsHigh);
        Assert.Equal(12, report.FinalizationPendingCount);
        Assert.Equal(7, report.PinnedObjectCount);
        Assert.Equal(3 * Mb, report.PromotedBytes);
        Assert.Same(s_server, report.Configuration);

        string text = report.ToString();
        Assert.Contains("Memory load", text, StringComparison.Ordinal);
        Assert.Contains("server, concurrent, 4 heaps, DATAS", text, StringComparison.Ordinal);
        Assert.Contains("7 / 12 objects", text, StringComparison.Ordinal);

        GcHealthReport back = GcHealthReport.FromJson(report.ToJson());
        Assert.Equal(450 * Mb, back.Memory.LoadBytes);
        Assert.Equal(4, back.Configuration.HeapCount);
        Assert.True(back.Configuration.DynamicAdaptation);
        Assert.Equal(12, back.FinalizationPendingCount);
        Assert.Contains("\"latencyMode\":\"Interactive\"", report.ToJson(), StringComparison.Ordinal);
    }

    [Fact]
    public void MemoryLoad_BeforeTheFirstGc_IsUnknown_NotZeroPercent()
    {
        using GcMonitor monitor = Create();
        GcHealthReport report = monitor.Snapshot();
        Assert.Equal(0, report.Memory.LoadPercentage);
        Assert.False(report.Memory.IsHigh);
        Assert.Contains("unknown (no GC yet)", report.ToString(), StringComparison.Ordinal);
        Assert.Empty(report.Alerts);
    }

    [Theory]
    [InlineData(899, null, false)]
    [InlineData(900, null, true)]  // the GC's own high threshold (90 % here)
    [InlineData(1_000, null, true)]
    [InlineData(799, 80.0, false)]
    [InlineData(800, 80.0, true)]  // a threshold of our own
    [InlineData(999, 100.0, false)]
    [InlineData(1_000, 100.0, true)]
    public void MemoryLoadRule_FiresAtTheThreshold(long loadMb, double? thresholdPercent, bool fires)
    {
        using GcMonitor monitor = Create(o => o.MemoryLoadThresholdPercent = thresholdPercent);
        GcAtLoad(loadMb);
        _clock.Advance(TimeSpan.FromSeconds(1));
        GcHealthReport report = monitor.Snapshot();
        Assert.Equal(fires, report.Alerts.Any(a => a.RuleId == GcAlertRules.MemoryLoad));
        if (fires)
        {
            GcAlert alert = Assert.Single(report.Alerts, a => a.RuleId == GcAlertRules.MemoryLoad);
            Assert.Equal(loadMb * Mb, alert.Observed);
            Assert.Equal("bytes", alert.Unit);
            Assert.Contains("% of the 1000 MB", alert.Explanation, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void MemoryLoadRule_ClearsWhenTheLoadDrops()
    {
        using GcMonitor monitor = Create();
        var cleared = new List<GcAlert>();
        monitor.AlertCleared += (_, a) => cleared.Add(a);
        GcAtLoad(950);
        monitor.Poll();
        Assert.Contains(monitor.ActiveAlerts, a => a.RuleId == GcAlertRules.MemoryLoad);
        GcAtLoad(500);
        monitor.Poll();
        Assert.DoesNotContain(monitor.ActiveAlerts, a => a.RuleId == GcAlertRules.MemoryLoad);
        Assert.Single(cleared, a => a.RuleId == GcAlertRules.MemoryLoad);
    }

    [Fact]
    public void FinalizationQueueRule_NeedsGrowthInEachWindow_AndEnoughOfIt()
    {
        using GcMonitor monitor = Create(o => { o.GrowthWindows = 3; o.FinalizationQueueGrowthThreshold = 1_000; });
        long[] pendingAtWindowEnd = [100, 600, 400, 900, 1_300, 1_800];
        var fired = new List<int>();
        for (int w = 0; w < pendingAtWindowEnd.Length; w++)
        {
            GcAtLoad(100, pendingAtWindowEnd[w]);
            _clock.Advance(TimeSpan.FromSeconds(10));
            monitor.Poll();
            if (monitor.ActiveAlerts.Any(a => a.RuleId == GcAlertRules.FinalizationQueueGrowth))
            {
                fired.Add(w);
            }
        }

        // Windows end at 100, 600, 400 (drop), 900, 1,300, 1,800: three rises in a row (1,400 in all) only at the last.
        Assert.Equal([5], fired);
        GcAlert alert = Assert.Single(monitor.ActiveAlerts, a => a.RuleId == GcAlertRules.FinalizationQueueGrowth);
        Assert.Equal(1_400, alert.Observed);
        Assert.Equal("objects", alert.Unit);
    }

    [Fact]
    public void FinalizationQueueRule_IgnoresSmallGrowth()
    {
        using GcMonitor monitor = Create(o => { o.GrowthWindows = 2; o.FinalizationQueueGrowthThreshold = 1_000; });
        for (int w = 1; w <= 5; w++)
        {
            GcAtLoad(100, w * 10); // grows every window, by 10
            _clock.Advance(TimeSpan.FromSeconds(10));
            monitor.Poll();
        }

        Assert.DoesNotContain(monitor.ActiveAlerts, a => a.RuleId == GcAlertRules.FinalizationQueueGrowth);
    }

    [Theory]
    [InlineData(0.0)]
    [InlineData(-1.0)]
    [InlineData(100.5)]
    [InlineData(double.NaN)]
    public void MemoryLoadThreshold_OutOfRange_Throws(double percent) =>
        Assert.Throws<ArgumentOutOfRangeException>(() => Create(o => o.MemoryLoadThresholdPercent = percent));

    [Fact]
    public void FinalizationThreshold_Negative_Throws() =>
        Assert.Throws<ArgumentOutOfRangeException>(() => Create(o => o.FinalizationQueueGrowthThreshold = -1));

    [Fact]
    public void Meter_PublishesTheNewSignals_AfterTheFirstGcOnly()
    {
        using GcMonitor monitor = Create();
        Dictionary<string, (double Value, string? Unit, KeyValuePair<string, object?>[] Tags)> before = Observe(monitor);
        Assert.DoesNotContain(GcMonitor.MemoryLoadInstrument, before.Keys);
        Assert.DoesNotContain(GcMonitor.FinalizationPendingInstrument, before.Keys);
        Assert.Contains(GcMonitor.HeapCountInstrument, before.Keys); // configuration is known from the start

        GcAtLoad(450, pendingFinalization: 12);
        monitor.Poll();
        Dictionary<string, (double Value, string? Unit, KeyValuePair<string, object?>[] Tags)> o = Observe(monitor);
        Assert.Equal((450.0 * Mb, "By"), (o[GcMonitor.MemoryLoadInstrument].Value, o[GcMonitor.MemoryLoadInstrument].Unit));
        Assert.Equal(1_000.0 * Mb, o[GcMonitor.MemoryLimitInstrument].Value);
        Assert.Equal(900.0 * Mb, o[GcMonitor.HighLoadThresholdInstrument].Value);
        Assert.Equal((12.0, "{object}"), (o[GcMonitor.FinalizationPendingInstrument].Value, o[GcMonitor.FinalizationPendingInstrument].Unit));
        Assert.Equal(7.0, o[GcMonitor.PinnedObjectsInstrument].Value);
        Assert.Equal((3.0 * Mb, "By"), (o[GcMonitor.PromotedInstrument].Value, o[GcMonitor.PromotedInstrument].Unit));
        (double heaps, string? unit, KeyValuePair<string, object?>[] tags) = o[GcMonitor.HeapCountInstrument];
        Assert.Equal((4.0, "{heap}"), (heaps, unit));
        Assert.Contains(new KeyValuePair<string, object?>("gen0.gc.mode", "server"), tags);
        Assert.Contains(new KeyValuePair<string, object?>("gen0.gc.concurrent", true), tags);
        Assert.Contains(new KeyValuePair<string, object?>("gen0.gc.dynamic_adaptation", true), tags);
    }

    [Fact]
    public void PauseHistogram_RecordsEachPauseSeen_WithExplicitBuckets()
    {
        using GcMonitor monitor = Create();
        var recorded = new List<double>();
        Histogram<double>? histogram = null;
        using var listener = new MeterListener();
        listener.InstrumentPublished = (instrument, l) =>
        {
            if (ReferenceEquals(instrument.Meter, monitor.Meter) && instrument.Name == GcMonitor.PausesInstrument)
            {
                histogram = (Histogram<double>)instrument;
                l.EnableMeasurementEvents(instrument);
            }
        };
        listener.SetMeasurementEventCallback<double>((_, v, _, _) => recorded.Add(v));
        listener.Start();

        _source.Collect(0, TimeSpan.FromMilliseconds(2));
        _clock.Advance(TimeSpan.FromSeconds(1));
        monitor.Poll();
        _source.Collect(2, TimeSpan.FromMilliseconds(40));
        _clock.Advance(TimeSpan.FromSeconds(1));
        monitor.Poll();
        monitor.Poll(); // no new GC: nothing recorded twice

        Assert.Equal([0.002, 0.040], recorded);
        Assert.NotNull(histogram);
        Assert.Equal("s", histogram!.Unit);
        IReadOnlyList<double>? buckets = histogram.Advice?.HistogramBucketBoundaries;
        Assert.NotNull(buckets);
        Assert.Equal(buckets!.Order(), buckets);
        Assert.Equal(0.0005, buckets![0]);
        Assert.Equal(5, buckets[^1]);
    }

    private static Dictionary<string, (double Value, string? Unit, KeyValuePair<string, object?>[] Tags)> Observe(GcMonitor monitor)
    {
        var observations = new Dictionary<string, (double, string?, KeyValuePair<string, object?>[])>();
        using var listener = new MeterListener();
        listener.InstrumentPublished = (instrument, l) =>
        {
            if (ReferenceEquals(instrument.Meter, monitor.Meter))
            {
                l.EnableMeasurementEvents(instrument);
            }
        };
        listener.SetMeasurementEventCallback<long>((i, v, tags, _) => observations[i.Name] = (v, i.Unit, tags.ToArray()));
        listener.SetMeasurementEventCallback<int>((i, v, tags, _) => observations[i.Name] = (v, i.Unit, tags.ToArray()));
        listener.Start();
        listener.RecordObservableInstruments();
        return observations;
    }
}
