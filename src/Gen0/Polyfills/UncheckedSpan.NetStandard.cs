namespace Gen0;

/// <summary>
/// netstandard2.0's portable span cannot be made from a reference alone (no <c>MemoryMarshal.CreateSpan</c>), so
/// this is the checked <c>AsSpan</c>: the same span, with the bounds and covariance checks the net8.0+ form skips.
/// </summary>
internal static class UncheckedSpan
{
    /// <summary>Returns the span of <paramref name="array"/> from <paramref name="start"/> to its end.</summary>
    /// <param name="array">The array.</param>
    /// <param name="start">The first index; at most the array's length.</param>
    public static Span<T> Tail<T>(T[] array, int start) => array.AsSpan(start);
}
