namespace Gen0.Diagnostics.Tests.Infrastructure;

/// <summary>
/// Tests that read process-wide GC figures, induce GCs or listen to the runtime's GC events join this collection,
/// so that no other test of this assembly runs (and allocates, or collects) while they measure.
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class GcSensitiveCollection
{
    public const string Name = "GC-sensitive (diagnostics)";
}
