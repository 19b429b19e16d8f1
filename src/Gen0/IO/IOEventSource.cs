using System.Diagnostics.CodeAnalysis;
using System.Diagnostics.Tracing;

namespace Gen0.IO;

/// <summary>
/// The <c>Gen0-IO</c> event source: the life of every <see cref="PooledMemoryStream"/>, for <c>dotnet-trace</c>,
/// PerfView or an in-process <see cref="EventListener"/>; RecyclableMemoryStream's lifecycle events, by stream id.
/// </summary>
/// <remarks>
/// <para>
/// <see cref="StreamCreated"/> and <see cref="StreamDisposed"/> fire for every stream and are
/// <see cref="EventLevel.Verbose"/>. The others report misuse or a cost worth finding: <see cref="StreamDoubleDisposed"/>
/// and <see cref="StreamConvertedToArray"/> (a copy that lands on the LOH) at <see cref="EventLevel.Warning"/>,
/// <see cref="StreamFinalized"/> (a leak) and <see cref="StreamOverCapacity"/> at <see cref="EventLevel.Error"/>.
/// Every event carries the stream's <see cref="PooledMemoryStream.Id"/> and <see cref="PooledMemoryStream.Tag"/> (an
/// empty string for none); stacks are empty unless the stream's manager has
/// <see cref="PooledMemoryStreamOptions.CaptureCreationStack"/> on.
/// </para>
/// <para>
/// <b>Zero allocation when nobody listens.</b> The stream asks <see cref="IsEnabled(EventLevel)"/> before building
/// any payload (a field read when no listener is on), and the events are written with
/// <see cref="EventSource.WriteEventCore"/> over stack-allocated <see cref="EventSource.EventData"/>, as the
/// <c>Gen0-Buffers</c> events are: no <c>params object[]</c>, no boxing.
/// </para>
/// </remarks>
[EventSource(Name = EventSourceName)]
internal sealed class IOEventSource : Gen0EventSource
{
    /// <summary>The event source's name.</summary>
    public const string EventSourceName = "Gen0-IO";

    public const int StreamCreatedEventId = 1;
    public const int StreamDisposedEventId = 2;
    public const int StreamDoubleDisposedEventId = 3;
    public const int StreamFinalizedEventId = 4;
    public const int StreamConvertedToArrayEventId = 5;
    public const int StreamOverCapacityEventId = 6;

    private const string TrimmingJustification = "The payloads are primitives and strings, which need no reflection.";

    public static readonly IOEventSource Log = new();

    private IOEventSource()
    {
    }

    /// <summary>Gets whether a listener takes events of <paramref name="level"/>: a field read when nobody listens.</summary>
    /// <param name="level">The event's level.</param>
    /// <returns><see langword="true"/> when an event of that level would be written.</returns>
    public bool IsEnabled(EventLevel level) => IsEnabled() && IsEnabled(level, EventKeywords.None);

    /// <summary>A stream was created.</summary>
    [Event(StreamCreatedEventId, Level = EventLevel.Verbose)]
    [UnconditionalSuppressMessage("ReflectionAnalysis", "IL2026", Justification = TrimmingJustification)]
    public unsafe void StreamCreated(long streamId, string tag, int blockSize, long maximumCapacity)
    {
        fixed (char* tagChars = tag)
        {
            EventData* data = stackalloc EventData[4];
            Set(ref data[0], &streamId, sizeof(long));
            SetString(ref data[1], tagChars, tag);
            Set(ref data[2], &blockSize, sizeof(int));
            Set(ref data[3], &maximumCapacity, sizeof(long));
            WriteEventCore(StreamCreatedEventId, 4, data);
        }
    }

