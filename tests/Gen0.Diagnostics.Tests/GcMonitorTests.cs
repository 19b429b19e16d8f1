using Gen0.Diagnostics.Tests.Infrastructure;

namespace Gen0.Diagnostics.Tests;

/// <summary>The monitor's arithmetic and rules against a scripted source and a fake clock.</summary>
public class GcMonitorTests
{
    private static readonly TimeSpan s_second = TimeSpan.FromSeconds(1);

    private readonly FakeGcDataSource _source = new();
    private readonly FakeTimeProvider _clock = new();

    private GcMonitor Create(Action<GcMonitorOptions>? configure = null)
    {
        var options = new GcMonitorOptions { PollingInterval = TimeSpan.Zero, Window = TimeSpan.FromSeconds(10) };
        configure?.Invoke(options);
        return new GcMonitor(options, _source, _clock);
    }

    [Fact]
    public void PausePercentage_IsPauseDeltaOverWallDelta()
    {
        _source.Figures.TotalPause = TimeSpan.FromSeconds(100); // lifetime pause before the monitor: not in the window
        using GcMonitor monitor = Create();

        _clock.Advance(s_second);
        _source.Collect(0, TimeSpan.FromMilliseconds(30));
        monitor.Poll();
        _clock.Advance(s_second);
        _source.Collect(1, TimeSpan.FromMilliseconds(70));
        GcHealthReport report = monitor.Snapshot();

        Assert.Equal(TimeSpan.FromSeconds(2), report.WindowDuration);
        Assert.Equal(TimeSpan.FromMilliseconds(100), report.TotalPause);
        Assert.Equal(5.0, report.PausePercentage, 9);
        Assert.Empty(report.Alerts); // 5 % is the threshold, not above it
    }

    [Fact]
    public void PausePercentage_CoversOnlyTheSlidingWindow()
    {
        using GcMonitor monitor = Create();
        for (int i = 0; i < 10; i++)
        {
            _clock.Advance(s_second);
            _source.Collect(0, TimeSpan.FromMilliseconds(500)); // 50 % in the first ten seconds
            monitor.Poll();
        }

        for (int i = 0; i < 20; i++)
        {
            _clock.Advance(s_second);
            _source.Collect(0, TimeSpan.FromMilliseconds(10)); // 1 % afterwards
            monitor.Poll();
        }

        GcHealthReport report = monitor.Snapshot();
        Assert.Equal(TimeSpan.FromSeconds(10), report.WindowDuration);
        Assert.Equal(1.0, report.PausePercentage, 9);
        Assert.Equal(10, report.Collections.Gen0);
    }

    [Fact]
    public void PauseTimeRule_RaisesAndClears()
    {
        using GcMonitor monitor = Create();
        var raised = new List<GcAlert>();
        var cleared = new List<GcAlert>();
        monitor.AlertRaised += (_, a) => raised.Add(a);
        monitor.AlertCleared += (_, a) => cleared.Add(a);

        _clock.Advance(s_second);
        _source.Collect(2, TimeSpan.FromMilliseconds(80));
        monitor.Poll();

        GcAlert alert = Assert.Single(raised);
        Assert.Equal(GcAlertRules.PauseTime, alert.RuleId);
        Assert.Equal(8.0, alert.Observed, 9);
        Assert.Equal(5.0, alert.Threshold);
        Assert.Contains("gc-pause-time", alert.ToString(), StringComparison.Ordinal);
        Assert.Contains("Next:", alert.ToString(), StringComparison.Ordinal);
        Assert.Single(monitor.ActiveAlerts);

        _clock.Advance(s_second); // still firing (180 ms of 2 s): raised once, not at every poll
        _source.Collect(0, TimeSpan.FromMilliseconds(100));
        monitor.Poll();
        Assert.Single(raised);
        Assert.Empty(cleared);
        GcAlert updated = Assert.Single(monitor.ActiveAlerts);
        Assert.Equal(9.0, updated.Observed, 9);
        Assert.Equal(alert.RaisedAt, updated.RaisedAt);

        _clock.Advance(TimeSpan.FromSeconds(20)); // the pause left the window
        monitor.Poll();
        _clock.Advance(s_second);
        monitor.Poll();
        Assert.Equal(GcAlertRules.PauseTime, Assert.Single(cleared).RuleId);
        Assert.Empty(monitor.ActiveAlerts);
    }

