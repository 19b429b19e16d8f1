namespace Gen0.Tool.Analysis;

/// <summary>Percentiles of sorted samples.</summary>
internal static class Percentiles
{
    /// <summary>The nearest-rank percentile: the smallest value with at least p % of the values at or below it; 0 when empty.</summary>
    public static double NearestRank(ReadOnlySpan<double> sorted, int percentile)
    {
        if (sorted.IsEmpty)
        {
            return 0;
        }

        int rank = (int)Math.Ceiling(percentile / 100.0 * sorted.Length);
        return sorted[Math.Clamp(rank, 1, sorted.Length) - 1];
    }
}
