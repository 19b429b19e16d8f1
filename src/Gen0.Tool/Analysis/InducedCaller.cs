namespace Gen0.Tool.Analysis;

/// <summary>A method that called <c>GC.Collect</c> (or another API that induces a GC).</summary>
internal sealed class InducedCaller
{
    public required string Method { get; init; }

    public long Count { get; init; }

    public IReadOnlyList<string> Stack { get; init; } = [];

    /// <summary>Where the call is (file:line), when the module's PDB was found.</summary>
    public string? Source { get; init; }
}
