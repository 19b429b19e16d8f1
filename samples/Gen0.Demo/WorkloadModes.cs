namespace Gen0.Demo;

/// <summary>The two ways the same workload is written.</summary>
internal static class WorkloadModes
{
    public const string Baseline = "baseline";
    public const string Gen0 = "gen0";

    public static IReadOnlyList<string> All { get; } = [Baseline, Gen0];

    public static bool IsKnown(string? mode) => mode is Baseline or Gen0;
}
