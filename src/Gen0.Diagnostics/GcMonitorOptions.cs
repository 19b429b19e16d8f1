namespace Gen0.Diagnostics;

/// <summary>
/// How <see cref="GcMonitor"/> samples and judges: the polling interval, the window, and the rule thresholds. The
/// defaults are the thresholds a PerfView GCStats review watches: % time in GC above 5 %, any induced GC, gen 2
/// collections that keep coming, a LOH that keeps growing, and private bytes far above their usual peak.
/// </summary>
public sealed class GcMonitorOptions
{
    /// <summary>
    /// How often the timer polls the runtime. Default 1 second. <see cref="TimeSpan.Zero"/> or
    /// <see cref="Timeout.InfiniteTimeSpan"/> turns the timer off: the monitor then samples only when
    /// <see cref="GcMonitor.Snapshot"/> or <see cref="GcMonitor.Poll"/> is called.
    /// </summary>
    public TimeSpan PollingInterval { get; set; } = TimeSpan.FromSeconds(1);

    /// <summary>
    /// The sliding window the report covers, and the length of one window for the growth rules. Default 1 minute.
    /// The monitor keeps at most one sample per 1/120 of the window (polls closer together coalesce into the newest),
    /// so its memory is bounded whatever the poll rate and a report covers the window to within 1/120 of it.
    /// </summary>
    public TimeSpan Window { get; set; } = TimeSpan.FromMinutes(1);

    /// <summary>
    /// Raise <see cref="GcAlertRules.PauseTime"/> when the share of wall time paused in GC over the window is above
    /// this percentage. Default 5 (%).
    /// </summary>
    public double PauseTimeThresholdPercent { get; set; } = 5;

    /// <summary>
    /// The shortest window the pause-time rule judges: one pause in a window of a few milliseconds is a large share
    /// but no signal. Default 1 second.
    /// </summary>
    public TimeSpan MinimumPauseTimeWindow { get; set; } = TimeSpan.FromSeconds(1);

    /// <summary>Raise <see cref="GcAlertRules.InducedCollections"/> when the window holds more induced GCs than this. Default 0.</summary>
    public long InducedCollectionsThreshold { get; set; }

    /// <summary>
    /// Whether the monitor runs a <see cref="GcEventRecorder"/> (an <see cref="System.Diagnostics.Tracing.EventListener"/>
    /// on the runtime's GC events) to count induced GCs exactly and attribute LOH allocations to types. Off by default:
    /// without it induced GCs are reported as unknown and gen 2s are split into blocking and background from polling.
    /// </summary>
    public bool TrackInducedCollections { get; set; }

    /// <summary>
    /// How many consecutive windows the growth rules look at: <see cref="GcAlertRules.BlockingGen2Growth"/> fires when
    /// each of them had blocking gen 2 collections, <see cref="GcAlertRules.LohGrowth"/> when the LOH grew in each.
    /// Default 3; at most <see cref="MaxWindowHistory"/>.
    /// </summary>
    public int GrowthWindows { get; set; } = 3;

    /// <summary>The least total LOH growth over <see cref="GrowthWindows"/> that counts as growing. Default 1 MiB.</summary>
    public long LohGrowthThresholdBytes { get; set; } = 1024 * 1024;

    /// <summary>
    /// Raise <see cref="GcAlertRules.PrivateBytes"/> when private bytes exceed this multiple of the baseline. Default 2.
    /// </summary>
    public double PrivateBytesFactor { get; set; } = 2;

    /// <summary>
    /// A fixed private-bytes baseline. <see langword="null"/> (the default) derives it as the median of the peaks of the
    /// last <see cref="PrivateBytesBaselineWindows"/> windows, the in-process version of "the median of two weeks of
    /// daily peaks".
    /// </summary>
    public long? PrivateBytesBaseline { get; set; }

    /// <summary>
    /// How many window peaks the derived baseline is the median of. Default 10; at least 3 must exist before the rule
    /// judges; at most <see cref="MaxWindowHistory"/>.
    /// </summary>
    public int PrivateBytesBaselineWindows { get; set; } = 10;

    /// <summary>
    /// Raise <see cref="GcAlertRules.MemoryLoad"/> when the memory load at the last GC reaches this percentage of the
    /// memory the GC may use. <see langword="null"/> (the default) uses the GC's own high-memory-load threshold
    /// (<c>GCHighMemPercent</c>, 90 % unless configured), where it starts collecting aggressively.
    /// </summary>
    public double? MemoryLoadThresholdPercent { get; set; }

