using System.Diagnostics.Metrics;
using Gen0.Diagnostics.Tests.Infrastructure;

namespace Gen0.Diagnostics.Tests;

/// <summary>The Gen0.Gc meter through a MeterListener: names, units, tags and values; nothing the runtime already publishes.</summary>
public class GcMonitorMetricsTests
{
    private readonly record struct Observation(string Instrument, string? Unit, double Value, string? Tag);

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
        listener.SetMeasurementEventCallback<long>((i, v, tags, _) => observations.Add(new(i.Name, i.Unit, v, Tag(tags))));
        listener.SetMeasurementEventCallback<double>((i, v, tags, _) => observations.Add(new(i.Name, i.Unit, v, Tag(tags))));
        listener.SetMeasurementEventCallback<int>((i, v, tags, _) => observations.Add(new(i.Name, i.Unit, v, Tag(tags))));
        listener.Start();
        listener.RecordObservableInstruments();
        return observations;
    }

    private static string? Tag(ReadOnlySpan<KeyValuePair<string, object?>> tags) => tags.Length == 0 ? null : (string?)tags[0].Value;

    private static double Value(List<Observation> observations, string name, string? tag = null) =>
        Assert.Single(observations, o => o.Instrument == name && o.Tag == tag).Value;

    private static List<Instrument> Instruments(Func<Meter, bool> which)
    {
        var instruments = new List<Instrument>();
        using var listener = new MeterListener();
        listener.InstrumentPublished = (instrument, _) =>
        {
            if (which(instrument.Meter))
            {
                lock (instruments)
                {
                    instruments.Add(instrument);
                }
            }
        };
        listener.Start();
        return instruments;
    }

    [Fact]
    public void Instruments_PublishTheWindowsJudgement_WithSemanticConventionUnits()
    {
        var source = new FakeGcDataSource();
        source.Figures.InducedCount = 0;
        var clock = new FakeTimeProvider();
        using var monitor = new GcMonitor(new GcMonitorOptions { PollingInterval = TimeSpan.Zero, Window = TimeSpan.FromSeconds(10) }, source, clock);
        Assert.Equal("Gen0.Gc", monitor.Meter.Name);

        for (int i = 0; i < 5; i++)
        {
            source.Collect(0, TimeSpan.FromMilliseconds(10));
            clock.Advance(TimeSpan.FromMilliseconds(100));
            monitor.Poll();
        }

        source.Collect(2, TimeSpan.FromMilliseconds(170), induced: true);
        source.Figures.LohSizeBytes = 3 << 20;
        source.Figures.PrivateBytes = 99_000;
        clock.Advance(TimeSpan.FromSeconds(3.5));
        monitor.Poll();

        List<Observation> o = Collect(monitor);
        Assert.Equal(0.055, Value(o, "gen0.gc.pause.ratio"), 9); // 220 ms of 4 s
        Assert.Equal(0.010, Value(o, "gen0.gc.pause.duration", "p50"), 9);
        Assert.Equal(0.170, Value(o, "gen0.gc.pause.duration", "p99"), 9);
        Assert.Equal(0.170, Value(o, "gen0.gc.pause.duration", "max"), 9);
        Assert.Equal(1, Value(o, "gen0.gc.induced"));
        Assert.Equal(3 << 20, Value(o, "gen0.gc.loh.growth"));
        Assert.Equal(1, Value(o, "gen0.gc.alerts.active", GcAlertRules.PauseTime));
        Assert.Equal(1, Value(o, "gen0.gc.alerts.active", GcAlertRules.InducedCollections));
        Assert.Equal(0, Value(o, "gen0.gc.alerts.active", GcAlertRules.LohGrowth));
        Assert.Equal(2, o.Where(x => x.Instrument == "gen0.gc.alerts.active").Sum(x => x.Value));
        Assert.Equal(99_000, Value(o, "gen0.process.memory.private"));

        Assert.Equal("1", o.First(x => x.Instrument == "gen0.gc.pause.ratio").Unit);
        Assert.Equal("s", o.First(x => x.Instrument == "gen0.gc.pause.duration").Unit);
        Assert.Equal("By", o.First(x => x.Instrument == "gen0.gc.loh.growth").Unit);
        Assert.Equal("By", o.First(x => x.Instrument == "gen0.process.memory.private").Unit);
        Assert.Equal("{collection}", o.First(x => x.Instrument == "gen0.gc.induced").Unit);
        Assert.Equal("{alert}", o.First(x => x.Instrument == "gen0.gc.alerts.active").Unit);
    }

    [Fact]
    public void PauseRatio_StaysBetweenZeroAndOne()
    {
        var source = new FakeGcDataSource();
        var clock = new FakeTimeProvider();
        using var monitor = new GcMonitor(new GcMonitorOptions { PollingInterval = TimeSpan.Zero }, source, clock);
        Assert.Equal(0, Value(Collect(monitor), "gen0.gc.pause.ratio"));
        source.Collect(2, TimeSpan.FromSeconds(10)); // a pause longer than the wall time (clock skew): clamped
        clock.Advance(TimeSpan.FromSeconds(1));
        monitor.Poll();
        Assert.Equal(1, Value(Collect(monitor), "gen0.gc.pause.ratio"));
    }

    [Fact]
    public void NoInstrument_DuplicatesTheRuntimesSystemRuntimeMeter()
    {
        using var monitor = new GcMonitor(new GcMonitorOptions { PollingInterval = TimeSpan.Zero }, new FakeGcDataSource(), new FakeTimeProvider());
        List<Instrument> runtime = Instruments(m => m.Name == "System.Runtime");
        List<Instrument> gen0 = Instruments(m => ReferenceEquals(m, monitor.Meter));

        Assert.Contains(runtime, i => i.Name == "dotnet.gc.collections"); // the control: the runtime's meter is there
        Assert.Empty(gen0.Select(i => i.Name).Intersect(runtime.Select(i => i.Name)));
        Assert.All(gen0, i => Assert.StartsWith("gen0.", i.Name, StringComparison.Ordinal));
        Assert.All(gen0, i => Assert.False(string.IsNullOrEmpty(i.Unit), i.Name + " has no unit"));
        Assert.All(gen0, i => Assert.DoesNotMatch("(_bytes|_seconds|_percent|percentage)$", i.Name));
        Assert.Equal(15, gen0.Count);
    }

    [Fact]
    public void InducedAndLohTypeInstruments_AreSilentWithoutARecorder()
    {
        using var monitor = new GcMonitor(new GcMonitorOptions { PollingInterval = TimeSpan.Zero }, new FakeGcDataSource(), new FakeTimeProvider());
        List<Observation> o = Collect(monitor);
        Assert.DoesNotContain(o, x => x.Instrument == "gen0.gc.induced");
        Assert.DoesNotContain(o, x => x.Instrument == "gen0.gc.loh.allocated");
        Assert.DoesNotContain(o, x => x.Instrument == "gen0.gc.pause.duration"); // no GC seen yet
    }

    [Fact]
    public void Dispose_DisposesTheMeter()
    {
        var monitor = new GcMonitor(new GcMonitorOptions { PollingInterval = TimeSpan.Zero }, new FakeGcDataSource(), new FakeTimeProvider());
        monitor.Dispose();
        Assert.Empty(Collect(monitor));
    }
}
