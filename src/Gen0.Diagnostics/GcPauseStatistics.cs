namespace Gen0.Diagnostics;

/// <summary>
/// The distribution of GC pauses in a window, from <see cref="GCMemoryInfo.PauseDurations"/> of the collections the
/// monitor saw. Polling sees the last GC of each kind at each poll, so when several ephemeral GCs run between two polls
/// only the last is in the distribution: <see cref="ObservedCollections"/> says how many it holds.
/// </summary>
public sealed class GcPauseStatistics
{
    /// <summary>How many collections' pauses the statistics are computed from.</summary>
    public int ObservedCollections { get; init; }

    /// <summary>The longest pause.</summary>
    public TimeSpan Max { get; init; }

    /// <summary>The median pause (nearest rank).</summary>
    public TimeSpan P50 { get; init; }

    /// <summary>The 99th percentile pause (nearest rank).</summary>
    public TimeSpan P99 { get; init; }
}
