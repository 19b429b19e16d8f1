namespace Gen0.Tool.Analysis;

/// <summary>Where the events came from and how long they cover.</summary>
internal sealed class TraceSource
{
    /// <summary><c>process</c> (attached by id), <c>command</c> (started by the tool) or <c>trace</c> (a .nettrace file).</summary>
    public required string Kind { get; init; }

    public int? ProcessId { get; init; }

    public string? ProcessName { get; init; }

    public string? CommandLine { get; init; }

    public string? TraceFile { get; init; }

    /// <summary>The wall time the events cover, from the first to the last.</summary>
    public double DurationSeconds { get; init; }

    /// <summary>Whether the session was cut short (Ctrl+C, the target exited early, a truncated file).</summary>
    public bool Partial { get; init; }

    /// <summary>Whether the trace file was cut short (only the events before the cut were read); the tool then exits with <see cref="ExitCodes.BadTrace"/> after the report.</summary>
    public bool Truncated { get; init; }

    /// <summary>The exit code of a command the tool started, once it exited.</summary>
    public int? ExitCode { get; init; }

    public long EventCount { get; init; }

    public TraceSource AsTruncated() => new()
    {
        Kind = Kind, ProcessId = ProcessId, ProcessName = ProcessName, CommandLine = CommandLine, TraceFile = TraceFile,
        DurationSeconds = DurationSeconds, Partial = true, Truncated = true, ExitCode = ExitCode, EventCount = EventCount,
    };
}
