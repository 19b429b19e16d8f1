using Microsoft.Diagnostics.Tracing;
using Microsoft.Diagnostics.Tracing.Parsers.Clr;

namespace Gen0.Tool.Analysis;

/// <summary>
/// Folds the runtime's GC events (from a file or a live session) into collections with their pauses, heap sizes and
/// memory load. One implementation for <c>diagnose</c> and <c>monitor</c>.
/// </summary>
/// <remarks>
/// The pause of a GC is measured as PerfView measures it, from <c>GCSuspendEEBegin</c> to <c>GCRestartEEEnd</c>; a
/// suspension with no <c>GCStart</c> inside is a background GC's second pause and is added to it. A suspension for
/// anything but a GC (a debugger, a rejit) is not counted. Memory is bounded: at most <see cref="MaxRecords"/> records
/// are kept (the oldest go first), while the counters cover everything.
/// </remarks>
internal sealed class GcEventFold
{
    public const int MaxRecords = 100_000;

    private readonly Queue<GcRecord> _records = new();
    private readonly Func<TraceEvent, ResolvedStack?>? _stacks;
    private double _suspendedAt;
    private bool _suspendedForGc;
    private GcRecord? _pauseOwner;
    private GcRecord? _background;
    private GcRecord? _last;
    private ResolvedStack? _pendingTriggerStack;

    /// <param name="source">The events.</param>
    /// <param name="stacks">Resolves an event's call stack; null for a live source without stacks.</param>
    public GcEventFold(TraceEventDispatcher source, Func<TraceEvent, ResolvedStack?>? stacks)
    {
        _stacks = stacks;
        source.Clr.GCSuspendEEStart += OnSuspend;
        source.Clr.GCRestartEEStop += OnRestart;
        source.Clr.GCStart += OnStart;
        source.Clr.GCStop += OnEnd;
        source.Clr.GCHeapStats += OnHeapStats;
        source.Clr.GCGlobalHeapHistory += OnGlobalHeapHistory;
        source.Clr.GCTriggered += OnTriggered;
        var rundown = new ClrRundownTraceEventParser(source);
        rundown.GCSettingsRundown += OnSettings;
    }

    /// <summary>Raised when a collection's first (or only) pause ended, or a background GC ended.</summary>
    public event Action<GcRecord>? CollectionCompleted;

    /// <summary>Raised when heap statistics or the memory load arrived (after the GC they describe, for a background GC after its end).</summary>
    public event Action? HeapObserved;

    public long Gen0Count { get; private set; }

    public long Gen1Count { get; private set; }

    public long Gen2Count { get; private set; }

    public long BlockingGen2Count { get; private set; }

    public long BackgroundGen2Count { get; private set; }

    public long InducedCount { get; private set; }

    /// <summary>All time paused for GCs, in milliseconds.</summary>
    public double TotalPauseMs { get; private set; }

    /// <summary>The number of GC heaps (GCGlobalHeapHistory).</summary>
    public int? HeapCount { get; private set; }

    public long? HeapHardLimitBytes { get; private set; }

    public bool? Concurrent { get; private set; }

    public int? HighMemoryPercent { get; private set; }

    public int? MaxMemoryLoadPercent { get; private set; }

    public int? LastMemoryLoadPercent { get; private set; }

    /// <summary>Heap statistics after the first and after the latest GC.</summary>
    public GcHeapAfter? FirstHeap { get; private set; }

    public GcHeapAfter? LastHeap { get; private set; }

    public long MaxPinnedObjects { get; private set; }

    /// <summary>The kept records, oldest first.</summary>
    public IReadOnlyCollection<GcRecord> Records => _records;

    private void OnSuspend(GCSuspendEETraceData e)
    {
        _suspendedForGc = e.Reason is GCSuspendEEReason.SuspendForGC or GCSuspendEEReason.SuspendForGCPrep;
        _suspendedAt = e.TimeStampRelativeMSec;
        _pauseOwner = null;
    }