    /// <summary>
    /// Raise <see cref="GcAlertRules.FinalizationQueueGrowth"/> when the objects waiting for finalization grew in each of
    /// the last <see cref="GrowthWindows"/> windows, by at least this many in all. Default 1,000.
    /// </summary>
    public long FinalizationQueueGrowthThreshold { get; set; } = 1_000;

    /// <summary>Whether to read the process's private bytes. Default true.</summary>
    public bool ReadPrivateBytes { get; set; } = true;

    /// <summary>
    /// How often private bytes are re-read; polls in between reuse the last value. Reading them is a system call
    /// (<c>/proc/self/statm</c> on Linux) that costs more than all the GC figures together, and private bytes move
    /// slowly. Default 5 seconds; <see cref="TimeSpan.Zero"/> reads them at every poll.
    /// </summary>
    public TimeSpan PrivateBytesRefreshInterval { get; set; } = TimeSpan.FromSeconds(5);

    /// <summary>The most closed windows <see cref="GrowthWindows"/> and <see cref="PrivateBytesBaselineWindows"/> may look back over (the history is kept in memory).</summary>
    public const int MaxWindowHistory = 1_000;

    internal int MinimumBaselineWindows => Math.Min(3, PrivateBytesBaselineWindows);

    internal bool TimerEnabled => PollingInterval != TimeSpan.Zero && PollingInterval != Timeout.InfiniteTimeSpan;

    internal GcMonitorOptions Clone() => (GcMonitorOptions)MemberwiseClone();

    internal void Validate()
    {
        if (PollingInterval < TimeSpan.Zero && PollingInterval != Timeout.InfiniteTimeSpan)
        {
            throw new ArgumentOutOfRangeException(nameof(PollingInterval), PollingInterval, "PollingInterval must be positive, TimeSpan.Zero or Timeout.InfiniteTimeSpan.");
        }

        if (Window <= TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(Window), Window, "Window must be positive.");
        }

        if (MinimumPauseTimeWindow < TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(MinimumPauseTimeWindow), MinimumPauseTimeWindow, "MinimumPauseTimeWindow must not be negative.");
        }

        if (PrivateBytesRefreshInterval < TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(PrivateBytesRefreshInterval), PrivateBytesRefreshInterval, "PrivateBytesRefreshInterval must not be negative.");
        }

        if (double.IsNaN(PauseTimeThresholdPercent) || PauseTimeThresholdPercent < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(PauseTimeThresholdPercent), PauseTimeThresholdPercent, "PauseTimeThresholdPercent must be a non-negative percentage.");
        }

        if (double.IsNaN(PrivateBytesFactor) || PrivateBytesFactor <= 0)
        {
            throw new ArgumentOutOfRangeException(nameof(PrivateBytesFactor), PrivateBytesFactor, "PrivateBytesFactor must be positive.");
        }

        if (MemoryLoadThresholdPercent is double load && (double.IsNaN(load) || load <= 0 || load > 100))
        {
            throw new ArgumentOutOfRangeException(nameof(MemoryLoadThresholdPercent), MemoryLoadThresholdPercent, "MemoryLoadThresholdPercent must be a percentage above 0 and at most 100, or null for the GC's own threshold.");
        }

        ArgumentOutOfRangeException.ThrowIfNegative(FinalizationQueueGrowthThreshold, nameof(FinalizationQueueGrowthThreshold));
        ArgumentOutOfRangeException.ThrowIfNegative(InducedCollectionsThreshold, nameof(InducedCollectionsThreshold));
        ArgumentOutOfRangeException.ThrowIfLessThan(GrowthWindows, 1, nameof(GrowthWindows));
        ArgumentOutOfRangeException.ThrowIfGreaterThan(GrowthWindows, MaxWindowHistory, nameof(GrowthWindows));
        ArgumentOutOfRangeException.ThrowIfGreaterThan(PrivateBytesBaselineWindows, MaxWindowHistory, nameof(PrivateBytesBaselineWindows));
        ArgumentOutOfRangeException.ThrowIfNegative(LohGrowthThresholdBytes, nameof(LohGrowthThresholdBytes));
        ArgumentOutOfRangeException.ThrowIfLessThan(PrivateBytesBaselineWindows, 1, nameof(PrivateBytesBaselineWindows));
        if (PrivateBytesBaseline is <= 0)
        {
            throw new ArgumentOutOfRangeException(nameof(PrivateBytesBaseline), PrivateBytesBaseline, "PrivateBytesBaseline must be positive or null.");
        }
    }
}
