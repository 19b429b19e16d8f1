namespace Gen0.Diagnostics;

/// <summary>
/// Large object heap allocations attributed to one type by the runtime's sampled <c>GCAllocationTick</c> events: each
/// sample stands for roughly 100 KB of LOH allocation, so the bytes are an estimate, good for ranking.
/// </summary>
public sealed class LargeObjectAllocation
{
    /// <summary>The allocated type as the runtime names it, for example <c>System.Byte[]</c>.</summary>
    public string TypeName { get; init; } = string.Empty;

    /// <summary>The bytes the samples account for.</summary>
    public long SampledBytes { get; init; }

    /// <summary>How many allocation-tick samples named this type.</summary>
    public long Samples { get; init; }

    /// <summary>A one-line summary.</summary>
    public override string ToString() =>
        string.Create(System.Globalization.CultureInfo.InvariantCulture, $"{TypeName}: {SampledBytes:N0} B in {Samples} samples");
}
