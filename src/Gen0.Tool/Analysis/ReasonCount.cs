namespace Gen0.Tool.Analysis;

/// <summary>How many gen 2 collections one reason caused, and how long they paused the process.</summary>
internal sealed class ReasonCount
{
    public required string Reason { get; init; }

    public long Count { get; init; }

    public long Blocking { get; init; }

    public long Background { get; init; }

    public double PauseMs { get; init; }

    /// <summary>What the reason means and what to do about it.</summary>
    public required string Meaning { get; init; }
}
