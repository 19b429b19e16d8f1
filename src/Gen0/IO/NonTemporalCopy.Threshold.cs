namespace Gen0.IO;

/// <content>The threshold, one definition for every target: the net8.0+ part and the netstandard2.0 stand-in.</content>
internal static partial class NonTemporalCopy
{
    /// <summary>The total below which the destination is written through the cache (its reader likely wants it there).</summary>
    public const int Threshold = 4 * 1024 * 1024;
}