    private void OnRestart(GCNoUserDataTraceData e)
    {
        if (!_suspendedForGc)
        {
            return;
        }

        _suspendedForGc = false;
        double pause = e.TimeStampRelativeMSec - _suspendedAt;
        GcRecord? owner = _pauseOwner ?? _background;
        _pauseOwner = null;
        if (pause < 0 || owner is null)
        {
            return;
        }

        owner.PauseMs += pause;
        TotalPauseMs += pause;
        if (owner.Type != GCType.BackgroundGC)
        {
            CollectionCompleted?.Invoke(owner);
        }
    }

    private void OnTriggered(GCTriggeredTraceData e)
    {
        // Raised on the thread that asked for the GC, before the suspension: its stack names GC.Collect's caller.
        _pendingTriggerStack = e.Reason is GCReason.Induced or GCReason.InducedNotForced or GCReason.InducedCompacting or GCReason.InducedLowMemory
            ? _stacks?.Invoke(e)
            : null;
    }

    private void OnStart(GCStartTraceData e)
    {
        var record = new GcRecord
        {
            Number = e.Count,
            Generation = e.Depth,
            Type = e.Type,
            Reason = e.Reason,
            StartMs = e.TimeStampRelativeMSec,
        };

        switch (record.Generation)
        {
            case 0: Gen0Count++; break;
            case 1: Gen1Count++; break;
            default:
                Gen2Count++;
                if (record.Type == GCType.BackgroundGC)
                {
                    BackgroundGen2Count++;
                }
                else
                {
                    BlockingGen2Count++;
                }

                break;
        }

        if (record.IsInduced)
        {
            InducedCount++;
            record.TriggerStack = _pendingTriggerStack;
        }

        _pendingTriggerStack = null;
        if (record.Type == GCType.BackgroundGC)
        {
            _background = record;
        }
        else if (_suspendedForGc)
        {
            _pauseOwner = record;
        }

        _last = record;
        if (_records.Count == MaxRecords)
        {
            _records.Dequeue();
        }

        _records.Enqueue(record);
    }

    private void OnEnd(GCEndTraceData e)
    {
        if (_background is { } background && background.Number == e.Count)
        {
            background.Ended = true;
            _background = null;
            CollectionCompleted?.Invoke(background);
            return;
        }

        if (_last is { } last && last.Number == e.Count)
        {
            last.Ended = true;
        }
    }

    private void OnHeapStats(GCHeapStatsTraceData e)
    {
        var heap = new GcHeapAfter(
            e.GenerationSize0, e.GenerationSize1, e.GenerationSize2, e.GenerationSize3, SafeRead(() => e.GenerationSize4),
            e.TotalPromoted, e.PinnedObjectCount, e.FinalizationPromotedCount, e.GCHandleCount);
        FirstHeap ??= heap;
        LastHeap = heap;
        MaxPinnedObjects = Math.Max(MaxPinnedObjects, heap.PinnedObjects);
        if (_last is not null && _last.HeapAfter is null)
        {
            _last.HeapAfter = heap;
        }

        HeapObserved?.Invoke();
    }

    private void OnGlobalHeapHistory(GCGlobalHeapHistoryTraceData e)
    {
        HeapCount = e.NumHeaps;
        if (e.HasMemoryPressure && e.MemoryPressure > 0)
        {
            LastMemoryLoadPercent = e.MemoryPressure;
            MaxMemoryLoadPercent = Math.Max(MaxMemoryLoadPercent ?? 0, e.MemoryPressure);
            if (_last is not null)
            {
                _last.MemoryLoadPercent = e.MemoryPressure;
            }

            HeapObserved?.Invoke();
        }
    }

    private void OnSettings(GCSettingsRundownTraceData e)
    {
        HeapHardLimitBytes = e.HardLimit > 0 ? e.HardLimit : null;
        HighMemoryPercent = e.HighMemPercentConfig > 0 ? e.HighMemPercentConfig : null;
        Concurrent = (e.BitSettings & GCSettingsFlags.GCSettingsConcurrent) != 0;
    }

    /// <summary>A field that older runtimes' event versions lack reads as 0 instead of failing the whole analysis.</summary>
    private static long SafeRead(Func<long> read)
    {
        try
        {
            return read();
        }
        catch (Exception ex) when (ex is ArgumentOutOfRangeException or IndexOutOfRangeException or InvalidOperationException)
        {
            return 0;
        }
    }
}
