using System.Collections.Concurrent;
using System.Diagnostics.Tracing;

namespace Gen0.Demo.Running;

/// <summary>
/// Listens to the runtime's GC events in this process while a mode runs: each GC's generation, type, reason and
/// pause, the heap per generation after it, and the sampled LOH allocations by type.
/// </summary>
internal sealed class GcEventCollector : EventListener
{
    private const string RuntimeProvider = "Microsoft-Windows-DotNETRuntime";
    private const EventKeywords GcKeyword = (EventKeywords)0x1;

    private readonly object _lock = new();
    private readonly List<PauseSample> _pauses = [];
    private readonly List<HeapSample> _heap = [];
    private readonly ConcurrentDictionary<string, long> _lohByType = new();
    private DateTime _startUtc = DateTime.UtcNow;
    private DateTime? _suspendUtc;
    private int _currentGeneration;
    private string _currentReason = "";
    private bool _currentBackground;
    private long _lohBytes;
    private long _blockingGen2;
    private long _backgroundGen2;
    private long _induced;
    private volatile bool _recording;

    public long LohBytes => Interlocked.Read(ref _lohBytes);

    public long BlockingGen2 => Interlocked.Read(ref _blockingGen2);

    public long BackgroundGen2 => Interlocked.Read(ref _backgroundGen2);

    public long Induced => Interlocked.Read(ref _induced);

    /// <summary>Starts counting from now; what was seen before (start-up, warm-up) is forgotten.</summary>
    public void Start()
    {
        lock (_lock)
        {
            _pauses.Clear();
            _heap.Clear();
            _lohByType.Clear();
            _startUtc = DateTime.UtcNow;
            _lohBytes = 0;
            _blockingGen2 = 0;
            _backgroundGen2 = 0;
            _induced = 0;
            _recording = true;
        }
    }

    public void Stop() => _recording = false;

    public (List<PauseSample> Pauses, List<HeapSample> Heap, List<TypeBytes> TopLohTypes) Snapshot(int topTypes)
    {
        lock (_lock)
        {
            List<TypeBytes> top = _lohByType.OrderByDescending(p => p.Value).Take(topTypes).Select(p => new TypeBytes(p.Key, p.Value)).ToList();
            return ([.. _pauses], [.. _heap], top);
        }
    }

    protected override void OnEventSourceCreated(EventSource eventSource)
    {
        if (eventSource.Name == RuntimeProvider)
        {
            EnableEvents(eventSource, EventLevel.Verbose, GcKeyword);
        }
    }

    protected override void OnEventWritten(EventWrittenEventArgs e)
    {
        if (!_recording || e.Payload is null)
        {
            return;
        }

        switch (e.EventName)
        {
            case "GCStart_V2":
                lock (_lock)
                {
                    _currentGeneration = Convert.ToInt32(Payload(e, "Depth"));
                    int reason = Convert.ToInt32(Payload(e, "Reason"));
                    int type = Convert.ToInt32(Payload(e, "Type"));
                    _currentBackground = type == 1;
                    _currentReason = ReasonName(reason);
                    if (reason is 1 or 7)
                    {
                        _induced++;
                    }

                    if (_currentGeneration == 2)
                    {
                        if (_currentBackground)
                        {
                            _backgroundGen2++;
                        }
                        else
                        {
                            _blockingGen2++;
                        }
                    }
                }

                break;
            case "GCSuspendEEBegin_V1":
                lock (_lock)
                {
                    _suspendUtc = e.TimeStamp.ToUniversalTime();
                }

                break;
            case "GCRestartEEEnd_V1":
                lock (_lock)
                {
                    if (_suspendUtc is DateTime suspended)
                    {
                        DateTime now = e.TimeStamp.ToUniversalTime();
                        _pauses.Add(new PauseSample((suspended - _startUtc).TotalSeconds, (now - suspended).TotalMilliseconds, _currentGeneration, _currentBackground, _currentReason));
                        _suspendUtc = null;
                    }
                }

                break;
            case "GCHeapStats_V2":
                lock (_lock)
                {
                    _heap.Add(new HeapSample(
                        (e.TimeStamp.ToUniversalTime() - _startUtc).TotalSeconds,
                        Convert.ToInt64(Payload(e, "GenerationSize0")),
                        Convert.ToInt64(Payload(e, "GenerationSize1")),
                        Convert.ToInt64(Payload(e, "GenerationSize2")),
                        Convert.ToInt64(Payload(e, "GenerationSize3")),
                        Convert.ToInt64(Payload(e, "GenerationSize4") ?? 0L)));
                }

                break;
            case "GCAllocationTick_V4":
                if (Convert.ToInt32(Payload(e, "AllocationKind")) == 1)
                {
                    long amount = Convert.ToInt64(Payload(e, "AllocationAmount64"));
                    Interlocked.Add(ref _lohBytes, amount);
                    string type = Payload(e, "TypeName") as string ?? "?";
                    _lohByType.AddOrUpdate(type, amount, (_, total) => total + amount);
                }

                break;
        }
    }

    private static object? Payload(EventWrittenEventArgs e, string name)
    {
        int index = e.PayloadNames?.IndexOf(name) ?? -1;
        return index >= 0 ? e.Payload![index] : null;
    }

    private static string ReasonName(int reason) => reason switch
    {
        0 => "AllocSmall",
        1 => "Induced",
        2 => "LowMemory",
        3 => "Empty",
        4 => "AllocLarge",
        5 => "OutOfSpaceSOH",
        6 => "OutOfSpaceLOH",
        7 => "InducedNotForced",
        8 => "Internal",
        9 => "InducedLowMemory",
        10 => "InducedCompacting",
        11 => "LowMemoryHost",
        12 => "PMFullGC",
        13 => "LowMemoryHostBlocking",
        _ => reason.ToString(System.Globalization.CultureInfo.InvariantCulture),
    };
}
