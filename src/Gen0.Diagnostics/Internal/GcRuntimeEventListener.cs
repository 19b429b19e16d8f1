using System.Diagnostics.Tracing;

namespace Gen0.Diagnostics.Internal;

/// <summary>
/// An in-process <see cref="EventListener"/> on the runtime provider's GC keyword that forwards each event to a
/// <see cref="GcEventRecorder"/>. One listener per recording: disposing it is what tears the runtime session down.
/// </summary>
/// <remarks>
/// <see cref="EventListener"/>'s base constructor calls <see cref="OnEventSourceCreated"/> for every existing source
/// before this constructor's body runs, so the runtime source is only remembered there and enabled once the fields
/// are set. <see cref="LiveCount"/> counts listeners created and not yet disposed, so tests can prove that starting and
/// stopping a recorder leaves none behind.
/// </remarks>
internal sealed class GcRuntimeEventListener : EventListener
{
    internal const string RuntimeProviderName = "Microsoft-Windows-DotNETRuntime";
    internal const EventKeywords GcKeyword = (EventKeywords)0x1;

    private static int s_liveCount;

    private readonly Action<EventWrittenEventArgs>? _onEvent;
    private readonly EventLevel _level;
    private EventSource? _runtime;
    private int _disposed;

    public GcRuntimeEventListener(Action<EventWrittenEventArgs> onEvent, bool verbose)
    {
        _onEvent = onEvent;
        _level = verbose ? EventLevel.Verbose : EventLevel.Informational;
        Interlocked.Increment(ref s_liveCount);
        EventSource? runtime = Volatile.Read(ref _runtime);
        if (runtime is not null)
        {
            EnableEvents(runtime, _level, GcKeyword);
        }
    }

    /// <summary>Listeners created and not yet disposed, process-wide.</summary>
    internal static int LiveCount => Volatile.Read(ref s_liveCount);

    protected override void OnEventSourceCreated(EventSource eventSource)
    {
        if (eventSource.Name != RuntimeProviderName)
        {
            return;
        }

        Volatile.Write(ref _runtime, eventSource);
        if (_onEvent is not null)
        {
            // A source created after the constructor finished.
            EnableEvents(eventSource, _level, GcKeyword);
        }
    }

    protected override void OnEventWritten(EventWrittenEventArgs eventData) => _onEvent?.Invoke(eventData);

    public override void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) == 0)
        {
            base.Dispose();
            Interlocked.Decrement(ref s_liveCount);
        }
    }
}
