namespace Gen0.Demo.Workload;

/// <summary>One item of a user's client cache (a project, form or contact the user may see).</summary>
public sealed record ClientRecord(int Id, string Name, int OwnerId, long Version);
