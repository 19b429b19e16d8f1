using System.Collections.ObjectModel;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Diagnostics.Tracing;
using Gen0.Diagnostics.Internal;

namespace Gen0.Diagnostics;

/// <summary>
/// An opt-in, time-boxed, in-process GCStats session: records each collection (index, generation, type, reason, pause)
/// and attributes large object heap allocations to type names, from the runtime's own GC events.
/// </summary>
/// <remarks>
/// <para>
/// Polling (<see cref="GcMonitor"/>) cannot tell an induced GC from any other gen 2, nor say which type filled the
/// LOH: only the runtime's events carry the reason and the allocated type. This recorder listens to the
/// <c>Microsoft-Windows-DotNETRuntime</c> provider's GC keyword through an <see cref="EventListener"/> while it runs.
/// The pause of a GC is measured like PerfView does, from <c>GCSuspendEEBegin</c> to <c>GCRestartEEEnd</c>; a background
/// GC's two pauses are summed. LOH attribution uses the verbose <c>GCAllocationTick</c> events whose kind is large; they
/// are sampled (one per ~100 KB), so bytes per type are estimates.
/// </para>
/// <para>
/// Invariants: it is bounded in time (<see cref="GcEventRecorderOptions.MaxDuration"/>, after which it stops itself)
/// and in memory (<see cref="GcEventRecorderOptions.MaxCollections"/> records, oldest dropped first;
/// <see cref="GcEventRecorderOptions.MaxTrackedTypes"/> type names). <see cref="Stop"/> and <see cref="Dispose"/>
/// dispose the listener, so no session stays behind. Events arrive on the runtime's dispatch thread, a little after
/// the GC; <see cref="Stop"/> waits for those of the GCs that ran before it (bounded), so nothing seen before Stop is
/// lost. All members are thread-safe.
/// </para>
/// </remarks>
[DebuggerDisplay("IsRunning = {IsRunning}, Collections = {CollectionCount}, Induced = {InducedCount}")]
public sealed class GcEventRecorder : IDisposable
{
    internal const string OtherTypes = "(other types)";

    private const int GcStartEventId = 1;
    private const int GcEndEventId = 2;
    private const int GcRestartEEEndEventId = 3;
    private const int GcSuspendEEBeginEventId = 9;
    private const int GcAllocationTickEventId = 10;
    private const long LargeAllocationKind = 1;

    /// <summary>The longest <see cref="Stop"/> waits for the events of GCs that ran before it was called.</summary>
    internal const int FlushTimeoutMilliseconds = 2_000;

    private readonly object _lock = new();
    private readonly TimeSpan _maxDuration;
    private readonly int _maxCollections;
    private readonly bool _recordLargeObjects;
    private readonly int _maxTrackedTypes;
    private readonly Queue<GcCollectionRecord> _collections = new();
    private readonly Dictionary<string, LohTypeTotals> _lohTypes = new(StringComparer.Ordinal);

    private GcRuntimeEventListener? _listener;
    private Timer? _stopTimer;
    private DateTime _suspendedAt;
    private bool _suspended;
    private GcCollectionRecord? _pauseOwner;
    private GcCollectionRecord? _backgroundInProgress;
    private long _collectionCount;
    private long _inducedCount;
    private long _blockingGen2Count;
    private long _backgroundGen2Count;
    private long _droppedCollections;
    private long _startGcIndex;
    private long _lastStartedIndex;
    private DateTimeOffset? _startedAt;
    private DateTimeOffset? _stoppedAt;
    private bool _disposed;

    /// <summary>Creates a stopped recorder; call <see cref="Start"/> to begin.</summary>
    /// <param name="options">Bounds and switches; the values are copied. <see langword="null"/> for the defaults.</param>
    /// <exception cref="ArgumentOutOfRangeException">An option is out of range.</exception>
    public GcEventRecorder(GcEventRecorderOptions? options = null)
    {
        options ??= new GcEventRecorderOptions();
        options.Validate();
        _maxDuration = options.MaxDuration;
        _maxCollections = options.MaxCollections;
        _recordLargeObjects = options.RecordLargeObjectAllocations;
        _maxTrackedTypes = options.MaxTrackedTypes;
    }

