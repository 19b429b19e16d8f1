using System.Diagnostics;
using System.Diagnostics.Tracing;
using System.Globalization;
using System.Runtime.CompilerServices;

namespace Gen0.IO;

/// <content>
/// Lifecycle diagnostics: the stream's id and tag, its <c>Gen0-IO</c> events and <c>Gen0.IO</c> counts, and the leak
/// watch. Nothing here allocates unless a listener is on or the manager asks for leak detection or stacks.
/// </content>
public sealed partial class PooledMemoryStream
{
    // 0 until first needed (see Id).
    private long _id;
    private string? _tag;
    private StreamLeakTracker? _leakTracker;

    // Whether this stream's creation was counted for the Gen0.IO meter, so that only then is its disposal.
    private bool _counted;

    /// <summary>
    /// Gets the stream's id: unique in the process, carried by every <c>Gen0-IO</c> event and shown by
    /// <see cref="ToString"/> (RecyclableMemoryStream's <c>Id</c>, a number rather than a <see cref="Guid"/>). It is
    /// drawn when first needed (this property, <see cref="ToString"/>, the first event, the leak watch), so a stream
    /// nobody looks at costs no id; once drawn it never changes.
    /// </summary>
    public long Id
    {
        get
        {
            long id = Volatile.Read(ref _id);
            return id != 0 ? id : DrawId();
        }
    }

    /// <summary>
    /// Gets or sets a label for the stream (what it is for, who made it), carried by its events from then on and shown
    /// by <see cref="ToString"/>; <see langword="null"/> for none. Readable after dispose.
    /// </summary>
    public string? Tag
    {
        get => _tag;
        set
        {
            _tag = value;
            if (_leakTracker is not null)
            {
                _leakTracker.Tag = value;
            }
        }
    }

    /// <summary>Gets the manager whose settings the stream follows (<see cref="PooledMemoryStreamManager.Shared"/> for the constructors).</summary>
    public PooledMemoryStreamManager Manager => _manager;

    private string DebuggerDisplay => ToString();

    /// <summary>Returns the stream's id, tag, and (while open) length and position.</summary>
    /// <returns>For example <c>PooledMemoryStream 42 "report": Length = 100, Position = 0</c>.</returns>
    public override string ToString()
    {
        string tag = _tag is null ? string.Empty : $" \"{_tag}\"";
        return _isOpen
            ? string.Create(CultureInfo.InvariantCulture, $"PooledMemoryStream {Id}{tag}: Length = {_length}, Position = {_position}, Blocks = {_blockCount} x {_blockSize} B")
            : string.Create(CultureInfo.InvariantCulture, $"PooledMemoryStream {Id}{tag}: disposed");
    }

    private long DrawId()
    {
        // Two threads may race here (the debugger reading a stream in use): the first id stored wins, the other is lost.
        Interlocked.CompareExchange(ref _id, StreamCounters.NewId(), 0);
        return Volatile.Read(ref _id);
    }

    /// <summary>The constructor's part: nothing but three checks unless a listener, the meter or the manager asks.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void OnCreated()
    {
        if (IOMetrics.IsCountingStreams)
        {
            _counted = true;
            StreamCounters.OnCreated();
        }

        if (_manager.DetectLeaks || IOEventSource.Log.IsEnabled())
        {
            OnCreatedWatched();
        }
    }

    private void OnCreatedWatched()
    {
        IOEventSource log = IOEventSource.Log;
        if (_manager.DetectLeaks || log.IsEnabled(EventLevel.Error))
        {
            _leakTracker = new StreamLeakTracker(Id, _tag, CaptureStack());
        }

        if (log.IsEnabled(EventLevel.Verbose))
        {
            log.StreamCreated(Id, _tag ?? string.Empty, _blockSize, _maxLength);
        }
    }

    /// <summary>The first dispose's part: as cheap as the constructor's.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void OnDisposed(long length, long capacity)
    {
        if (_counted)
        {
            StreamCounters.OnDisposed();
        }

        if (_leakTracker is not null || IOEventSource.Log.IsEnabled())
        {
            OnDisposedWatched(length, capacity);
        }
    }

    private void OnDisposedWatched(long length, long capacity)
    {
        _leakTracker?.OnDisposed(CaptureStack());
        IOEventSource log = IOEventSource.Log;
        if (log.IsEnabled(EventLevel.Verbose))
        {
            log.StreamDisposed(Id, _tag ?? string.Empty, length, capacity);
        }
    }

    private void OnDisposedAgain()
    {
        StreamCounters.OnDoubleDisposed();
        IOEventSource log = IOEventSource.Log;
        if (log.IsEnabled(EventLevel.Warning))
        {
            log.StreamDoubleDisposed(
                Id,
                _tag ?? string.Empty,
                _leakTracker?.CreationStack ?? string.Empty,
                _leakTracker?.FirstDisposeStack ?? string.Empty,
                CaptureStack() ?? string.Empty);
        }
    }

    /// <summary>Reports a request for <paramref name="requested"/> bytes past the maximum capacity (a negative one is only an argument error).</summary>
    private void ReportOverCapacity(long requested)
    {
        IOEventSource log = IOEventSource.Log;
        if (requested > _maxLength && log.IsEnabled(EventLevel.Error))
        {
            log.StreamOverCapacity(Id, _tag ?? string.Empty, requested, _maxLength, CaptureStack() ?? string.Empty);
        }
    }

    private void ReportLargeToArray()
    {
        IOEventSource log = IOEventSource.Log;
        if (log.IsEnabled(EventLevel.Warning))
        {
            log.StreamConvertedToArray(Id, _tag ?? string.Empty, _length, CaptureStack() ?? string.Empty);
        }
    }

    // Stacks are captured only when the manager asks: one costs tens of microseconds.
    private string? CaptureStack() => _manager.CaptureCreationStack ? new StackTrace(2, fNeedFileInfo: true).ToString() : null;
}
