using System.Diagnostics.Metrics;
using Gen0.Diagnostics.Internal;

namespace Gen0.Diagnostics;

/// <summary>
/// The <c>Gen0.Gc</c> meter: only what .NET's built-in <c>System.Runtime</c> meter does not publish. The runtime
/// already reports collections per generation, allocated bytes, heap and fragmentation sizes, committed memory and
/// total pause time (<c>dotnet.gc.*</c>); publishing them again would make a collector of both (OpenTelemetry's runtime
/// instrumentation does) count everything twice. This meter adds the window's judgement: the pause ratio, pause
/// percentiles, LOH growth and LOH allocation by type, induced GCs, active alerts and private bytes. Names and units
/// follow the OpenTelemetry semantic conventions (unit in the instrument's unit, ratios in <c>1</c> from 0 to 1).
/// Every callback reads the last sample: observing never polls the runtime.
/// </summary>
public sealed partial class GcMonitor
{
    /// <summary>The window's share of wall time paused in GC, 0 to 1.</summary>
    internal const string PauseRatioInstrument = "gen0.gc.pause.ratio";

    /// <summary>Pause percentiles of the window, tagged <see cref="PauseStatisticTag"/>.</summary>
    internal const string PauseDurationInstrument = "gen0.gc.pause.duration";

    /// <summary>Induced GCs since the recorder started.</summary>
    internal const string InducedInstrument = "gen0.gc.induced";

    /// <summary>LOH growth over the window.</summary>
    internal const string LohGrowthInstrument = "gen0.gc.loh.growth";

    /// <summary>Sampled LOH allocation by type, tagged <see cref="TypeNameTag"/>.</summary>
    internal const string LohAllocatedInstrument = "gen0.gc.loh.allocated";

    /// <summary>Alerts active now, one series per rule, tagged <see cref="AlertRuleTag"/>.</summary>
    internal const string AlertsActiveInstrument = "gen0.gc.alerts.active";

    /// <summary>The process's private bytes.</summary>
    internal const string PrivateMemoryInstrument = "gen0.process.memory.private";

    /// <summary>Every pause the monitor sees, as an OpenTelemetry histogram with explicit buckets (seconds).</summary>
    internal const string PausesInstrument = "gen0.gc.pauses";

    /// <summary>Memory in use as the GC saw it at the last GC.</summary>
    internal const string MemoryLoadInstrument = "gen0.gc.last_collection.memory.load";

    /// <summary>The memory the GC may use (the container or hard limit, or the machine's memory).</summary>
    internal const string MemoryLimitInstrument = "gen0.gc.memory.limit";

    /// <summary>The load above which the GC treats memory as high.</summary>
    internal const string HighLoadThresholdInstrument = "gen0.gc.memory.high_load_threshold";

    /// <summary>Objects ready for finalization found by the last GC.</summary>
    internal const string FinalizationPendingInstrument = "gen0.gc.finalization.pending";

    /// <summary>Pinned objects found by the last GC.</summary>
    internal const string PinnedObjectsInstrument = "gen0.gc.last_collection.pinned_objects";

    /// <summary>Bytes the last GC promoted (its survivors).</summary>
    internal const string PromotedInstrument = "gen0.gc.last_collection.promoted.size";

    /// <summary>The GC's heap count, tagged with the mode: the configuration as a metric.</summary>
    internal const string HeapCountInstrument = "gen0.gc.heap.count";

    internal const string PauseStatisticTag = "gen0.gc.pause.statistic";
    internal const string GcModeTag = "gen0.gc.mode";
    internal const string ConcurrentTag = "gen0.gc.concurrent";
    internal const string DynamicAdaptationTag = "gen0.gc.dynamic_adaptation";