    /// <summary>Whether a recording is in progress.</summary>
    public bool IsRunning
    {
        get
        {
            lock (_lock)
            {
                return _listener is not null;
            }
        }
    }

    /// <summary>When the current or last recording started; <see langword="null"/> before the first <see cref="Start"/>.</summary>
    public DateTimeOffset? StartedAt
    {
        get
        {
            lock (_lock)
            {
                return _startedAt;
            }
        }
    }

    /// <summary>When the last recording stopped; <see langword="null"/> while running or before the first start.</summary>
    public DateTimeOffset? StoppedAt
    {
        get
        {
            lock (_lock)
            {
                return _stoppedAt;
            }
        }
    }

    /// <summary>Collections seen since the recording started (including any dropped from the bounded list).</summary>
    public long CollectionCount => Interlocked.Read(ref _collectionCount);

    /// <summary>Induced collections (<see cref="GcCollectionRecord.IsInduced"/>) seen since the recording started.</summary>
    public long InducedCount => Interlocked.Read(ref _inducedCount);

    /// <summary>Blocking gen 2 collections seen since the recording started.</summary>
    public long BlockingGen2Count => Interlocked.Read(ref _blockingGen2Count);

    /// <summary>Background gen 2 collections seen since the recording started.</summary>
    public long BackgroundGen2Count => Interlocked.Read(ref _backgroundGen2Count);

    /// <summary>Collection records dropped because <see cref="GcEventRecorderOptions.MaxCollections"/> was reached.</summary>
    public long DroppedCollections => Interlocked.Read(ref _droppedCollections);

