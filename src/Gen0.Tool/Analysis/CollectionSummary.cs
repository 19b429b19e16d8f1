namespace Gen0.Tool.Analysis;

/// <summary>One garbage collection.</summary>
internal sealed class CollectionSummary
{
    public long Number { get; init; }

    public int Generation { get; init; }

    /// <summary><c>Blocking</c>, <c>Background</c> or <c>Foreground</c>.</summary>
    public required string Type { get; init; }

    public required string Reason { get; init; }

    /// <summary>When it started, in seconds from the start of the session.</summary>
    public double StartSeconds { get; init; }

    public double PauseMs { get; init; }

    /// <summary>For an induced collection, the application method that called <c>GC.Collect</c>.</summary>
    public string? InducedBy { get; init; }
}
