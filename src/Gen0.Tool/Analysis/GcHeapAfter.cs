namespace Gen0.Tool.Analysis;

/// <summary>The runtime's heap statistics after one GC (GCHeapStats).</summary>
internal readonly record struct GcHeapAfter(
    long Gen0Bytes,
    long Gen1Bytes,
    long Gen2Bytes,
    long LohBytes,
    long PohBytes,
    long PromotedBytes,
    long PinnedObjects,
    long FinalizationPromotedCount,
    long GcHandles)
{
    public long TotalBytes => Gen0Bytes + Gen1Bytes + Gen2Bytes + LohBytes + PohBytes;
}
