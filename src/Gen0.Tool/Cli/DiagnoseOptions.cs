namespace Gen0.Tool;

/// <summary>What <c>diagnose</c> looks at (exactly one of process, trace, command) and for how long.</summary>
internal sealed record DiagnoseOptions
{
    public int? ProcessId { get; init; }

    public string? TracePath { get; init; }

    public IReadOnlyList<string> Command { get; init; } = [];

    /// <summary>How long to record; null: 10 s for a process, until it exits for a command.</summary>
    public TimeSpan? Duration { get; init; }

    /// <summary>Where to keep the recorded trace; null deletes it after the analysis.</summary>
    public string? KeepTracePath { get; init; }

    public required OutputOptions Output { get; init; }

    public static readonly TimeSpan DefaultProcessDuration = TimeSpan.FromSeconds(10);
}
