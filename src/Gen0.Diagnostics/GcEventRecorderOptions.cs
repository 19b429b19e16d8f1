namespace Gen0.Diagnostics;

/// <summary>Bounds and switches for a <see cref="GcEventRecorder"/>.</summary>
public sealed class GcEventRecorderOptions
{
    /// <summary>
    /// How long a recording may run before it stops itself; <see cref="Timeout.InfiniteTimeSpan"/> for no limit.
    /// Default 5 minutes: the recorder is a diagnostic session, not an always-on feature.
    /// </summary>
    public TimeSpan MaxDuration { get; set; } = TimeSpan.FromMinutes(5);

    /// <summary>The most collections kept; older ones are dropped first (and counted). Default 10,000.</summary>
    public int MaxCollections { get; set; } = 10_000;

    /// <summary>Whether to enable the verbose allocation-tick events and attribute LOH allocations to types. Default true.</summary>
    public bool RecordLargeObjectAllocations { get; set; } = true;

    /// <summary>The most distinct type names tracked; the rest are summed under <c>(other types)</c>. Default 1,000.</summary>
    public int MaxTrackedTypes { get; set; } = 1_000;

    internal void Validate()
    {
        if (MaxDuration != Timeout.InfiniteTimeSpan && MaxDuration <= TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(MaxDuration), MaxDuration, "MaxDuration must be positive or Timeout.InfiniteTimeSpan.");
        }

        ArgumentOutOfRangeException.ThrowIfLessThan(MaxCollections, 1, nameof(MaxCollections));
        ArgumentOutOfRangeException.ThrowIfLessThan(MaxTrackedTypes, 1, nameof(MaxTrackedTypes));
    }
}