    [Fact]
    public void PauseTimeRule_IgnoresWindowsShorterThanTheMinimum()
    {
        using GcMonitor monitor = Create();
        _clock.Advance(TimeSpan.FromMilliseconds(10));
        _source.Collect(0, TimeSpan.FromMilliseconds(5)); // 50 % of 10 ms
        GcHealthReport report = monitor.Snapshot();
        Assert.Equal(50.0, report.PausePercentage, 9);
        Assert.Empty(report.Alerts);
    }

    [Fact]
    public void Collections_AreExclusivePerGeneration()
    {
        _source.Figures.Gen0Count = _source.Figures.Gen1Count = _source.Figures.Gen2Count = 1_000; // history before the window
        using GcMonitor monitor = Create();
        monitor.Poll();
        for (int i = 0; i < 6; i++)
        {
            _source.Collect(0, TimeSpan.Zero);
        }

        for (int i = 0; i < 3; i++)
        {
            _source.Collect(1, TimeSpan.Zero);
        }

        _source.Collect(2, TimeSpan.Zero);
        _clock.Advance(s_second);
        GcCollectionCounts counts = monitor.Snapshot().Collections;
        Assert.Equal(6, counts.Gen0);
        Assert.Equal(3, counts.Gen1);
        Assert.Equal(1, counts.Gen2);
        Assert.Equal(10, counts.Total);
    }

    [Fact]
    public void Gen2Split_InferredFromLastCollectionRecords()
    {
        using GcMonitor monitor = Create();
        _clock.Advance(s_second);
        _source.Collect(2, TimeSpan.FromMilliseconds(1));
        _source.Collect(2, TimeSpan.FromMilliseconds(1));
        monitor.Poll(); // two blocking gen 2s between polls
        _clock.Advance(s_second);
        _source.Collect(2, TimeSpan.FromMilliseconds(1), background: true);
        GcCollectionCounts counts = monitor.Snapshot().Collections;

        Assert.Equal(3, counts.Gen2);
        Assert.Equal(2, counts.BlockingGen2);
        Assert.Equal(1, counts.BackgroundGen2);
        Assert.False(counts.Gen2SplitIsExact);
        Assert.Null(counts.Induced);
    }

    [Fact]
    public void Gen2Split_ExactWhenTheSourceCountsEvents()
    {
        _source.Figures.BlockingGen2Count = 0;
        _source.Figures.BackgroundGen2Count = 0;
        using GcMonitor monitor = Create();
        _source.Figures.BlockingGen2Count = 4;
        _source.Figures.BackgroundGen2Count = 2;
        _source.Figures.Gen0Count = _source.Figures.Gen1Count = _source.Figures.Gen2Count = 6;
        _clock.Advance(s_second);
        GcCollectionCounts counts = monitor.Snapshot().Collections;
        Assert.True(counts.Gen2SplitIsExact);
        Assert.Equal(4, counts.BlockingGen2);
        Assert.Equal(2, counts.BackgroundGen2);
    }

    [Fact]
    public void PauseStatistics_FromTheCollectionsSeen()
    {
        using GcMonitor monitor = Create(o => o.Window = TimeSpan.FromMinutes(10));
        for (int ms = 1; ms <= 100; ms++)
        {
            _clock.Advance(TimeSpan.FromMilliseconds(100));
            _source.Collect(ms % 2, TimeSpan.FromMilliseconds(ms));
            monitor.Poll();
        }

        GcPauseStatistics pauses = monitor.Snapshot().Pauses;
        Assert.Equal(100, pauses.ObservedCollections);
        Assert.Equal(TimeSpan.FromMilliseconds(100), pauses.Max);
        Assert.Equal(TimeSpan.FromMilliseconds(50), pauses.P50);
        Assert.Equal(TimeSpan.FromMilliseconds(99), pauses.P99);
    }

