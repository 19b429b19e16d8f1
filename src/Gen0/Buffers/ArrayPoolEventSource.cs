using System.Diagnostics.Tracing;

namespace Gen0.Buffers;

/// <summary>
/// The <c>Gen0-Buffers</c> event source: what every <see cref="ScalableArrayPool{T}"/> does with its arrays, for
/// <c>dotnet-trace</c>, PerfView or an in-process <see cref="EventListener"/>.
/// </summary>
/// <remarks>
/// <see cref="Rented"/> and <see cref="Returned"/> fire on every operation and are <see cref="EventLevel.Verbose"/>;
/// <see cref="Allocated"/>, <see cref="Dropped"/> and <see cref="Trimmed"/> say the pool is not doing its job (or is
/// releasing memory) and are <see cref="EventLevel.Informational"/>. Array ids are
/// <see cref="System.Runtime.CompilerServices.RuntimeHelpers.GetHashCode(object)"/>, as in the BCL's
/// <c>ArrayPoolEventSource</c>: stable for an array's life, not unique.
/// </remarks>
[EventSource(Name = EventSourceName)]
internal sealed class ArrayPoolEventSource : EventSource
{
    /// <summary>The event source's name.</summary>
    public const string EventSourceName = "Gen0-Buffers";

    public const int RentedEventId = 1;
    public const int AllocatedEventId = 2;
    public const int ReturnedEventId = 3;
    public const int DroppedEventId = 4;
    public const int TrimmedEventId = 5;

    public static readonly ArrayPoolEventSource Log = new();

    private ArrayPoolEventSource()
    {
    }

    /// <summary>An array was handed out (from the pool or newly allocated).</summary>
    [Event(RentedEventId, Level = EventLevel.Verbose)]
    public void Rented(int poolId, string poolName, int arrayId, int arrayLength, int requestedLength, bool threadLocal) =>
        WriteEvent(RentedEventId, poolId, poolName, arrayId, arrayLength, requestedLength, threadLocal);

    /// <summary>A rent allocated a new array.</summary>
    [Event(AllocatedEventId, Level = EventLevel.Informational)]
    public void Allocated(int poolId, string poolName, int arrayId, int arrayLength, int requestedLength, ArrayPoolAllocationReason reason) =>
        WriteEvent(AllocatedEventId, poolId, poolName, arrayId, arrayLength, requestedLength, reason);

    /// <summary>An array came back and the pool kept it.</summary>
    [Event(ReturnedEventId, Level = EventLevel.Verbose)]
    public void Returned(int poolId, string poolName, int arrayId, int arrayLength, bool threadLocal) =>
        WriteEvent(ReturnedEventId, poolId, poolName, arrayId, arrayLength, threadLocal);

    /// <summary>An array came back and the pool let the GC have it.</summary>
    [Event(DroppedEventId, Level = EventLevel.Informational)]
    public void Dropped(int poolId, string poolName, int arrayId, int arrayLength, ArrayPoolDropReason reason) =>
        WriteEvent(DroppedEventId, poolId, poolName, arrayId, arrayLength, reason);

    /// <summary>The pool released kept arrays; <paramref name="trigger"/> is Idle, MemoryPressure, Explicit or Dispose.</summary>
    [Event(TrimmedEventId, Level = EventLevel.Informational)]
    public void Trimmed(int poolId, string poolName, int arrayCount, long bytes, string trigger) =>
        WriteEvent(TrimmedEventId, poolId, poolName, arrayCount, bytes, trigger);
}
