namespace Gen0.Diagnostics;

/// <summary>One collection seen by <see cref="GcEventRecorder"/>: a row of a PerfView GCStats table.</summary>
public sealed class GcCollectionRecord
{
    internal GcCollectionRecord(long index, int generation, GcCollectionType type, GcReason reason, DateTime startedAtUtc)
    {
        Index = index;
        Generation = generation;
        Type = type;
        Reason = reason;
        StartedAtUtc = startedAtUtc;
    }

    /// <summary>The runtime's GC index (1 for the first GC of the process).</summary>
    public long Index { get; }

    /// <summary>The generation collected (0, 1 or 2).</summary>
    public int Generation { get; }

    /// <summary>Blocking, background, or foreground.</summary>
    public GcCollectionType Type { get; }

    /// <summary>Why the GC ran.</summary>
    public GcReason Reason { get; }

    /// <summary>Whether code asked for this GC (<see cref="GcReason.Induced"/> and its variants).</summary>
    public bool IsInduced => IsInducedReason(Reason);

    /// <summary>When the GC started (UTC, from the event's timestamp).</summary>
    public DateTime StartedAtUtc { get; }

    /// <summary>
    /// The time managed threads were suspended for this GC: from <c>SuspendEEStart</c> to <c>RestartEEEnd</c>, summed over
    /// both pauses of a background GC.
    /// </summary>
    public TimeSpan Pause { get; internal set; }

    internal bool Ended { get; set; }

    internal static bool IsInducedReason(GcReason reason) =>
        reason is GcReason.Induced or GcReason.InducedNotForced or GcReason.InducedLowMemory or GcReason.InducedCompacting;

    /// <summary>A GCStats-like row: <c>#12 gen2 Blocking Induced pause 3.10 ms</c>.</summary>
    public override string ToString() =>
        string.Create(System.Globalization.CultureInfo.InvariantCulture, $"#{Index} gen{Generation} {Type} {Reason} pause {Pause.TotalMilliseconds:F2} ms");
}
