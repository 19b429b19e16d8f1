using Gen0.Diagnostics.Internal;
using Gen0.Diagnostics.Tests.Infrastructure;

namespace Gen0.Diagnostics.Tests;

/// <summary>The monitor on the live runtime: induced GCs, LOH growth, the timer.</summary>
[Collection(GcSensitiveCollection.Name)]
public class GcMonitorRuntimeTests
{
    [Fact]
    public void InducedCollections_AreCountedAndRaiseTheInducedRule()
    {
        int listenersBefore = GcRuntimeEventListener.LiveCount;
        var raised = new List<GcAlert>();
        using (var monitor = new GcMonitor(new GcMonitorOptions { PollingInterval = TimeSpan.Zero, TrackInducedCollections = true }))
        {
            monitor.AlertRaised += (_, a) => raised.Add(a);

            // The monitor counts induced GCs from runtime events: wait until they flow (a probe listener enabled after
            // the monitor's sees an ordinary GC) rather than sleeping and hoping.
            using (var probe = new GcEventRecorder(new GcEventRecorderOptions { RecordLargeObjectAllocations = false }))
            {
                probe.Start();
                RuntimeEvents.WaitUntilDelivered(() => probe.CollectionCount);
            }

            for (int i = 0; i < 3; i++)
            {
                GC.Collect();
            }

            GcHealthReport? report = null;
            Assert.True(GcEventRecorderTests.WaitUntil(() => (report = monitor.Snapshot()).Collections.Induced >= 3, TimeSpan.FromSeconds(10)));
            Assert.True(report!.Collections.Gen2 >= 3);
            Assert.True(report.Collections.Gen2SplitIsExact);
            Assert.True(report.Collections.BlockingGen2 >= 3);
            GcAlert alert = Assert.Single(raised, a => a.RuleId == GcAlertRules.InducedCollections);
            Assert.True(alert.Observed >= 1);
            Assert.Contains(report.Alerts, a => a.RuleId == GcAlertRules.InducedCollections);
            Assert.NotNull(monitor.Recorder);
        }

        Assert.Equal(listenersBefore, GcRuntimeEventListener.LiveCount);
    }

    [Fact]
    public void WithoutRecorder_InducedIsUnknown_ButGen2sAreCounted()
    {
        using var monitor = new GcMonitor(new GcMonitorOptions { PollingInterval = TimeSpan.Zero });
        GC.Collect();
        GC.Collect();
        GcHealthReport report = monitor.Snapshot();
        Assert.Null(report.Collections.Induced);
        Assert.Null(monitor.Recorder);
        Assert.True(report.Collections.Gen2 >= 2);
        Assert.True(report.Collections.BlockingGen2 >= 1);
        Assert.True(report.TotalPause > TimeSpan.Zero);
        Assert.True(report.Pauses.Max > TimeSpan.Zero);
        Assert.True(report.Heap.TotalBytes > 0);
        Assert.True(report.CommittedBytes > 0);
        Assert.True(report.PrivateBytes > 0);
    }

    [Fact]
    public void LiveRuntime_ReportsMemoryLoadConfigurationPinsAndPendingFinalizers()
    {
        using var monitor = new GcMonitor(new GcMonitorOptions { PollingInterval = TimeSpan.Zero });
        byte[] pinnedArray = new byte[64];
        System.Runtime.InteropServices.GCHandle pin = System.Runtime.InteropServices.GCHandle.Alloc(pinnedArray, System.Runtime.InteropServices.GCHandleType.Pinned);
        try
        {
            MakeFinalizable(2_000);
            GC.Collect(); // no WaitForPendingFinalizers: the objects are still queued when the GC reports
            GcHealthReport report = monitor.Snapshot();

            Assert.True(report.Memory.AvailableBytes > 0);
            Assert.True(report.Memory.LoadBytes > 0);
            Assert.InRange(report.Memory.HighLoadThresholdBytes, 1, report.Memory.AvailableBytes);
            Assert.True(report.PinnedObjectCount >= 1, $"pinned {report.PinnedObjectCount}");
            Assert.True(report.FinalizationPendingCount > 0, $"pending {report.FinalizationPendingCount}");
            Assert.Equal(System.Runtime.GCSettings.IsServerGC, report.Configuration.IsServer);
            Assert.True(report.Configuration.HeapCount >= 1);
            Assert.Equal(85_000, report.Configuration.LargeObjectHeapThresholdBytes);
            Assert.InRange(report.Configuration.HighMemoryLoadPercent, 1, 100);
        }
        finally
        {
            pin.Free();
            GC.WaitForPendingFinalizers();
        }
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static void MakeFinalizable(int count)
    {
        for (int i = 0; i < count; i++)
        {
            _ = new Finalizable();
        }
    }

    private sealed class Finalizable
    {
        ~Finalizable()
        {
        }
    }

    [Fact]
    public void LargeArraysInALoop_RaiseLohGrowth_AndTheRecorderNamesByteArrays()
    {
        var options = new GcMonitorOptions
        {
            PollingInterval = TimeSpan.Zero,
            Window = TimeSpan.FromMilliseconds(50),
            GrowthWindows = 3,
            LohGrowthThresholdBytes = 1 << 20,
            TrackInducedCollections = true,
        };
        var kept = new List<byte[]>();
        var raised = new List<GcAlert>();
        using var monitor = new GcMonitor(options);
        monitor.AlertRaised += (_, a) => raised.Add(a);
        for (int window = 0; window < 5; window++)
        {
            for (int i = 0; i < 8; i++)
            {
                kept.Add(new byte[512 * 1024]);
            }

            GC.Collect(0); // a GC refreshes the per-generation sizes the monitor reads
            Thread.Sleep(60); // not a synchronization: each poll must fall in a 50 ms window of its own
            monitor.Poll();
        }

        Assert.Contains(raised, a => a.RuleId == GcAlertRules.LohGrowth);
        GcHealthReport? report = null;
        Assert.True(GcEventRecorderTests.WaitUntil(
            () => (report = monitor.Snapshot()).LargeObjectAllocations is { Count: > 0 } loh && loh[0].TypeName == "System.Byte[]",
            TimeSpan.FromSeconds(10)));
        Assert.True(report!.Heap.LargeObjectHeapBytes >= 8L * 512 * 1024);
        Assert.True(kept.Count == 40);
        GC.KeepAlive(kept);
    }

    [Fact]
    public void Timer_PollsOnItsOwn()
    {
        using var monitor = new GcMonitor(new GcMonitorOptions { PollingInterval = TimeSpan.FromMilliseconds(10), ReadPrivateBytes = false });
        Assert.True(GcEventRecorderTests.WaitUntil(() => monitor.SampleCount >= 5, TimeSpan.FromSeconds(10)));
    }
}
