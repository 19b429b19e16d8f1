using Gen0.Tool.Analysis;
using Microsoft.Diagnostics.Tracing.Parsers.Clr;

namespace Gen0.Tool.Monitoring;

/// <summary>
/// Collects completed GCs between two cuts (the event thread adds, the display thread cuts) and for the whole
/// session. Bounded: at most <see cref="MaxPauses"/> pauses are kept for the session's percentiles.
/// </summary>
internal sealed class IntervalAccumulator
{
    public const int MaxPauses = 100_000;

    private readonly object _lock = new();
    private readonly Counts _interval = new();
    private readonly Counts _total = new();
    private GcHeapAfter? _lastHeap;
    private long? _previousLoh;
    private long? _previousPoh;
    private int? _memoryLoad;
    private int? _heapCount;

    public int? HeapCount
    {
        get
        {
            lock (_lock)
            {
                return _heapCount;
            }
        }
    }

    public void Add(GcRecord record)
    {
        lock (_lock)
        {
            _interval.Add(record);
            _total.Add(record);
        }
    }

    /// <summary>The heap after the latest GC and the memory load, as the events report them.</summary>
    public void Observe(GcHeapAfter? heap, int? memoryLoad, int? heapCount)
    {
        lock (_lock)
        {
            _lastHeap = heap ?? _lastHeap;
            _memoryLoad = memoryLoad ?? _memoryLoad;
            _heapCount = heapCount ?? _heapCount;
        }
    }

    /// <summary>Ends the current interval and starts the next.</summary>
    public MonitorInterval Cut(double atSeconds, double seconds)
    {
        lock (_lock)
        {
            long? loh = _lastHeap?.LohBytes;
            long? poh = _lastHeap?.PohBytes;
            MonitorInterval interval = _interval.ToInterval(atSeconds, seconds, _lastHeap, _memoryLoad, loh - _previousLoh, poh - _previousPoh);
            _previousLoh = loh ?? _previousLoh;
            _previousPoh = poh ?? _previousPoh;
            _interval.Clear();
            return interval;
        }
    }

    /// <summary>The whole session as one interval (growth from the first heap seen to the last).</summary>
    public MonitorInterval Total(double seconds, GcHeapAfter? firstHeap)
    {
        lock (_lock)
        {
            return _total.ToInterval(seconds, seconds, _lastHeap, _memoryLoad, _lastHeap?.LohBytes - firstHeap?.LohBytes, _lastHeap?.PohBytes - firstHeap?.PohBytes);
        }
    }

    private sealed class Counts
    {
        private readonly List<double> _pauses = [];
        private long _gen0;
        private long _gen1;
        private long _gen2;
        private long _background;
        private long _induced;
        private double _pauseMs;

        public void Add(GcRecord r)
        {
            switch (r.Generation)
            {
                case 0: _gen0++; break;
                case 1: _gen1++; break;
                default:
                    _gen2++;
                    _background += r.Type == GCType.BackgroundGC ? 1 : 0;
                    break;
            }

            _induced += r.IsInduced ? 1 : 0;
            _pauseMs += r.PauseMs;
            if (_pauses.Count < MaxPauses)
            {
                _pauses.Add(r.PauseMs);
            }
        }

        public void Clear()
        {
            _pauses.Clear();
            _gen0 = _gen1 = _gen2 = _background = _induced = 0;
            _pauseMs = 0;
        }

        public MonitorInterval ToInterval(double atSeconds, double seconds, GcHeapAfter? heap, int? memoryLoad, long? lohGrowth, long? pohGrowth)
        {
            double[] sorted = [.. _pauses.Order()];
            return new MonitorInterval
            {
                AtSeconds = atSeconds,
                Seconds = seconds,
                Gen0 = _gen0,
                Gen1 = _gen1,
                Gen2 = _gen2,
                BackgroundGen2 = _background,
                Induced = _induced,
                PauseMs = _pauseMs,
                PausePercent = seconds > 0 ? Math.Min(100, _pauseMs / (seconds * 10)) : 0,
                MaxPauseMs = sorted.Length == 0 ? 0 : sorted[^1],
                P50PauseMs = Percentiles.NearestRank(sorted, 50),
                P99PauseMs = Percentiles.NearestRank(sorted, 99),
                LohBytes = heap?.LohBytes,
                PohBytes = heap?.PohBytes,
                HeapBytes = heap?.TotalBytes,
                LohGrowthBytes = lohGrowth,
                PohGrowthBytes = pohGrowth,
                MemoryLoadPercent = memoryLoad,
                PinnedObjects = heap?.PinnedObjects,
            };
        }
    }
}