    /// <summary>
    /// Starts a new recording, clearing the previous one. It stops by itself after
    /// <see cref="GcEventRecorderOptions.MaxDuration"/>.
    /// </summary>
    /// <exception cref="ObjectDisposedException">The recorder was disposed.</exception>
    /// <exception cref="InvalidOperationException">A recording is already running; call <see cref="Stop"/> first.</exception>
    public void Start()
    {
        lock (_lock)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            if (_listener is not null)
            {
                ThrowAlreadyRunning();
            }

            _collections.Clear();
            _lohTypes.Clear();
            _suspended = false;
            _pauseOwner = null;
            _backgroundInProgress = null;
            Interlocked.Exchange(ref _collectionCount, 0);
            Interlocked.Exchange(ref _inducedCount, 0);
            Interlocked.Exchange(ref _blockingGen2Count, 0);
            Interlocked.Exchange(ref _backgroundGen2Count, 0);
            Interlocked.Exchange(ref _droppedCollections, 0);
            _startedAt = DateTimeOffset.UtcNow;
            _stoppedAt = null;
            _startGcIndex = GC.CollectionCount(0);
            _lastStartedIndex = 0;
            _listener = new GcRuntimeEventListener(OnEvent, _recordLargeObjects);
            if (_maxDuration != Timeout.InfiniteTimeSpan)
            {
                _stopTimer = new Timer(static state => ((GcEventRecorder)state!).Stop(), this, _maxDuration, Timeout.InfiniteTimeSpan);
            }
        }
    }

    /// <summary>
    /// Stops the recording and disposes its listener; the recorded data stays readable. Does nothing when stopped.
    /// </summary>
    /// <remarks>
    /// The runtime delivers GC events on its dispatch thread some milliseconds after the GC. So that a GC that ran
    /// before <see cref="Stop"/> is recorded, Stop first waits (at most 2 seconds) until the events of every GC that
    /// started before the call, up to the end of its pause, have arrived; GCs after the call are not recorded.
    /// </remarks>
    public void Stop()
    {
        GcRuntimeEventListener? listener;
        Timer? timer;
        lock (_lock)
        {
            if (_listener is not null)
            {
                WaitForDeliveredEvents(GC.CollectionCount(0));
            }

            listener = _listener;
            timer = _stopTimer;
            _listener = null;
            _stopTimer = null;
            if (listener is not null)
            {
                _stoppedAt = DateTimeOffset.UtcNow;
            }
        }

        // Outside the lock: disposing waits for the dispatch thread, which may be inside OnEvent waiting for the lock.
        timer?.Dispose();
        listener?.Dispose();
    }

    /// <summary>
    /// Waits, under the lock (which <see cref="Monitor.Wait(object, TimeSpan)"/> releases), until the GC with index
    /// <paramref name="lastGcIndex"/> has been seen to start and the runtime has restarted after its pause. Bounded by
    /// <see cref="FlushTimeoutMilliseconds"/>: an event the runtime lost (a full session buffer) must not make Stop hang.
    /// </summary>
    private void WaitForDeliveredEvents(long lastGcIndex)
    {
        if (lastGcIndex <= _startGcIndex)
        {
            return; // no GC since Start
        }

        long deadline = Environment.TickCount64 + FlushTimeoutMilliseconds;
        while (_listener is not null && (_lastStartedIndex < lastGcIndex || _suspended))
        {
            long remaining = deadline - Environment.TickCount64;
            if (remaining <= 0)
            {
                return;
            }

            Monitor.Wait(_lock, TimeSpan.FromMilliseconds(remaining));
        }
    }

    /// <summary>The recorded collections, oldest first (at most <see cref="GcEventRecorderOptions.MaxCollections"/>).</summary>
    public IReadOnlyList<GcCollectionRecord> GetCollections()
    {
        lock (_lock)
        {
            return new ReadOnlyCollection<GcCollectionRecord>(_collections.ToArray());
        }
    }

    /// <summary>The types with the most sampled LOH bytes, largest first.</summary>
    /// <param name="top">How many types to return.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="top"/> is negative.</exception>
    public IReadOnlyList<LargeObjectAllocation> GetLargeObjectAllocations(int top = 10)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(top);
        lock (_lock)
        {
            var result = new List<LargeObjectAllocation>(_lohTypes.Count);
            foreach (KeyValuePair<string, LohTypeTotals> entry in _lohTypes)
            {
                result.Add(new LargeObjectAllocation { TypeName = entry.Key, SampledBytes = entry.Value.Bytes, Samples = entry.Value.Samples });
            }

            result.Sort(static (a, b) => b.SampledBytes.CompareTo(a.SampledBytes));
            if (result.Count > top)
            {
                result.RemoveRange(top, result.Count - top);
            }

            return result.AsReadOnly();
        }
    }

    /// <summary>Stops the recording; the object can no longer be started.</summary>
    public void Dispose()
    {
        lock (_lock)
        {
            _disposed = true;
        }

        Stop();
    }

    private void OnEvent(EventWrittenEventArgs e)
    {
        lock (_lock)
        {
            if (_listener is null)
            {
                return; // an event in flight while stopping
            }

            switch (e.EventId)
            {
                case GcSuspendEEBeginEventId:
                    _suspendedAt = e.TimeStamp;
                    _suspended = true;
                    _pauseOwner = null;
                    break;
                case GcStartEventId:
                    OnGcStart(e);
                    break;
                case GcEndEventId:
                    OnGcEnd(e);
                    break;
                case GcRestartEEEndEventId:
                    OnRestartEnd(e);
                    break;
                case GcAllocationTickEventId:
                    OnAllocationTick(e);
                    return;
                default:
                    return;
            }

            Monitor.PulseAll(_lock); // a Stop may be waiting for this GC's events
        }
    }

    private void OnGcStart(EventWrittenEventArgs e)
    {
        long index = ReadInt64(e, "Count");
        _lastStartedIndex = Math.Max(_lastStartedIndex, index);
        var record = new GcCollectionRecord(
            index,
            (int)ReadInt64(e, "Depth"),
            (GcCollectionType)ReadInt64(e, "Type"),
            (GcReason)ReadInt64(e, "Reason"),
            e.TimeStamp.ToUniversalTime());
        Interlocked.Increment(ref _collectionCount);
        if (record.IsInduced)
        {
            Interlocked.Increment(ref _inducedCount);
        }

        if (record.Type == GcCollectionType.Background)
        {
            Interlocked.Increment(ref _backgroundGen2Count);
            _backgroundInProgress = record;
        }
        else if (record.Generation == 2)
        {
            Interlocked.Increment(ref _blockingGen2Count);
        }

        if (_suspended)
        {
            _pauseOwner = record;
        }

        Add(record);
    }

    private void OnGcEnd(EventWrittenEventArgs e)
    {
        long index = ReadInt64(e, "Count");
        if (_pauseOwner is not null && _pauseOwner.Index == index)
        {
            _pauseOwner.Ended = true;
        }

        if (_backgroundInProgress is not null && _backgroundInProgress.Index == index)
        {
            _backgroundInProgress.Ended = true;
            _backgroundInProgress = null;
        }
    }

    private void OnRestartEnd(EventWrittenEventArgs e)
    {
        if (!_suspended)
        {
            return;
        }

        TimeSpan pause = e.TimeStamp - _suspendedAt;
        _suspended = false;
        if (pause < TimeSpan.Zero)
        {
            return;
        }

        // A suspension with no GCStart inside is a background GC's second pause (or a non-GC suspension, which the
        // runtime also reports; it is charged to the background GC only when one is running).
        GcCollectionRecord? owner = _pauseOwner ?? _backgroundInProgress;
        if (owner is not null)
        {
            owner.Pause += pause;
        }

        _pauseOwner = null;
    }

    private void OnAllocationTick(EventWrittenEventArgs e)
    {
        if (ReadInt64(e, "AllocationKind") != LargeAllocationKind)
        {
            return;
        }

        long bytes = ReadInt64(e, "AllocationAmount64");
        if (bytes == 0)
        {
            bytes = ReadInt64(e, "AllocationAmount");
        }

        string typeName = ReadString(e, "TypeName") ?? "(unknown)";
        if (!_lohTypes.ContainsKey(typeName) && _lohTypes.Count >= _maxTrackedTypes)
        {
            typeName = OtherTypes;
        }

        _lohTypes.TryGetValue(typeName, out LohTypeTotals totals);
        _lohTypes[typeName] = new LohTypeTotals(totals.Bytes + bytes, totals.Samples + 1);
    }

    private void Add(GcCollectionRecord record)
    {
        if (_collections.Count >= _maxCollections)
        {
            _collections.Dequeue();
            Interlocked.Increment(ref _droppedCollections);
        }

        _collections.Enqueue(record);
    }

    private static long ReadInt64(EventWrittenEventArgs e, string name)
    {
        object? value = ReadPayload(e, name);
        return value switch
        {
            uint u => u,
            ulong ul => (long)ul,
            int i => i,
            long l => l,
            ushort s => s,
            byte b => b,
            _ => 0,
        };
    }

    private static string? ReadString(EventWrittenEventArgs e, string name) => ReadPayload(e, name) as string;

    private static object? ReadPayload(EventWrittenEventArgs e, string name)
    {
        ReadOnlyCollection<string>? names = e.PayloadNames;
        ReadOnlyCollection<object?>? payload = e.Payload;
        if (names is null || payload is null)
        {
            return null;
        }

        for (int i = 0; i < names.Count && i < payload.Count; i++)
        {
            if (string.Equals(names[i], name, StringComparison.Ordinal))
            {
                return payload[i];
            }
        }

        return null;
    }

    [DoesNotReturn]
    private static void ThrowAlreadyRunning() =>
        throw new InvalidOperationException("The recorder is already running. Call Stop() before starting a new recording.");

    private readonly record struct LohTypeTotals(long Bytes, long Samples);
}