    /// <summary>
    /// Bucket boundaries of <see cref="PausesInstrument"/>, in seconds: from half a millisecond (a healthy gen 0) to five
    /// seconds (the seed's worst gen 2), about two buckets per doubling where the decisions are made (1 to 100 ms).
    /// </summary>
    internal static readonly double[] s_pauseBuckets = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5];
    internal const string TypeNameTag = "gen0.type.name";
    internal const string AlertRuleTag = "gen0.gc.alert.rule";

    private static readonly string[] s_rules =
    [
        GcAlertRules.PauseTime, GcAlertRules.InducedCollections, GcAlertRules.BlockingGen2Growth, GcAlertRules.LohGrowth, GcAlertRules.PrivateBytes,
        GcAlertRules.MemoryLoad, GcAlertRules.FinalizationQueueGrowth,
    ];

    private Histogram<double>? _pauseHistogram;

    private Meter CreateMeter()
    {
        var meter = new Meter(MeterName, typeof(GcMonitor).Assembly.GetName().Version?.ToString());
        meter.CreateObservableGauge(PauseRatioInstrument, () => Read(() => _pausePercentage / 100.0), "1",
            "The share of wall time the GC paused the process over the monitor's window, from 0 to 1.");
        meter.CreateObservableGauge(PauseDurationInstrument, ObservePauses, "s",
            "Percentiles of the GC pauses seen in the monitor's window (p50, p99, max).");
        meter.CreateObservableCounter(InducedInstrument, ObserveInduced, "{collection}",
            "Induced garbage collections since the monitor's recorder started (only when induced GCs are tracked).");
        meter.CreateObservableGauge(LohGrowthInstrument, () => Read(() => _lohGrowth), "By",
            "How much the large object heap grew over the monitor's window (negative when it shrank).");
        meter.CreateObservableCounter(LohAllocatedInstrument, ObserveLohTypes, "By",
            "Large object heap allocation by type, estimated from the runtime's sampled allocation events (only when induced GCs are tracked).");
        meter.CreateObservableUpDownCounter(AlertsActiveInstrument, ObserveAlerts, "{alert}",
            "GC health alerts active now: 1 for each rule that fires, 0 otherwise.");
        meter.CreateObservableUpDownCounter(PrivateMemoryInstrument, () => Read(() => _figures.PrivateBytes), "By",
            "The process's private bytes at the last poll.");
        _pauseHistogram = CreatePauseHistogram(meter);
        meter.CreateObservableUpDownCounter(MemoryLoadInstrument, () => ReadAfterFirstGc(static f => f.MemoryLoadBytes), "By",
            "Memory in use as the GC measured it at the last collection (the load it compares with its high threshold).");
        meter.CreateObservableUpDownCounter(MemoryLimitInstrument, () => ReadAfterFirstGc(static f => f.TotalAvailableMemoryBytes), "By",
            "The memory the GC may use: the container's or the heap hard limit when set, else the machine's memory.");
        meter.CreateObservableUpDownCounter(HighLoadThresholdInstrument, () => ReadAfterFirstGc(static f => f.HighMemoryLoadThresholdBytes), "By",
            "The memory load above which the GC collects aggressively (GCHighMemPercent of the limit).");
        meter.CreateObservableUpDownCounter(FinalizationPendingInstrument, () => ReadAfterFirstGc(static f => f.FinalizationPendingCount), "{object}",
            "Objects ready for finalization found by the last GC; a number that keeps growing is a finalizer thread that cannot keep up.");
        meter.CreateObservableUpDownCounter(PinnedObjectsInstrument, () => ReadAfterFirstGc(static f => f.PinnedObjectsCount), "{object}",
            "Pinned objects the last GC found (pinned handles and fixed buffers: they fragment gen 0 and block compaction).");
        meter.CreateObservableGauge(PromotedInstrument, () => ReadAfterFirstGc(static f => f.PromotedBytes), "By",
            "Bytes the last GC promoted to an older generation (what survived it).");
        meter.CreateObservableUpDownCounter(HeapCountInstrument, ObserveHeapCount, "{heap}",
            "The GC's heap count, tagged with the GC mode (server or workstation), concurrent GC and DATAS.");
        return meter;
    }

    private static Histogram<double> CreatePauseHistogram(Meter meter)
    {
        const string description = "GC pauses the monitor saw (every pause when TrackInducedCollections is on; otherwise the last pause of each kind per poll).";
#if NET9_0_OR_GREATER
        return meter.CreateHistogram(PausesInstrument, "s", description, tags: null, new InstrumentAdvice<double> { HistogramBucketBoundaries = s_pauseBuckets });
#else
        return meter.CreateHistogram<double>(PausesInstrument, "s", description); // .NET 8 has no advice: set the buckets with an OpenTelemetry view
#endif
    }

    private Measurement<long>[] ReadAfterFirstGc(Func<GcFigures, long> reader)
    {
        lock (_lock)
        {
            // Before the first GC the runtime's last-GC record is empty: no value beats a zero that reads as "no load".
            return _figures.LastAny.Index == 0 ? [] : [new Measurement<long>(reader(_figures))];
        }
    }

    private Measurement<int> ObserveHeapCount() => new(
        _configuration.HeapCount,
        new KeyValuePair<string, object?>(GcModeTag, _configuration.IsServer ? "server" : "workstation"),
        new KeyValuePair<string, object?>(ConcurrentTag, _configuration.IsConcurrent),
        new KeyValuePair<string, object?>(DynamicAdaptationTag, _configuration.DynamicAdaptation));

    private T Read<T>(Func<T> reader)
    {
        lock (_lock)
        {
            return reader();
        }
    }

    private Measurement<double>[] ObservePauses()
    {
        GcPauseStatistics pauses;
        lock (_lock)
        {
            pauses = PauseStatistics();
        }

        if (pauses.ObservedCollections == 0)
        {
            return [];
        }

        return
        [
            new(pauses.P50.TotalSeconds, new KeyValuePair<string, object?>(PauseStatisticTag, "p50")),
            new(pauses.P99.TotalSeconds, new KeyValuePair<string, object?>(PauseStatisticTag, "p99")),
            new(pauses.Max.TotalSeconds, new KeyValuePair<string, object?>(PauseStatisticTag, "max")),
        ];
    }

    private Measurement<long>[] ObserveInduced()
    {
        long? induced = Read(() => _figures.InducedCount);
        return induced is long value ? [new Measurement<long>(value)] : [];
    }

    private IEnumerable<Measurement<long>> ObserveLohTypes()
    {
        if (_recorder is null)
        {
            return [];
        }

        return _recorder.GetLargeObjectAllocations(int.MaxValue)
            .Select(static t => new Measurement<long>(t.SampledBytes, new KeyValuePair<string, object?>(TypeNameTag, t.TypeName)));
    }

    private Measurement<int>[] ObserveAlerts()
    {
        lock (_lock)
        {
            var measurements = new Measurement<int>[s_rules.Length];
            for (int i = 0; i < s_rules.Length; i++)
            {
                measurements[i] = new Measurement<int>(_active.ContainsKey(s_rules[i]) ? 1 : 0, new KeyValuePair<string, object?>(AlertRuleTag, s_rules[i]));
            }

            return measurements;
        }
    }
}
