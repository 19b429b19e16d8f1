namespace Gen0.Tests.Infrastructure;

/// <summary>
/// Element-by-element checks of buffers that may be megabytes long. xUnit's <c>Assert.Equal</c> over two arrays walks
/// them through a generic comparer and keeps what it walked for its message, and <c>Assert.All</c> runs an assertion per
/// element: fine for a few elements, but on Mono one 300 KB comparison took tens of milliseconds, and the stream fuzzers
/// make thousands (their 64 KiB-block cases took 20-27 s each on Mono, 3 s for all 24 cases with this). A span
/// comparison is vectorized on .NET and a tight loop on Mono, and a failure still says where the two differ.
/// </summary>
internal static class SpanAssert
{
    /// <summary>Fails unless <paramref name="actual"/> holds exactly the elements of <paramref name="expected"/>, in order.</summary>
    public static void Equal<T>(ReadOnlySpan<T> expected, ReadOnlySpan<T> actual, string? what = null)
        where T : IEquatable<T>
    {
        if (expected.SequenceEqual(actual))
        {
            return;
        }

        int common = Math.Min(expected.Length, actual.Length);
        int index = 0;
        while (index < common && expected[index].Equals(actual[index]))
        {
            index++;
        }

        string where = what is null ? string.Empty : what + ": ";
        string detail = index < common
            ? $"first difference at index {index} (expected {expected[index]}, actual {actual[index]})"
            : $"the first {common} agree";
        Assert.Fail($"{where}expected {expected.Length} elements, got {actual.Length}; {detail}");
    }

    /// <summary>Fails unless every element of <paramref name="span"/> is <paramref name="value"/> (the first that is not is named).</summary>
    public static void AllEqual<T>(ReadOnlySpan<T> span, T value, string? what = null)
        where T : IEquatable<T>
    {
        for (int i = 0; i < span.Length; i++)
        {
            if (!span[i].Equals(value))
            {
                string where = what is null ? string.Empty : what + ": ";
                Assert.Fail($"{where}element {i} of {span.Length} is {span[i]}, expected every element to be {value}");
            }
        }
    }
}
