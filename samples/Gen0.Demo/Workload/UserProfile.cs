namespace Gen0.Demo.Workload;

/// <summary>A simulated user: the access groups whose members they may see.</summary>
internal sealed record UserProfile(int UserId, int[] GroupIndexes);
