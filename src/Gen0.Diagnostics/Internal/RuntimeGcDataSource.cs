namespace Gen0.Diagnostics.Internal;

/// <summary>
/// Reads the live runtime: collection counts, total pause and allocation, the <see cref="GCMemoryInfo"/> of the
/// last GC of each kind, private bytes, and (when a recorder runs beside the monitor) the exact induced and gen 2
/// counts that only the runtime's events carry.
/// </summary>
internal sealed class RuntimeGcDataSource : IGcDataSource, IDisposable
{
    private readonly PrivateBytesReader? _privateBytes;
    private readonly GcEventRecorder? _recorder;
    private readonly long _privateBytesRefreshMs;
    private long _privateBytesReadAt;
    private long _privateBytesValue;
    private bool _privateBytesRead;

    public RuntimeGcDataSource(bool readPrivateBytes, TimeSpan privateBytesRefreshInterval, GcEventRecorder? recorder)
    {
        _privateBytes = readPrivateBytes ? new PrivateBytesReader() : null;
        _privateBytesRefreshMs = (long)privateBytesRefreshInterval.TotalMilliseconds;
        _recorder = recorder;
    }

    public void Read(ref GcFigures figures)
    {
        figures.Gen0Count = GC.CollectionCount(0);
        figures.Gen1Count = GC.CollectionCount(1);
        figures.Gen2Count = GC.CollectionCount(2);
        figures.TotalPause = GC.GetTotalPauseDuration();
        figures.TotalAllocatedBytes = GC.GetTotalAllocatedBytes(precise: false);
        figures.PrivateBytes = ReadPrivateBytes();

        GCMemoryInfo any = GC.GetGCMemoryInfo(GCKind.Any);
        figures.CommittedBytes = any.TotalCommittedBytes;
        figures.HeapSizeBytes = HeapSize(any.Index, any.HeapSizeBytes, static () => GC.GetTotalMemory(forceFullCollection: false));
        figures.FragmentedBytes = any.FragmentedBytes;
        ReadOnlySpan<GCGenerationInfo> generations = any.GenerationInfo;
        figures.Gen0SizeBytes = SizeAfter(generations, 0, out figures.Gen0FragmentedBytes);
        figures.Gen1SizeBytes = SizeAfter(generations, 1, out figures.Gen1FragmentedBytes);
        figures.Gen2SizeBytes = SizeAfter(generations, 2, out figures.Gen2FragmentedBytes);
        figures.LohSizeBytes = SizeAfter(generations, 3, out figures.LohFragmentedBytes);
        figures.PohSizeBytes = SizeAfter(generations, 4, out figures.PohFragmentedBytes);
        figures.MemoryLoadBytes = any.MemoryLoadBytes;
        figures.TotalAvailableMemoryBytes = any.TotalAvailableMemoryBytes;
        figures.HighMemoryLoadThresholdBytes = any.HighMemoryLoadThresholdBytes;
        figures.PinnedObjectsCount = any.PinnedObjectsCount;
        figures.FinalizationPendingCount = any.FinalizationPendingCount;
        figures.PromotedBytes = any.PromotedBytes;
        figures.LastAny = Last(any);
        figures.LastEphemeral = Last(GC.GetGCMemoryInfo(GCKind.Ephemeral));
        figures.LastFullBlocking = Last(GC.GetGCMemoryInfo(GCKind.FullBlocking));
        figures.LastBackground = Last(GC.GetGCMemoryInfo(GCKind.Background));

        if (_recorder is not null)
        {
            figures.InducedCount = _recorder.InducedCount;
            figures.BlockingGen2Count = _recorder.BlockingGen2Count;
            figures.BackgroundGen2Count = _recorder.BackgroundGen2Count;
        }
    }

    /// <summary>
    /// Private bytes cost a system call (several microseconds, more than all the GC figures together), so they are
    /// re-read at most once per refresh interval and the last value is reused in between.
    /// </summary>
    private long ReadPrivateBytes()
    {
        if (_privateBytes is null)
        {
            return 0;
        }

        long now = Environment.TickCount64;
        if (!_privateBytesRead || now - _privateBytesReadAt >= _privateBytesRefreshMs)
        {
            _privateBytesValue = _privateBytes.Read();
            _privateBytesReadAt = now;
            _privateBytesRead = true;
        }

        return _privateBytesValue;
    }

    /// <summary>
    /// The heap size after the last GC, or, before the first GC (when the runtime's last-GC record is empty and says
    /// 0), the bytes allocated on the heap now: a report must never show an empty heap.
    /// </summary>
    internal static long HeapSize(long lastGcIndex, long heapSizeAfterLastGc, Func<long> currentHeapBytes) =>
        lastGcIndex == 0 ? currentHeapBytes() : heapSizeAfterLastGc;

    private static long SizeAfter(ReadOnlySpan<GCGenerationInfo> generations, int index, out long fragmented)
    {
        if ((uint)index < (uint)generations.Length)
        {
            fragmented = generations[index].FragmentationAfterBytes;
            return generations[index].SizeAfterBytes;
        }

        fragmented = 0;
        return 0;
    }

    private static GcLastCollection Last(GCMemoryInfo info)
    {
        ReadOnlySpan<TimeSpan> pauses = info.PauseDurations;
        TimeSpan total = TimeSpan.Zero;
        foreach (TimeSpan pause in pauses)
        {
            total += pause;
        }

        return new GcLastCollection(info.Index, total);
    }

    public void Dispose() => _privateBytes?.Dispose();
}