    [Fact]
    public void InducedRule_FiresAboveThreshold_AndIsUnknownWithoutEvents()
    {
        using (GcMonitor unknown = Create())
        {
            _clock.Advance(s_second);
            _source.Collect(2, TimeSpan.Zero);
            GcHealthReport report = unknown.Snapshot();
            Assert.Null(report.Collections.Induced);
            Assert.DoesNotContain(report.Alerts, a => a.RuleId == GcAlertRules.InducedCollections);
        }

        _source.Figures.InducedCount = 0;
        using GcMonitor monitor = Create();
        GcAlert? raised = null;
        monitor.AlertRaised += (_, a) => raised = a;
        _clock.Advance(s_second);
        _source.Collect(2, TimeSpan.Zero, induced: true);
        _source.Collect(2, TimeSpan.Zero, induced: true);
        GcHealthReport after = monitor.Snapshot();

        Assert.Equal(2, after.Collections.Induced);
        Assert.NotNull(raised);
        Assert.Equal(GcAlertRules.InducedCollections, raised.RuleId);
        Assert.Equal(2, raised.Observed);
        Assert.Equal(0, raised.Threshold);
    }

    [Fact]
    public void LohGrowthRule_NeedsGrowthInEachOfNWindows()
    {
        using GcMonitor monitor = Create(o => { o.GrowthWindows = 3; o.LohGrowthThresholdBytes = 1_000; });
        long[] lohAtWindowEnd = [10_000, 20_000, 15_000, 30_000, 40_000, 50_000];
        var fired = new List<int>();
        monitor.AlertRaised += (_, a) => Assert.Equal(GcAlertRules.LohGrowth, a.RuleId);
        for (int w = 0; w < lohAtWindowEnd.Length; w++)
        {
            _source.Figures.LohSizeBytes = lohAtWindowEnd[w];
            _clock.Advance(TimeSpan.FromSeconds(10));
            monitor.Poll();
            if (monitor.ActiveAlerts.Any(a => a.RuleId == GcAlertRules.LohGrowth))
            {
                fired.Add(w);
            }
        }

        // Windows end at 10k, 20k, 15k (drop), 30k, 40k, 50k: three rises in a row only at the last one.
        Assert.Equal([5], fired);
        GcAlert alert = Assert.Single(monitor.ActiveAlerts);
        Assert.Equal(35_000, alert.Observed);
        Assert.Equal(10_000, monitor.Snapshot().LargeObjectHeapGrowthBytes);
    }

    [Fact]
    public void BlockingGen2Rule_FiresWhenEveryWindowHasOne()
    {
        using GcMonitor monitor = Create(o => o.GrowthWindows = 2);
        for (int w = 0; w < 3; w++)
        {
            _clock.Advance(TimeSpan.FromSeconds(5));
            _source.Collect(2, TimeSpan.Zero);
            _clock.Advance(TimeSpan.FromSeconds(5));
            monitor.Poll();
        }

        GcAlert alert = Assert.Single(monitor.ActiveAlerts, a => a.RuleId == GcAlertRules.BlockingGen2Growth);
        Assert.Equal(2, alert.Observed);

        _clock.Advance(TimeSpan.FromSeconds(10)); // a window with no blocking gen 2
        monitor.Poll();
        Assert.DoesNotContain(monitor.ActiveAlerts, a => a.RuleId == GcAlertRules.BlockingGen2Growth);
    }

    [Fact]
    public void PrivateBytesRule_ComparesWithTheMedianOfWindowPeaks()
    {
        using GcMonitor monitor = Create(o => { o.PrivateBytesFactor = 2; o.PrivateBytesBaselineWindows = 5; });
        long[] peaks = [100, 90, 120, 100, 110];
        foreach (long peak in peaks)
        {
            _source.Figures.PrivateBytes = peak;
            _clock.Advance(TimeSpan.FromSeconds(10));
            monitor.Poll();
        }

        GcHealthReport calm = monitor.Snapshot();
        Assert.Equal(100, calm.PrivateBytesBaseline);
        Assert.Empty(calm.Alerts);

        _source.Figures.PrivateBytes = 201;
        _clock.Advance(s_second);
        GcAlert alert = Assert.Single(monitor.Snapshot().Alerts);
        Assert.Equal(GcAlertRules.PrivateBytes, alert.RuleId);
        Assert.Equal(201, alert.Observed);
        Assert.Equal(200, alert.Threshold);
    }

    [Fact]
    public void PrivateBytesRule_UsesAFixedBaselineWhenGiven()
    {
        using GcMonitor monitor = Create(o => { o.PrivateBytesBaseline = 1_000; o.PrivateBytesFactor = 1.5; });
        _source.Figures.PrivateBytes = 1_400;
        _clock.Advance(s_second);
        Assert.Empty(monitor.Snapshot().Alerts);
        _source.Figures.PrivateBytes = 1_600;
        _clock.Advance(s_second);
        Assert.Equal(GcAlertRules.PrivateBytes, Assert.Single(monitor.Snapshot().Alerts).RuleId);
    }

