using System.Diagnostics.Metrics;

namespace Gen0.Buffers;

/// <summary>
/// The <c>Gen0.Buffers</c> meter: observable instruments over the statistics of every live
/// <see cref="ScalableArrayPool{T}"/>, tagged <c>pool.name</c> and <c>element.type</c>.
/// </summary>
/// <remarks>
/// The instruments are observable, so nothing is recorded on the pools' hot paths: a listener's collection reads
/// each pool's <see cref="ScalableArrayPoolStatistics"/>. Pools are held weakly, so a pool that is dropped stops
/// reporting once it is collected.
/// </remarks>
internal static class ArrayPoolMetrics
{
    public const string MeterName = "Gen0.Buffers";
    public const string RentsName = "gen0.buffers.rents";
    public const string HitsName = "gen0.buffers.hits";
    public const string AllocationsName = "gen0.buffers.allocations";
    public const string AllocatedBytesName = "gen0.buffers.allocated";
    public const string DropsName = "gen0.buffers.drops";
    public const string RetainedBytesName = "gen0.buffers.retained";
    public const string TrimmedBytesName = "gen0.buffers.trimmed";

    private static readonly List<WeakReference<IArrayPoolStatisticsSource>> s_sources = [];
    private static readonly Meter s_meter = CreateMeter();

    /// <summary>Gets the meter (created on first use).</summary>
    public static Meter Meter => s_meter;

    /// <summary>Adds a pool to what the instruments report.</summary>
    public static void Register(IArrayPoolStatisticsSource source)
    {
        _ = s_meter;
        lock (s_sources)
        {
            s_sources.RemoveAll(static w => !w.TryGetTarget(out _));
            s_sources.Add(new WeakReference<IArrayPoolStatisticsSource>(source));
        }
    }

    private static Meter CreateMeter()
    {
        var meter = new Meter(MeterName);
        meter.CreateObservableCounter(RentsName, () => Observe(static s => s.Rents), "{rent}", "Rents of a positive length.");
        meter.CreateObservableCounter(HitsName, () => Observe(static s => s.Hits), "{rent}", "Rents served with a kept array.");
        meter.CreateObservableCounter(AllocationsName, () => Observe(static s => s.Allocations), "{array}", "Arrays allocated by rents.");
        meter.CreateObservableCounter(AllocatedBytesName, () => Observe(static s => s.AllocatedBytes), "By", "Bytes of the arrays allocated by rents.");
        meter.CreateObservableCounter(DropsName, ObserveDrops, "{array}", "Returned arrays the pool did not keep, by reason.");
        meter.CreateObservableUpDownCounter(RetainedBytesName, () => Observe(static s => s.RetainedBytes), "By", "Bytes of the arrays the pool holds.");
        meter.CreateObservableCounter(TrimmedBytesName, () => Observe(static s => s.TrimmedBytes), "By", "Bytes of the arrays the pool released (idle timer, memory pressure, Trim, Dispose); they are garbage from then on.");
        return meter;
    }

    private static List<(IArrayPoolStatisticsSource Source, ScalableArrayPoolStatistics Statistics)> Snapshot()
    {
        var sources = new List<IArrayPoolStatisticsSource>();
        lock (s_sources)
        {
            foreach (WeakReference<IArrayPoolStatisticsSource> weak in s_sources)
            {
                if (weak.TryGetTarget(out IArrayPoolStatisticsSource? source) && !source.IsDisposed)
                {
                    sources.Add(source);
                }
            }
        }

        return sources.ConvertAll(static s => (s, s.GetStatistics()));
    }

    private static IEnumerable<Measurement<long>> Observe(Func<ScalableArrayPoolStatistics, long> read)
    {
        foreach ((IArrayPoolStatisticsSource source, ScalableArrayPoolStatistics statistics) in Snapshot())
        {
            yield return new Measurement<long>(read(statistics), Tags(source));
        }
    }

    private static IEnumerable<Measurement<long>> ObserveDrops()
    {
        foreach ((IArrayPoolStatisticsSource source, ScalableArrayPoolStatistics statistics) in Snapshot())
        {
            foreach (ArrayPoolDropReason reason in Enum.GetValues<ArrayPoolDropReason>())
            {
                yield return new Measurement<long>(
                    statistics.GetDrops(reason),
                    [new("pool.name", source.Name), new("element.type", source.ElementType), new("reason", reason.ToString())]);
            }
        }
    }

    private static KeyValuePair<string, object?>[] Tags(IArrayPoolStatisticsSource source) =>
        [new("pool.name", source.Name), new("element.type", source.ElementType)];
}
