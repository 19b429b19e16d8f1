namespace Gen0.Tool.Analysis;

/// <summary>
/// One place that allocates on the LOH (or POH): the allocated type, the application method that made it, the BCL
/// method that did the allocating, the Gen0 remedy, and the stack seen most often.
/// </summary>
internal sealed class Culprit
{
    public required string TypeName { get; init; }

    /// <summary>The first application frame of the stack (the "source method" of the allocation).</summary>
    public required string Method { get; init; }

    /// <summary>The innermost frame: the method that allocated (a BCL method, or <see cref="Method"/> itself).</summary>
    public required string Allocator { get; init; }

    public long SampledBytes { get; init; }

    public long Samples { get; init; }

    /// <summary>Share of the heap's sampled bytes, 0 to 1.</summary>
    public double Share { get; init; }

    public required Remedy Remedy { get; init; }

    /// <summary>The source file of <see cref="Method"/>'s allocating line, when the module's PDB was found.</summary>
    public string? SourceFile { get; init; }

    /// <summary>The line in <see cref="SourceFile"/>.</summary>
    public int? SourceLine { get; init; }

    /// <summary>The text of that line, when the file is on this machine.</summary>
    public string? SourceText { get; init; }

    /// <summary>The stack seen most often for this culprit, innermost frame first.</summary>
    public IReadOnlyList<string> Stack { get; init; } = [];

    /// <summary>How many distinct stacks lead to this culprit.</summary>
    public int DistinctStacks { get; init; }
}
