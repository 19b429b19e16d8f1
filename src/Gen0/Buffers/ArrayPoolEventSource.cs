using System.Diagnostics.CodeAnalysis;
using System.Diagnostics.Tracing;

namespace Gen0.Buffers;

/// <summary>
/// The <c>Gen0-Buffers</c> event source: what every <see cref="ScalableArrayPool{T}"/> does with its arrays, for
/// <c>dotnet-trace</c>, PerfView or an in-process <see cref="EventListener"/>.
/// </summary>
/// <remarks>
/// <para>
/// <see cref="Rented"/> and <see cref="Returned"/> fire on every operation and are <see cref="EventLevel.Verbose"/>;
/// <see cref="Allocated"/>, <see cref="Dropped"/> and <see cref="Trimmed"/> say the pool is not doing its job (or is
/// releasing memory) and are <see cref="EventLevel.Informational"/>. Array ids are
/// <see cref="System.Runtime.CompilerServices.RuntimeHelpers.GetHashCode(object)"/>, as in the BCL's
/// <c>ArrayPoolEventSource</c>: stable for an array's life, not unique.
/// </para>
/// <para>
/// <b>Zero allocation.</b> A listener at one level must not make the pool allocate for events of another: the pools
/// ask <see cref="IsVerboseEnabled"/> or <see cref="IsInformationalEnabled"/> (level-checked, so a listener at
/// Informational costs a rent and a return only the two checks), and every event is written with
/// <see cref="EventSource.WriteEventCore"/> over stack-allocated <see cref="EventSource.EventData"/>, never with the
/// <c>params object[]</c> overload that boxes each argument. Strings are passed pinned, booleans as 4-byte integers (the
/// size <c>EventSource</c> gives a <see cref="bool"/> in its manifest).
/// </para>
/// </remarks>
[EventSource(Name = EventSourceName)]
internal sealed class ArrayPoolEventSource : Gen0EventSource
{
    /// <summary>The event source's name.</summary>
    public const string EventSourceName = "Gen0-Buffers";

    public const int RentedEventId = 1;
    public const int AllocatedEventId = 2;
    public const int ReturnedEventId = 3;
    public const int DroppedEventId = 4;
    public const int TrimmedEventId = 5;

    private const string TrimmingJustification = "The payloads are primitives and strings, which need no reflection.";

    public static readonly ArrayPoolEventSource Log = new();

    private ArrayPoolEventSource()
    {
    }

    /// <summary>Gets whether a listener takes <see cref="Rented"/> and <see cref="Returned"/>: a field read when nobody listens.</summary>
    public bool IsVerboseEnabled => IsEnabled() && IsEnabled(EventLevel.Verbose, EventKeywords.None);

    /// <summary>Gets whether a listener takes <see cref="Allocated"/>, <see cref="Dropped"/> and <see cref="Trimmed"/>.</summary>
    public bool IsInformationalEnabled => IsEnabled() && IsEnabled(EventLevel.Informational, EventKeywords.None);

    /// <summary>An array was handed out (from the pool or newly allocated).</summary>
    /// <remarks>Carries the pool's id, not its name: an in-process listener decodes every string payload into a new
    /// string, and this event fires on every rent. <see cref="Allocated"/>, <see cref="Dropped"/> and
    /// <see cref="Trimmed"/> carry both, so a consumer maps ids to names from them. Four integers, as the BCL's
    /// <c>BufferRented</c>: an in-process listener boxes each payload value, so every field costs every rent. Whether a
    /// rent was served by the thread-local tier or a shard is in the statistics (<c>ThreadLocalHits</c>,
    /// <c>ShardHits</c>) and the meters, not in the event (version 1 carried it).</remarks>
    [Event(RentedEventId, Level = EventLevel.Verbose, Version = 2)]
    [UnconditionalSuppressMessage("ReflectionAnalysis", "IL2026", Justification = TrimmingJustification)]
    public unsafe void Rented(int poolId, int arrayId, int arrayLength, int requestedLength)
    {
        EventData* data = stackalloc EventData[4];
        Set(ref data[0], &poolId, sizeof(int));
        Set(ref data[1], &arrayId, sizeof(int));
        Set(ref data[2], &arrayLength, sizeof(int));
        Set(ref data[3], &requestedLength, sizeof(int));
        WriteEventCore(RentedEventId, 4, data);
    }

