namespace Gen0.Demo.Workload;

/// <summary>
/// What the simulated service sends a user: the ids of everything they may see and the records for the first of
/// them. Declared with read-only interfaces so that both modes serialize to the same JSON whatever they build it from.
/// </summary>
public sealed class ClientCache
{
    public required int UserId { get; init; }

    public required IReadOnlyList<int> VisibleIds { get; init; }

    public required IReadOnlyList<ClientRecord> Records { get; init; }
}
