using System.Diagnostics.Metrics;
using Gen0.Diagnostics.Internal;

namespace Gen0.Diagnostics;

/// <summary>
/// The <c>Gen0.Gc</c> meter. Where a figure is also in .NET's <c>System.Runtime</c> meter, the instrument has the same
/// name, unit, kind and <c>gc.heap.generation</c> tag values, so dashboards built for one read the other; the window
/// figures only this monitor has (pause percentage, induced count, LOH growth, active alerts, private bytes) are under
/// <c>gen0.*</c>. Every callback reads the last sample: observing never polls the runtime.
/// </summary>
public sealed partial class GcMonitor
{
    private static readonly KeyValuePair<string, object?>[] s_generationTags =
    [
        new("gc.heap.generation", "gen0"),
        new("gc.heap.generation", "gen1"),
        new("gc.heap.generation", "gen2"),
        new("gc.heap.generation", "loh"),
        new("gc.heap.generation", "poh"),
    ];

    private Meter CreateMeter()
    {
        var meter = new Meter(MeterName, typeof(GcMonitor).Assembly.GetName().Version?.ToString());
        meter.CreateObservableCounter("dotnet.gc.collections", ObserveCollections, "{collection}",
            "The number of garbage collections that have occurred since the process has started (exclusive per generation).");
        meter.CreateObservableCounter("dotnet.gc.heap.total_allocated", () => Read(static (in GcFigures f) => f.TotalAllocatedBytes), "By",
            "The approximate number of bytes allocated on the managed GC heap since the process has started.");
        meter.CreateObservableCounter("dotnet.gc.pause.time", () => Read(static (in GcFigures f) => f.TotalPause.TotalSeconds), "s",
            "The total amount of time paused in GC since the process has started.");
        meter.CreateObservableUpDownCounter("dotnet.gc.last_collection.memory.committed_size", () => Read(static (in GcFigures f) => f.CommittedBytes), "By",
            "The amount of committed virtual memory in use by the .NET GC, as observed during the latest garbage collection.");
        meter.CreateObservableUpDownCounter("dotnet.gc.last_collection.heap.size", () => ObserveGenerations(fragmentation: false), "By",
            "The managed GC heap size (including fragmentation), as observed during the latest garbage collection.");
        meter.CreateObservableUpDownCounter("dotnet.gc.last_collection.heap.fragmentation.size", () => ObserveGenerations(fragmentation: true), "By",
            "The heap fragmentation, as observed during the latest garbage collection.");
        meter.CreateObservableGauge("gen0.gc.pause.percentage", () => Read((in GcFigures _) => _pausePercentage), "%",
            "The share of wall time paused in GC over the monitor's window.");
        meter.CreateObservableCounter("gen0.gc.induced", ObserveInduced, "{collection}",
            "Induced garbage collections since the monitor's recorder started (reported only when induced GCs are tracked).");
        meter.CreateObservableGauge("gen0.gc.loh.growth", () => Read((in GcFigures _) => _lohGrowth), "By",
            "How much the large object heap grew over the monitor's window.");
        meter.CreateObservableUpDownCounter("gen0.gc.alerts.active", () => Read((in GcFigures _) => _active.Count), "{alert}",
            "GC health alerts active now.");
        meter.CreateObservableUpDownCounter("gen0.process.memory.private", () => Read(static (in GcFigures f) => f.PrivateBytes), "By",
            "The process's private bytes at the last poll.");
        return meter;
    }

    private delegate T FigureReader<T>(in GcFigures figures);

    private T Read<T>(FigureReader<T> reader)
    {
        lock (_lock)
        {
            return reader(in _figures);
        }
    }

    private IEnumerable<Measurement<long>> ObserveCollections()
    {
        GcFigures f;
        lock (_lock)
        {
            f = _figures;
        }

        return
        [
            new(f.Gen0Count - f.Gen1Count, s_generationTags[0]),
            new(f.Gen1Count - f.Gen2Count, s_generationTags[1]),
            new(f.Gen2Count, s_generationTags[2]),
        ];
    }

    private IEnumerable<Measurement<long>> ObserveGenerations(bool fragmentation)
    {
        GcFigures f;
        lock (_lock)
        {
            f = _figures;
        }

        return fragmentation
            ?
            [
                new(f.Gen0FragmentedBytes, s_generationTags[0]),
                new(f.Gen1FragmentedBytes, s_generationTags[1]),
                new(f.Gen2FragmentedBytes, s_generationTags[2]),
                new(f.LohFragmentedBytes, s_generationTags[3]),
                new(f.PohFragmentedBytes, s_generationTags[4]),
            ]
            :
            [
                new(f.Gen0SizeBytes, s_generationTags[0]),
                new(f.Gen1SizeBytes, s_generationTags[1]),
                new(f.Gen2SizeBytes, s_generationTags[2]),
                new(f.LohSizeBytes, s_generationTags[3]),
                new(f.PohSizeBytes, s_generationTags[4]),
            ];
    }

    private IEnumerable<Measurement<long>> ObserveInduced()
    {
        long? induced;
        lock (_lock)
        {
            induced = _figures.InducedCount;
        }

        return induced is long value ? [new Measurement<long>(value)] : [];
    }
}