    /// <summary>A stream was disposed (the first time) and gave its blocks back; its length and capacity then.</summary>
    [Event(StreamDisposedEventId, Level = EventLevel.Verbose)]
    [UnconditionalSuppressMessage("ReflectionAnalysis", "IL2026", Justification = TrimmingJustification)]
    public unsafe void StreamDisposed(long streamId, string tag, long length, long capacity)
    {
        fixed (char* tagChars = tag)
        {
            EventData* data = stackalloc EventData[4];
            Set(ref data[0], &streamId, sizeof(long));
            SetString(ref data[1], tagChars, tag);
            Set(ref data[2], &length, sizeof(long));
            Set(ref data[3], &capacity, sizeof(long));
            WriteEventCore(StreamDisposedEventId, 4, data);
        }
    }

    /// <summary>A stream was disposed again. Harmless for the stream, but the sign of an ownership mix-up.</summary>
    [Event(StreamDoubleDisposedEventId, Level = EventLevel.Warning)]
    [UnconditionalSuppressMessage("ReflectionAnalysis", "IL2026", Justification = TrimmingJustification)]
    public unsafe void StreamDoubleDisposed(long streamId, string tag, string creationStack, string firstDisposeStack, string secondDisposeStack)
    {
        fixed (char* tagChars = tag)
        fixed (char* creation = creationStack)
        fixed (char* first = firstDisposeStack)
        fixed (char* second = secondDisposeStack)
        {
            EventData* data = stackalloc EventData[5];
            Set(ref data[0], &streamId, sizeof(long));
            SetString(ref data[1], tagChars, tag);
            SetString(ref data[2], creation, creationStack);
            SetString(ref data[3], first, firstDisposeStack);
            SetString(ref data[4], second, secondDisposeStack);
            WriteEventCore(StreamDoubleDisposedEventId, 5, data);
        }
    }

    /// <summary>A watched stream was collected without being disposed: a leak (its blocks were not given back).</summary>
    [Event(StreamFinalizedEventId, Level = EventLevel.Error)]
    [UnconditionalSuppressMessage("ReflectionAnalysis", "IL2026", Justification = TrimmingJustification)]
    public unsafe void StreamFinalized(long streamId, string tag, string creationStack)
    {
        fixed (char* tagChars = tag)
        fixed (char* creation = creationStack)
        {
            EventData* data = stackalloc EventData[3];
            Set(ref data[0], &streamId, sizeof(long));
            SetString(ref data[1], tagChars, tag);
            SetString(ref data[2], creation, creationStack);
            WriteEventCore(StreamFinalizedEventId, 3, data);
        }
    }

    /// <summary><c>ToArray</c> copied a stream into an array on the LOH.</summary>
    [Event(StreamConvertedToArrayEventId, Level = EventLevel.Warning)]
    [UnconditionalSuppressMessage("ReflectionAnalysis", "IL2026", Justification = TrimmingJustification)]
    public unsafe void StreamConvertedToArray(long streamId, string tag, long length, string stack)
    {
        fixed (char* tagChars = tag)
        fixed (char* stackChars = stack)
        {
            EventData* data = stackalloc EventData[4];
            Set(ref data[0], &streamId, sizeof(long));
            SetString(ref data[1], tagChars, tag);
            Set(ref data[2], &length, sizeof(long));
            SetString(ref data[3], stackChars, stack);
            WriteEventCore(StreamConvertedToArrayEventId, 4, data);
        }
    }

    /// <summary>A stream was asked to grow, or to move its position, beyond its maximum capacity; the call threw.</summary>
    [Event(StreamOverCapacityEventId, Level = EventLevel.Error)]
    [UnconditionalSuppressMessage("ReflectionAnalysis", "IL2026", Justification = TrimmingJustification)]
    public unsafe void StreamOverCapacity(long streamId, string tag, long requestedCapacity, long maximumCapacity, string stack)
    {
        fixed (char* tagChars = tag)
        fixed (char* stackChars = stack)
        {
            EventData* data = stackalloc EventData[5];
            Set(ref data[0], &streamId, sizeof(long));
            SetString(ref data[1], tagChars, tag);
            Set(ref data[2], &requestedCapacity, sizeof(long));
            Set(ref data[3], &maximumCapacity, sizeof(long));
            SetString(ref data[4], stackChars, stack);
            WriteEventCore(StreamOverCapacityEventId, 5, data);
        }
    }
}
