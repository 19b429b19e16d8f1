namespace Gen0.Demo.Running;

/// <summary>Both modes' results and whether their responses were the same bytes.</summary>
public sealed class Comparison
{
    public required ModeResult Baseline { get; init; }

    public required ModeResult Gen0 { get; init; }

    public required bool OutputsIdentical { get; init; }

    /// <summary>Gets how many requests (ids 0 to n - 1, run by both modes) had their responses compared.</summary>
    public required long ComparedRequests { get; init; }

    /// <summary>Gets the id of the first request whose responses differ, or -1.</summary>
    public required long FirstDifference { get; init; }

    public static Comparison Of(ModeResult baseline, ModeResult gen0)
    {
        List<ulong> left = baseline.OutputDigests ?? [];
        List<ulong> right = gen0.OutputDigests ?? [];
        int common = Math.Min(left.Count, right.Count);
        long firstDifference = -1;
        for (int i = 0; i < common; i++)
        {
            if (left[i] != right[i])
            {
                firstDifference = i;
                break;
            }
        }

        return new Comparison
        {
            Baseline = baseline,
            Gen0 = gen0,
            OutputsIdentical = common > 0 && firstDifference < 0,
            ComparedRequests = common,
            FirstDifference = firstDifference,
        };
    }
}
