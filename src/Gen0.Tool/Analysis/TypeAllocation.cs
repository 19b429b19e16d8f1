namespace Gen0.Tool.Analysis;

/// <summary>Sampled allocation of one type on one heap.</summary>
internal sealed class TypeAllocation
{
    public required string TypeName { get; init; }

    public long SampledBytes { get; init; }

    public long Samples { get; init; }

    /// <summary>The type's share of the heap's sampled bytes, 0 to 1.</summary>
    public double Share { get; init; }
}