    /// <summary>A rent allocated a new array.</summary>
    [Event(AllocatedEventId, Level = EventLevel.Informational)]
    [UnconditionalSuppressMessage("ReflectionAnalysis", "IL2026", Justification = TrimmingJustification)]
    public unsafe void Allocated(int poolId, string poolName, int arrayId, int arrayLength, int requestedLength, ArrayPoolAllocationReason reason)
    {
        fixed (char* name = poolName)
        {
            EventData* data = stackalloc EventData[6];
            Set(ref data[0], &poolId, sizeof(int));
            SetString(ref data[1], name, poolName);
            Set(ref data[2], &arrayId, sizeof(int));
            Set(ref data[3], &arrayLength, sizeof(int));
            Set(ref data[4], &requestedLength, sizeof(int));
            Set(ref data[5], &reason, sizeof(ArrayPoolAllocationReason));
            WriteEventCore(AllocatedEventId, 6, data);
        }
    }

    /// <summary>An array came back and the pool kept it.</summary>
    /// <remarks>Carries the pool's id, not its name, and three integers as the BCL's <c>BufferReturned</c>, for the
    /// reasons given on <see cref="Rented"/>.</remarks>
    [Event(ReturnedEventId, Level = EventLevel.Verbose, Version = 2)]
    [UnconditionalSuppressMessage("ReflectionAnalysis", "IL2026", Justification = TrimmingJustification)]
    public unsafe void Returned(int poolId, int arrayId, int arrayLength)
    {
        EventData* data = stackalloc EventData[3];
        Set(ref data[0], &poolId, sizeof(int));
        Set(ref data[1], &arrayId, sizeof(int));
        Set(ref data[2], &arrayLength, sizeof(int));
        WriteEventCore(ReturnedEventId, 3, data);
    }

    /// <summary>An array came back and the pool let the GC have it.</summary>
    [Event(DroppedEventId, Level = EventLevel.Informational)]
    [UnconditionalSuppressMessage("ReflectionAnalysis", "IL2026", Justification = TrimmingJustification)]
    public unsafe void Dropped(int poolId, string poolName, int arrayId, int arrayLength, ArrayPoolDropReason reason)
    {
        fixed (char* name = poolName)
        {
            EventData* data = stackalloc EventData[5];
            Set(ref data[0], &poolId, sizeof(int));
            SetString(ref data[1], name, poolName);
            Set(ref data[2], &arrayId, sizeof(int));
            Set(ref data[3], &arrayLength, sizeof(int));
            Set(ref data[4], &reason, sizeof(ArrayPoolDropReason));
            WriteEventCore(DroppedEventId, 5, data);
        }
    }

    /// <summary>The pool released kept arrays; <paramref name="trigger"/> is Idle, MemoryPressureMedium, MemoryPressureHigh, BudgetLowered (a budget that follows the memory limit fell below what the pool held), Explicit, Dispose or DeadThread (arrays of ended threads that no shard had room or budget for).</summary>
    [Event(TrimmedEventId, Level = EventLevel.Informational)]
    [UnconditionalSuppressMessage("ReflectionAnalysis", "IL2026", Justification = TrimmingJustification)]
    public unsafe void Trimmed(int poolId, string poolName, int arrayCount, long bytes, string trigger)
    {
        fixed (char* name = poolName)
        fixed (char* why = trigger)
        {
            EventData* data = stackalloc EventData[5];
            Set(ref data[0], &poolId, sizeof(int));
            SetString(ref data[1], name, poolName);
            Set(ref data[2], &arrayCount, sizeof(int));
            Set(ref data[3], &bytes, sizeof(long));
            SetString(ref data[4], why, trigger);
            WriteEventCore(TrimmedEventId, 5, data);
        }
    }
}
