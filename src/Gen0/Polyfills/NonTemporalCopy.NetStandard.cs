namespace Gen0.IO;

/// <summary>
/// netstandard2.0 has no hardware intrinsics, so there is no non-temporal path: <see cref="IsSupported"/> is
/// <see langword="false"/> and big copies go through the cache, block by block (the net8.0+ type explains the cost).
/// </summary>
internal static partial class NonTemporalCopy
{
    /// <summary>Gets whether this runtime has the non-temporal path: never on netstandard2.0.</summary>
    public static bool IsSupported => false;

    /// <summary>Copies <paramref name="source"/> into <paramref name="destination"/> with ordinary stores.</summary>
    /// <param name="source">The bytes to copy.</param>
    /// <param name="destination">Where to copy them (at least as long).</param>
    public static void Copy(ReadOnlySpan<byte> source, Span<byte> destination) => source.CopyTo(destination);

    /// <summary>Nothing to order: the copies were ordinary stores.</summary>
    public static void Fence()
    {
    }
}
