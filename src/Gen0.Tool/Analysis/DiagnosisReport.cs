namespace Gen0.Tool.Analysis;

/// <summary>
/// What <c>dotnet-gen0 diagnose</c> found: who allocates on the large and pinned object heaps (with the call stacks and
/// the Gen0 remedy of each culprit), why gen 2 collections ran and who induced them, and the GC figures of the session.
/// Serialized as is for <c>--json</c>.
/// </summary>
internal sealed class DiagnosisReport
{
    public string Tool { get; init; } = "dotnet-gen0";

    public string ToolVersion { get; init; } = ToolInfo.Version;

    public required TraceSource Source { get; init; }

    public required RuntimeGcSettings Runtime { get; init; }

    public required GcOverview Gc { get; init; }

    /// <summary>LOH allocation by type, largest first (sampled bytes).</summary>
    public IReadOnlyList<TypeAllocation> LohTypes { get; init; } = [];

    /// <summary>Each place that allocates on the LOH (type, application method, remedy), largest first.</summary>
    public IReadOnlyList<Culprit> LohCulprits { get; init; } = [];

    public required Gen2Report Gen2 { get; init; }

    /// <summary>Who called <c>GC.Collect</c> (from the stacks of the runtime's GC-triggered events).</summary>
    public IReadOnlyList<InducedCaller> InducedCallers { get; init; } = [];

    public required PinningReport Pinning { get; init; }

    /// <summary>The remedies the culprits call for, with the LOH bytes each would remove.</summary>
    public IReadOnlyList<RemedyTotal> Remedies { get; init; } = [];

    /// <summary>What limits the report (no stacks, a partial session, ...).</summary>
    public IReadOnlyList<string> Notes { get; init; } = [];
}
