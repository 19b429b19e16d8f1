namespace Gen0.Tool.Analysis;

/// <summary>The gen 2 collections of the session: each one, and the count per reason.</summary>
internal sealed class Gen2Report
{
    public IReadOnlyList<ReasonCount> ByReason { get; init; } = [];

    /// <summary>Each gen 2 collection (at most <see cref="TraceAnalyzer.MaxListedCollections"/>, the longest pauses kept).</summary>
    public IReadOnlyList<CollectionSummary> Collections { get; init; } = [];
}
