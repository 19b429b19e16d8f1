using System.Diagnostics.Metrics;

namespace Gen0.IO;

/// <summary>
/// The <c>Gen0.IO</c> meter: observable instruments over <see cref="StreamCounters"/>, process-wide.
/// </summary>
/// <remarks>
/// Observable, so nothing is recorded on a stream's hot paths: a listener's collection reads the counters.
/// <c>gen0.io.streams.live</c> that only grows is the leak signal that needs no finalizer at all; the
/// <c>leaked</c> counter names only the streams watched for leaks (<see cref="PooledMemoryStreamOptions.DetectLeaks"/>).
/// </remarks>
internal static class IOMetrics
{
    public const string MeterName = "Gen0.IO";
    public const string CreatedName = "gen0.io.streams.created";
    public const string LiveName = "gen0.io.streams.live";
    public const string LeakedName = "gen0.io.streams.leaked";
    public const string DoubleDisposedName = "gen0.io.streams.double_disposed";

    private static readonly Meter s_meter = CreateMeter();

    /// <summary>Gets the meter (created on first use of this type).</summary>
    public static Meter Meter => s_meter;

    private static Meter CreateMeter()
    {
        var meter = new Meter(MeterName);
        meter.CreateObservableCounter(CreatedName, static () => StreamCounters.Snapshot().Created, "{stream}", "Pooled memory streams created.");
        meter.CreateObservableUpDownCounter(
            LiveName,
            static () =>
            {
                (long created, long disposed) = StreamCounters.Snapshot();
                return created - disposed;
            },
            "{stream}",
            "Pooled memory streams created and not yet disposed.");
        meter.CreateObservableCounter(LeakedName, static () => StreamCounters.Leaked, "{stream}", "Pooled memory streams watched for leaks and collected without being disposed.");
        meter.CreateObservableCounter(DoubleDisposedName, static () => StreamCounters.DoubleDisposed, "{stream}", "Disposals of pooled memory streams already disposed.");
        return meter;
    }
}
