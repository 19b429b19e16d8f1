using Gen0.Diagnostics.Tests.Infrastructure;

namespace Gen0.Diagnostics.Tests;

/// <summary>The README's quick start, kept compiling and running.</summary>
[Collection(GcSensitiveCollection.Name)]
public class QuickStartTests
{
    [Fact]
    public void QuickStart()
    {
        var log = new List<string>();

        // --- README quick start (Gen0.Diagnostics) ---
        using var monitor = new GcMonitor(new GcMonitorOptions
        {
            PollingInterval = TimeSpan.FromSeconds(1),   // a poll costs a few microseconds
            Window = TimeSpan.FromMinutes(1),
            PauseTimeThresholdPercent = 5,               // % time in GC
            TrackInducedCollections = true,              // opt-in EventListener: exact induced count, LOH by type
        });
        monitor.AlertRaised += (_, alert) => log.Add(alert.ToString());

        GcHealthReport report = monitor.Snapshot();
        Console.WriteLine(report);                       // a table for people
        string json = report.ToJson();                   // System.Text.Json, round-trips with GcHealthReport.FromJson

        using var recorder = new GcEventRecorder(new GcEventRecorderOptions { MaxDuration = TimeSpan.FromMinutes(2) });
        recorder.Start();
        // ... reproduce the problem ...
        recorder.Stop();
        foreach (GcCollectionRecord gc in recorder.GetCollections())
        {
            Console.WriteLine(gc);                       // #12 gen2 Blocking Induced pause 3.10 ms
        }

        foreach (LargeObjectAllocation loh in recorder.GetLargeObjectAllocations(top: 5))
        {
            Console.WriteLine(loh);                      // System.Byte[]: 10,485,760 B in 100 samples
        }
        // --- end ---

        Assert.Equal(report.CapturedAt, GcHealthReport.FromJson(json).CapturedAt);
        Assert.All(log, line => Assert.StartsWith("GC alert ", line, StringComparison.Ordinal));
    }
}
