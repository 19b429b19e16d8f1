using System.Diagnostics.Metrics;

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

    internal const string PauseStatisticTag = "gen0.gc.pause.statistic";
    internal const string TypeNameTag = "gen0.type.name";
    internal const string AlertRuleTag = "gen0.gc.alert.rule";

    private static readonly string[] s_rules =
    [
        GcAlertRules.PauseTime, GcAlertRules.InducedCollections, GcAlertRules.BlockingGen2Growth, GcAlertRules.LohGrowth, GcAlertRules.PrivateBytes,
    ];

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
        return meter;
    }

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
