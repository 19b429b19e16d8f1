namespace Gen0.Tests.Infrastructure;

/// <summary>
/// Tests that read process-wide GC figures (collection counts, LOH size, allocated bytes) join this collection so
/// that no other test allocates while they measure.
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class GcSensitiveCollection
{
    public const string Name = "GC-sensitive";
}
