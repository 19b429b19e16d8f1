using Gen0.Diagnostics.Internal;
using Gen0.Diagnostics.Tests.Infrastructure;

namespace Gen0.Diagnostics.Tests;

/// <summary>
/// Issue 14, defect 9: the monitor kept one sample per poll for the whole window, so 100,000 fast polls grew the heap
/// by ~39 MB and put the sample array on the LOH. Its memory must be bounded whatever the poll rate, and the report
/// must stay right.
/// </summary>
public class GcMonitorBoundsTests
{
    private const int Polls = 100_000;

    /// <summary>Below the LOH threshold: any array the monitor grows to would exceed it if it were unbounded.</summary>
    private const long LohThreshold = 85_000;

    private readonly FakeGcDataSource _source = new();
    private readonly FakeTimeProvider _clock = new();

    private GcMonitor Create(TimeSpan window, Action<GcMonitorOptions>? configure = null)
    {
        var options = new GcMonitorOptions { PollingInterval = TimeSpan.Zero, Window = window, ReadPrivateBytes = false };
        configure?.Invoke(options);
        return new GcMonitor(options, _source, _clock);
    }

    public static TheoryData<long> PollIntervalsInTicks => new()
    {
        0,                                  // a stuck clock: every poll at the same instant
        1,                                  // the finest clock step
        TimeSpan.TicksPerMillisecond,       // far faster than window / slices
        TimeSpan.TicksPerSecond / 12,       // exactly window / slices for a 10 s window
        TimeSpan.TicksPerSecond,            // slower than a slice: nothing coalesces
    };

    [Theory]
    [MemberData(nameof(PollIntervalsInTicks))]
    public void HundredThousandPolls_KeepSamplesBounded_AllocateNothingPerPoll(long intervalTicks)
    {
        using GcMonitor monitor = Create(TimeSpan.FromSeconds(10));
        for (int i = 0; i < 20_000; i++)
        {
            Step(monitor, intervalTicks, i); // warm up: the rings grow to their final size (the pause ring's is 2,048)
        }

        long retainedBefore = GC.GetTotalMemory(forceFullCollection: true);
        long allocatedBefore = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < Polls; i++)
        {
            Step(monitor, intervalTicks, i);
        }

        long allocated = GC.GetAllocatedBytesForCurrentThread() - allocatedBefore;
        long retainedGrowth = GC.GetTotalMemory(forceFullCollection: true) - retainedBefore;

