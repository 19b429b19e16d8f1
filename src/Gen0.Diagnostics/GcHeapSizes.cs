using System.Globalization;

namespace Gen0.Diagnostics;

/// <summary>Managed heap sizes after the last GC, per generation, with fragmentation.</summary>
public sealed class GcHeapSizes
{
    /// <summary>Gen 0 size in bytes.</summary>
    public long Gen0Bytes { get; init; }

    /// <summary>Gen 1 size in bytes.</summary>
    public long Gen1Bytes { get; init; }

    /// <summary>Gen 2 size in bytes.</summary>
    public long Gen2Bytes { get; init; }

    /// <summary>Large object heap size in bytes.</summary>
    public long LargeObjectHeapBytes { get; init; }

    /// <summary>Pinned object heap size in bytes.</summary>
    public long PinnedObjectHeapBytes { get; init; }

    /// <summary>The whole heap in bytes, fragmentation included (<see cref="GCMemoryInfo.HeapSizeBytes"/>).</summary>
    public long TotalBytes { get; init; }

    /// <summary>Free space inside the heap in bytes (<see cref="GCMemoryInfo.FragmentedBytes"/>).</summary>
    public long FragmentedBytes { get; init; }

    /// <summary>Free space inside the large object heap in bytes: what a LOH that is never compacted loses.</summary>
    public long LargeObjectHeapFragmentedBytes { get; init; }

    /// <summary><see cref="FragmentedBytes"/> as a percentage of <see cref="TotalBytes"/>.</summary>
    public double FragmentationPercentage => TotalBytes == 0 ? 0 : 100.0 * FragmentedBytes / TotalBytes;

    /// <summary>The figures on one line, in bytes: <c>total 1,234 B (fragmented 10 B), gen0 ..., gen1 ..., gen2 ..., LOH ..., POH ...</c>.</summary>
    public override string ToString() =>
        string.Create(CultureInfo.InvariantCulture, $"total {TotalBytes:N0} B (fragmented {FragmentedBytes:N0} B), gen0 {Gen0Bytes:N0} B, gen1 {Gen1Bytes:N0} B, gen2 {Gen2Bytes:N0} B, LOH {LargeObjectHeapBytes:N0} B (fragmented {LargeObjectHeapFragmentedBytes:N0} B), POH {PinnedObjectHeapBytes:N0} B");
}
