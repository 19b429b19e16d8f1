namespace Gen0.Tool.Analysis;

/// <summary>Pinning: how many objects the GCs found pinned, which types, and who allocates on the pinned object heap.</summary>
internal sealed class PinningReport
{
    /// <summary>The most pinned objects one GC found (from the runtime's heap statistics).</summary>
    public long? MaxPinnedObjects { get; init; }

    /// <summary>Objects pinned at GC time, by type (from the verbose pin events; empty when the runtime sent none).</summary>
    public IReadOnlyList<TypeAllocation> PinnedTypes { get; init; } = [];

    /// <summary>Allocations on the pinned object heap, by place.</summary>
    public IReadOnlyList<Culprit> PohCulprits { get; init; } = [];
}
