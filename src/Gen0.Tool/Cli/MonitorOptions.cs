namespace Gen0.Tool;

/// <summary>What <c>monitor</c> watches, how often it reports, and for how long.</summary>
internal sealed record MonitorOptions
{
    public int ProcessId { get; init; }

    public TimeSpan Interval { get; init; } = TimeSpan.FromSeconds(1);

    /// <summary>Null: until Ctrl+C or the process exits.</summary>
    public TimeSpan? Duration { get; init; }

    public required OutputOptions Output { get; init; }
}