        Assert.InRange(monitor.SampleCount, 1, GcMonitor.MaxSamples);
        Assert.True(allocated < LohThreshold, $"{Polls:N0} polls allocated {allocated:N0} bytes; before the fix they grew the sample ring to ~39 MB.");
        Assert.True(retainedGrowth < 1024 * 1024, $"{Polls:N0} polls grew the heap by {retainedGrowth:N0} bytes.");
    }

    [Fact]
    public void HundredThousandSnapshots_KeepSamplesBounded()
    {
        // Every GET /gc is a Snapshot: the same bound applies, and each report is a small, fixed-size object graph.
        using GcMonitor monitor = Create(TimeSpan.FromMinutes(1));
        long allocatedBefore = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < Polls; i++)
        {
            _clock.Advance(TimeSpan.FromMilliseconds(1));
            _source.Collect(0, TimeSpan.FromMicroseconds(10));
            GcHealthReport report = monitor.Snapshot();
            Assert.True(report.SampleCount <= GcMonitor.MaxSamples);
        }

        long perSnapshot = (GC.GetAllocatedBytesForCurrentThread() - allocatedBefore) / Polls;
        Assert.True(perSnapshot < 2_048, $"a snapshot allocated {perSnapshot:N0} bytes on average.");
        Assert.InRange(monitor.SampleCount, 1, GcMonitor.MaxSamples);
    }

    [Fact]
    public void LiveRuntime_HundredThousandPolls_KeepSamplesBounded()
    {
        using var monitor = new GcMonitor(new GcMonitorOptions { PollingInterval = TimeSpan.Zero, Window = TimeSpan.FromSeconds(5) });
        for (int i = 0; i < Polls; i++)
        {
            monitor.Poll();
        }

        Assert.InRange(monitor.SampleCount, 1, GcMonitor.MaxSamples);
        GcHealthReport report = monitor.Snapshot();
        Assert.True(report.Heap.TotalBytes > 0 || report.Collections.Gen0 == 0);
    }

    [Fact]
    public void CoalescedWindow_ReportStaysRight()
    {
        // 100 s of polls every millisecond, one 0.05 ms gen 0 GC per poll: 5 % paused, 1,000 GCs a second.
        using GcMonitor monitor = Create(TimeSpan.FromSeconds(10));
        for (int i = 0; i < Polls; i++)
        {
            _clock.Advance(TimeSpan.FromMilliseconds(1));
            _source.Collect(0, TimeSpan.FromMicroseconds(50));
            _source.Figures.TotalAllocatedBytes += 1_000;
            monitor.Poll();
        }

        GcHealthReport report = monitor.Snapshot();
        TimeSpan slice = TimeSpan.FromSeconds(10) / 120;
        Assert.InRange(report.WindowDuration, TimeSpan.FromSeconds(10), TimeSpan.FromSeconds(10) + slice);
        Assert.Equal(5.0, report.PausePercentage, 6);
        double gcs = report.WindowDuration.TotalMilliseconds;
        Assert.Equal(gcs, report.Collections.Gen0, 6);
        Assert.Equal(1_000_000.0, report.AllocationRateBytesPerSecond, 1);
        Assert.Equal(GcMonitor.MaxPauseSamples, report.Pauses.ObservedCollections);
        Assert.Equal(TimeSpan.FromMicroseconds(50), report.Pauses.P99);
        Assert.True(report.SampleCount <= GcMonitor.MaxSamples);
    }

    [Fact]
    public void StuckClock_StillSeesEveryGcBetweenTheFirstAndLastPoll()
    {
        using GcMonitor monitor = Create(TimeSpan.FromSeconds(10));
        for (int i = 0; i < 10_000; i++)
        {
            _source.Collect(2, TimeSpan.FromMilliseconds(1));
            monitor.Poll();
        }

        GcHealthReport report = monitor.Snapshot();
        Assert.Equal(10_000, report.Collections.Gen2);
        Assert.Equal(10_000, report.Collections.BlockingGen2);
        Assert.Equal(TimeSpan.FromSeconds(10), report.TotalPause);
        Assert.Equal(2, report.SampleCount); // the base and the newest
    }

    [Fact]
    public void SlowPolls_KeepEverySampleOfTheWindow()
    {
        // Polls a second apart in a 10 s window: nothing coalesces, the window is exact.
        using GcMonitor monitor = Create(TimeSpan.FromSeconds(10));
        for (int i = 0; i < 29; i++)
        {
            _clock.Advance(TimeSpan.FromSeconds(1));
            _source.Collect(0, TimeSpan.FromMilliseconds(i < 20 ? 500 : 10));
            monitor.Poll();
        }

        _clock.Advance(TimeSpan.FromSeconds(1));
        _source.Collect(0, TimeSpan.FromMilliseconds(10));
        GcHealthReport report = monitor.Snapshot();
        Assert.Equal(TimeSpan.FromSeconds(10), report.WindowDuration);
        Assert.Equal(11, report.SampleCount);
        Assert.Equal(1.0, report.PausePercentage, 9);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(GcMonitorOptions.MaxWindowHistory)]
    public void WindowHistory_AtItsBounds_IsAccepted(int windows)
    {
        using GcMonitor monitor = Create(TimeSpan.FromSeconds(1), o =>
        {
            o.GrowthWindows = windows;
            o.PrivateBytesBaselineWindows = windows;
        });
        for (int i = 0; i < 3 * GcMonitorOptions.MaxWindowHistory; i++)
        {
            _clock.Advance(TimeSpan.FromSeconds(1));
            monitor.Poll();
        }

        Assert.Empty(monitor.ActiveAlerts);
    }

    [Theory]
    [InlineData(nameof(GcMonitorOptions.GrowthWindows))]
    [InlineData(nameof(GcMonitorOptions.PrivateBytesBaselineWindows))]
    public void WindowHistory_AboveTheBound_IsRejected(string option)
    {
        var options = new GcMonitorOptions { PollingInterval = TimeSpan.Zero };
        typeof(GcMonitorOptions).GetProperty(option)!.SetValue(options, GcMonitorOptions.MaxWindowHistory + 1);
        var ex = Assert.Throws<ArgumentOutOfRangeException>(() => new GcMonitor(options, _source, _clock));
        Assert.Equal(option, ex.ParamName);
    }

    [Theory]
    [InlineData(1L)]                           // one tick
    [InlineData(TimeSpan.TicksPerDay * 36_500)] // a century
    public void ExtremeWindows_StayBounded(long windowTicks)
    {
        using GcMonitor monitor = Create(TimeSpan.FromTicks(windowTicks));
        for (int i = 0; i < 10_000; i++)
        {
            _clock.Advance(TimeSpan.FromTicks(i % 3));
            _source.Collect(i % 3, TimeSpan.FromTicks(1));
            monitor.Poll();
        }

        Assert.InRange(monitor.SampleCount, 1, GcMonitor.MaxSamples);
        GcHealthReport report = monitor.Snapshot();
        Assert.InRange(report.PausePercentage, 0, 100);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(4)]
    [InlineData(5)]
    [InlineData(8)]
    [InlineData(9)]
    public void RingBuffer_NeverGrowsBeyondItsMaximum(int maxCapacity)
    {
        var ring = new RingBuffer<int>(1, maxCapacity);
        int max = ring.MaxCapacity;
        for (int i = 0; i < max; i++)
        {
            ring.Add(i);
        }

        Assert.True(ring.IsFull);
        Assert.Throws<InvalidOperationException>(() => ring.Add(-1));
        Assert.Equal(max, ring.ArrayLength);
        ring.ReplaceLast(42);
        Assert.Equal(42, ring.Last);
        ring.RemoveFirst();
        ring.Add(7);
        Assert.Equal(7, ring.Last);
        Assert.Equal(1, ring.First);
        Assert.Equal(max, ring.Count);
    }

    [Fact]
    public void Arrays_StayBelowTheLohThreshold()
    {
        // A sample is ~300 bytes and a pause 24: the maxima must keep both arrays off the LOH.
        Assert.True(GcMonitor.MaxSamples * System.Runtime.CompilerServices.Unsafe.SizeOf<GcSample>() < LohThreshold);
        Assert.True(GcMonitor.MaxPauseSamples * System.Runtime.CompilerServices.Unsafe.SizeOf<GcPauseSample>() < LohThreshold);
        Assert.True((GcMonitorOptions.MaxWindowHistory + 1) * System.Runtime.CompilerServices.Unsafe.SizeOf<GcWindowMark>() < LohThreshold);
    }

    private void Step(GcMonitor monitor, long intervalTicks, int i)
    {
        _clock.Advance(TimeSpan.FromTicks(intervalTicks));
        _source.Collect(i % 16 == 0 ? 1 : 0, TimeSpan.FromMicroseconds(20));
        monitor.Poll();
    }
}
