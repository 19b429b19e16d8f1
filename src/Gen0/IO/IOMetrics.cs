using System.Diagnostics.Metrics;
using System.Runtime.CompilerServices;

namespace Gen0.IO;

/// <summary>
/// The <c>Gen0.IO</c> meter: observable instruments over <see cref="StreamCounters"/>, process-wide.
/// </summary>
/// <remarks>
/// Observable, so nothing is recorded on a stream's hot paths but two counts, and those only while a listener has the
/// created or live instrument on (<see cref="IsCountingStreams"/>): the streams created before that are not in them.
/// A <c>gen0.io.streams.live</c> that only grows is the leak signal that needs no finalizer; the <c>leaked</c> counter
/// names the streams watched for leaks (<see cref="PooledMemoryStreamOptions.DetectLeaks"/>). The meter is created with
/// this type, which every stream's constructor touches, so it exists before the first stream.
/// </remarks>
internal static class IOMetrics
{
    public const string MeterName = "Gen0.IO";
    public const string CreatedName = "gen0.io.streams.created";
    public const string LiveName = "gen0.io.streams.live";
    public const string LeakedName = "gen0.io.streams.leaked";
    public const string DoubleDisposedName = "gen0.io.streams.double_disposed";

    // Field initializers run in order: the meter (with the two misuse counters, kept whether or not anyone listens),
    // then the two instruments whose Enabled says whether to count.
    private static readonly Meter s_meter = CreateMeter();

    private static readonly ObservableCounter<long> s_created =
        s_meter.CreateObservableCounter(CreatedName, static () => StreamCounters.Snapshot().Created, "{stream}", "Pooled memory streams created while this instrument or the live one was listened to.");

    private static readonly ObservableUpDownCounter<long> s_live = s_meter.CreateObservableUpDownCounter(
        LiveName,
        static () =>
        {
            (long created, long disposed) = StreamCounters.Snapshot();
            return created - disposed;
        },
        "{stream}",
        "Pooled memory streams created (while listened to) and not yet disposed.");

    /// <summary>Gets the meter.</summary>
    public static Meter Meter => s_meter;

    /// <summary>Gets whether streams are to be counted: a listener has the created or the live instrument on.</summary>
    public static bool IsCountingStreams
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => s_created.Enabled || s_live.Enabled;
    }

    private static Meter CreateMeter()
    {
        var meter = new Meter(MeterName);
        meter.CreateObservableCounter(LeakedName, static () => StreamCounters.Leaked, "{stream}", "Pooled memory streams watched for leaks and collected without being disposed.");
        meter.CreateObservableCounter(DoubleDisposedName, static () => StreamCounters.DoubleDisposed, "{stream}", "Disposals of pooled memory streams already disposed.");
        return meter;
    }
}
