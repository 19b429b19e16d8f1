namespace Gen0.Tool.Analysis;

/// <summary>One remedy and the LOH bytes of the culprits it removes.</summary>
internal sealed class RemedyTotal
{
    public required Remedy Remedy { get; init; }

    public long SampledBytes { get; init; }

    public double Share { get; init; }

    /// <summary>The application methods it applies to.</summary>
    public IReadOnlyList<string> Methods { get; init; } = [];
}