    [Fact]
    public void Report_HeapAndAllocationRate()
    {
        _source.Figures.TotalAllocatedBytes = 1_000_000;
        using GcMonitor monitor = Create();
        monitor.Poll();
        _clock.Advance(TimeSpan.FromSeconds(4));
        _source.Figures.TotalAllocatedBytes = 9_000_000;
        _source.Figures.Gen0SizeBytes = 1;
        _source.Figures.Gen1SizeBytes = 2;
        _source.Figures.Gen2SizeBytes = 3;
        _source.Figures.LohSizeBytes = 4;
        _source.Figures.PohSizeBytes = 5;
        _source.Figures.HeapSizeBytes = 200;
        _source.Figures.FragmentedBytes = 50;
        _source.Figures.CommittedBytes = 400;

        GcHealthReport report = monitor.Snapshot();
        Assert.Equal(8_000_000, report.AllocatedBytes);
        Assert.Equal(2_000_000, report.AllocationRateBytesPerSecond, 6);
        Assert.Equal([1L, 2, 3, 4, 5], new[] { report.Heap.Gen0Bytes, report.Heap.Gen1Bytes, report.Heap.Gen2Bytes, report.Heap.LargeObjectHeapBytes, report.Heap.PinnedObjectHeapBytes });
        Assert.Equal(25.0, report.Heap.FragmentationPercentage, 9);
        Assert.Equal(400, report.CommittedBytes);
        Assert.Equal(2, report.SampleCount); // the constructor's and Poll's samples, taken at the same instant, coalesce
    }

    [Fact]
    public void Options_AreValidated()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => Create(o => o.Window = TimeSpan.Zero));
        Assert.Throws<ArgumentOutOfRangeException>(() => Create(o => o.PollingInterval = TimeSpan.FromSeconds(-2)));
        Assert.Throws<ArgumentOutOfRangeException>(() => Create(o => o.PrivateBytesRefreshInterval = TimeSpan.FromSeconds(-1)));
        Assert.Throws<ArgumentOutOfRangeException>(() => Create(o => o.PauseTimeThresholdPercent = -1));
        Assert.Throws<ArgumentOutOfRangeException>(() => Create(o => o.PauseTimeThresholdPercent = double.NaN));
        Assert.Throws<ArgumentOutOfRangeException>(() => Create(o => o.GrowthWindows = 0));
        Assert.Throws<ArgumentOutOfRangeException>(() => Create(o => o.PrivateBytesFactor = 0));
        Assert.Throws<ArgumentOutOfRangeException>(() => Create(o => o.PrivateBytesBaseline = 0));
        Assert.Throws<ArgumentOutOfRangeException>(() => Create(o => o.InducedCollectionsThreshold = -1));
    }

    [Fact]
    public void Options_AreCopied()
    {
        var options = new GcMonitorOptions { PollingInterval = TimeSpan.Zero, PauseTimeThresholdPercent = 7 };
        using var monitor = new GcMonitor(options, _source, _clock);
        options.PauseTimeThresholdPercent = 1;
        Assert.Equal(7, monitor.Options.PauseTimeThresholdPercent);
    }

    [Fact]
    public void Disposed_Throws()
    {
        GcMonitor monitor = Create();
        monitor.Dispose();
        monitor.Dispose();
        Assert.Throws<ObjectDisposedException>(() => monitor.Snapshot());
        Assert.Throws<ObjectDisposedException>(monitor.Poll);
    }

    [Fact]
    public void HandlerException_PropagatesToThePollerAndLeavesTheMonitorConsistent()
    {
        using GcMonitor monitor = Create();
        monitor.AlertRaised += (_, _) => throw new InvalidOperationException("handler");
        _clock.Advance(s_second);
        _source.Collect(2, TimeSpan.FromMilliseconds(500));
        Assert.Throws<InvalidOperationException>(monitor.Poll);
        Assert.Single(monitor.ActiveAlerts);
        _clock.Advance(s_second);
        Assert.Single(monitor.Snapshot().Alerts);
    }
}
