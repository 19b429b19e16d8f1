using System.Diagnostics.Metrics;
using Gen0.Diagnostics.Tests.Infrastructure;

namespace Gen0.Diagnostics.Tests;

/// <summary>The Gen0.Gc meter through a MeterListener: names, units, tags and values.</summary>
public class GcMonitorMetricsTests
{
    private readonly record struct Observation(string Instrument, string? Unit, double Value, string? Generation);

    private static List<Observation> Collect(GcMonitor monitor)
    {
        var observations = new List<Observation>();
        using var listener = new MeterListener();
        listener.InstrumentPublished = (instrument, l) =>
        {
            if (ReferenceEquals(instrument.Meter, monitor.Meter))
            {
                l.EnableMeasurementEvents(instrument);
            }
        };
        listener.SetMeasurementEventCallback<long>((i, v, tags, _) => observations.Add(new(i.Name, i.Unit, v, Generation(tags))));
        listener.SetMeasurementEventCallback<double>((i, v, tags, _) => observations.Add(new(i.Name, i.Unit, v, Generation(tags))));
        listener.SetMeasurementEventCallback<int>((i, v, tags, _) => observations.Add(new(i.Name, i.Unit, v, Generation(tags))));
        listener.Start();
        listener.RecordObservableInstruments();
        return observations;
    }

    private static string? Generation(ReadOnlySpan<KeyValuePair<string, object?>> tags)
    {
        foreach (KeyValuePair<string, object?> tag in tags)
        {
            if (tag.Key == "gc.heap.generation")
            {
                return (string?)tag.Value;
            }
        }

        return null;
    }

    private static double Value(List<Observation> observations, string name, string? generation = null) =>
        Assert.Single(observations, o => o.Instrument == name && o.Generation == generation).Value;

    [Fact]
    public void Instruments_FollowSystemRuntimeNamesAndUnits()
    {
        var source = new FakeGcDataSource();
        source.Figures.InducedCount = 0;
        var clock = new FakeTimeProvider();
        using var monitor = new GcMonitor(new GcMonitorOptions { PollingInterval = TimeSpan.Zero, Window = TimeSpan.FromSeconds(10) }, source, clock);
        Assert.Equal("Gen0.Gc", monitor.Meter.Name);

        for (int i = 0; i < 5; i++)
        {
            source.Collect(0, TimeSpan.FromMilliseconds(10));
        }

        source.Collect(1, TimeSpan.FromMilliseconds(20));
        source.Collect(2, TimeSpan.FromMilliseconds(170), induced: true);
        source.Figures.TotalAllocatedBytes = 123_456;
        source.Figures.CommittedBytes = 4_096;
        source.Figures.Gen0SizeBytes = 10;
        source.Figures.LohSizeBytes = 3 << 20;
        source.Figures.PohFragmentedBytes = 7;
        source.Figures.PrivateBytes = 99_000;
        clock.Advance(TimeSpan.FromSeconds(4));
        monitor.Poll();

        List<Observation> o = Collect(monitor);
        Assert.Equal(5, Value(o, "dotnet.gc.collections", "gen0"));
        Assert.Equal(1, Value(o, "dotnet.gc.collections", "gen1"));
        Assert.Equal(1, Value(o, "dotnet.gc.collections", "gen2"));
        Assert.Equal(123_456, Value(o, "dotnet.gc.heap.total_allocated"));
        Assert.Equal(0.24, Value(o, "dotnet.gc.pause.time"), 9);
        Assert.Equal(4_096, Value(o, "dotnet.gc.last_collection.memory.committed_size"));
        Assert.Equal(10, Value(o, "dotnet.gc.last_collection.heap.size", "gen0"));
        Assert.Equal(3 << 20, Value(o, "dotnet.gc.last_collection.heap.size", "loh"));
        Assert.Equal(7, Value(o, "dotnet.gc.last_collection.heap.fragmentation.size", "poh"));
        Assert.Equal(6.0, Value(o, "gen0.gc.pause.percentage"), 9);
        Assert.Equal(1, Value(o, "gen0.gc.induced"));
        Assert.Equal(3 << 20, Value(o, "gen0.gc.loh.growth"));
        Assert.Equal(2, Value(o, "gen0.gc.alerts.active")); // pause time and induced
        Assert.Equal(99_000, Value(o, "gen0.process.memory.private"));

        Assert.All(o.Where(x => x.Instrument.StartsWith("dotnet.gc.last_collection", StringComparison.Ordinal) || x.Instrument == "dotnet.gc.heap.total_allocated"), x => Assert.Equal("By", x.Unit));
        Assert.Equal("s", o.First(x => x.Instrument == "dotnet.gc.pause.time").Unit);
        Assert.Equal("{collection}", o.First(x => x.Instrument == "dotnet.gc.collections").Unit);
        Assert.Equal(["gen0", "gen1", "gen2", "loh", "poh"], o.Where(x => x.Instrument == "dotnet.gc.last_collection.heap.size").Select(x => x.Generation));
    }

    [Fact]
    public void InducedInstrument_IsSilentWhenUnknown()
    {
        using var monitor = new GcMonitor(new GcMonitorOptions { PollingInterval = TimeSpan.Zero }, new FakeGcDataSource(), new FakeTimeProvider());
        Assert.DoesNotContain(Collect(monitor), x => x.Instrument == "gen0.gc.induced");
    }

    [Fact]
    public void Dispose_DisposesTheMeter()
    {
        var monitor = new GcMonitor(new GcMonitorOptions { PollingInterval = TimeSpan.Zero }, new FakeGcDataSource(), new FakeTimeProvider());
        monitor.Dispose();
        Assert.Empty(Collect(monitor));
    }
}
