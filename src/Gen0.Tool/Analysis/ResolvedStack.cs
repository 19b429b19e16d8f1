namespace Gen0.Tool.Analysis;

/// <summary>An event's managed stack (innermost frame first, without signatures) and the source line of its first application frame.</summary>
internal sealed record ResolvedStack(IReadOnlyList<string> Frames, SourceLine? Source)
{
    public static ResolvedStack Empty { get; } = new([], null);
}
