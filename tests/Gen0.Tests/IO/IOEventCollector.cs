using System.Collections.Concurrent;
using System.Diagnostics.Tracing;
using Gen0.IO;

namespace Gen0.Tests.IO;

/// <summary>
/// An in-process listener on <c>Gen0-IO</c> that keeps every event it sees, for tests that look for the events of
/// their own streams (by id: other tests' streams write events too while it listens).
/// </summary>
public sealed class IOEventCollector : EventListener
{
    private readonly EventLevel _level;
    private readonly ConcurrentQueue<EventWrittenEventArgs> _events = new();

    public IOEventCollector(EventLevel level)
    {
        _level = level;

        // The base constructor may call OnEventSourceCreated before _level is set; enable here as well.
        EnableEvents(IOEventSource.Log, level);
    }

    /// <summary>Returns the events named <paramref name="eventName"/> whose first payload is <paramref name="streamId"/>.</summary>
    public List<EventWrittenEventArgs> For(long streamId, string eventName) =>
        _events.Where(e => e.EventName == eventName && e.Payload is { Count: > 0 } payload && payload[0] is long id && id == streamId).ToList();

    /// <summary>Returns the one event named <paramref name="eventName"/> of stream <paramref name="streamId"/>, failing unless there is exactly one.</summary>
    public EventWrittenEventArgs Single(long streamId, string eventName)
    {
        List<EventWrittenEventArgs> events = For(streamId, eventName);
        Assert.True(events.Count == 1, $"expected one {eventName} for stream {streamId}, saw {events.Count}");
        return events[0];
    }

    /// <summary>Returns the payload value named <paramref name="name"/>.</summary>
    public static object? Payload(EventWrittenEventArgs e, string name) => e.Payload![e.PayloadNames!.IndexOf(name)];

    protected override void OnEventSourceCreated(EventSource eventSource)
    {
        if (eventSource.Name == IOEventSource.EventSourceName && _level != 0)
        {
            EnableEvents(eventSource, _level);
        }
    }

    protected override void OnEventWritten(EventWrittenEventArgs eventData) => _events.Enqueue(eventData);
}
