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
    private readonly long _id;
    private string? _tag;
    private StreamLeakTracker? _leakTracker;

    /// <summary>
    /// Gets the stream's id: unique in the process, assigned at creation, carried by every <c>Gen0-IO</c> event and
    /// shown by <see cref="ToString"/> (RecyclableMemoryStream's <c>Id</c>, a number rather than a <see cref="Guid"/>).
    /// </summary>
    public long Id => _id;

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
            ? string.Create(CultureInfo.InvariantCulture, $"PooledMemoryStream {_id}{tag}: Length = {_length}, Position = {_position}, Blocks = {_blockCount} x {_blockSize} B")
            : string.Create(CultureInfo.InvariantCulture, $"PooledMemoryStream {_id}{tag}: disposed");
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void OnCreated()
    {
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
            _leakTracker = new StreamLeakTracker(_id, _tag, CaptureStack());
        }

        if (log.IsEnabled(EventLevel.Verbose))
        {
            log.StreamCreated(_id, _tag ?? string.Empty, _blockSize, _maxLength);
        }
    }

    private void OnDisposed(long length, long capacity)
    {
        StreamCounters.OnDisposed();
        _leakTracker?.OnDisposed(CaptureStack());
        IOEventSource log = IOEventSource.Log;
        if (log.IsEnabled(EventLevel.Verbose))
        {
            log.StreamDisposed(_id, _tag ?? string.Empty, length, capacity);
        }
    }

    private void OnDisposedAgain()
    {
        StreamCounters.OnDoubleDisposed();
        IOEventSource log = IOEventSource.Log;
        if (log.IsEnabled(EventLevel.Warning))
        {
            log.StreamDoubleDisposed(
                _id,
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
            log.StreamOverCapacity(_id, _tag ?? string.Empty, requested, _maxLength, CaptureStack() ?? string.Empty);
        }
    }

    private void ReportLargeToArray()
    {
        IOEventSource log = IOEventSource.Log;
        if (log.IsEnabled(EventLevel.Warning))
        {
            log.StreamConvertedToArray(_id, _tag ?? string.Empty, _length, CaptureStack() ?? string.Empty);
        }
    }

    // Stacks are captured only when the manager asks: one costs tens of microseconds.
    private string? CaptureStack() => _manager.CaptureCreationStack ? new StackTrace(2, fNeedFileInfo: true).ToString() : null;
}
