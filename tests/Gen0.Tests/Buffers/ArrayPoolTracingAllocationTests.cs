using System.Buffers;
using System.Diagnostics.Tracing;
using Gen0.Buffers;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Buffers;

/// <summary>
/// Issue 15: a listener on <c>Gen0-Buffers</c> must not make rents and returns allocate. At Informational (where no
/// rent or return event is written) a rent+return allocates 0 bytes; at Verbose Gen0 allocates nothing itself: what
/// an in-process <see cref="EventListener"/> allocates per event (its <see cref="EventWrittenEventArgs"/> and payload)
/// is measured on a control event source with the same payload written the same way, and ours may not exceed it.
/// </summary>
[Collection(GcSensitiveCollection.Name)]
public sealed class ArrayPoolTracingAllocationTests
{
    private const int Pairs = 10_000;

    public static TheoryData<string, int> Cases()
    {
        var data = new TheoryData<string, int>();
        foreach (string pool in new[] { "Shared", "Instance" })
        {
            foreach (int length in new[] { 16, 4096, 65_536, 1 << 20 })
            {
                data.Add(pool, length);
            }
        }

        return data;
    }

    [AllocationTheory]
    [MemberData(nameof(Cases))]
    public void ListenerAtInformational_RentAndReturn_AllocateZeroBytes(string which, int length)
    {
        using var listener = new BuffersListener(EventLevel.Informational);
        using var instance = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = "tracing" });
        ArrayPool<byte> pool = which == "Shared" ? ScalableArrayPool<byte>.Shared : instance;

        int events = -1;
        long allocated = Watchdog.Run(() =>
        {
            // Only this thread's events: tests running beside this one write events of their own pools (and of Shared)
            // to the same source, and this listener sees them all (issue 41).
            listener.OnlyThread = Environment.CurrentManagedThreadId;
            RentReturn(pool, length, 100); // warm up: the thread's cache, the slot reservation (one Allocated event)
            int eventsBefore = listener.EventCount;
            long bytes = Allocations.FewestBytes(() => RentReturn(pool, length, Pairs));
            events = listener.EventCount - eventsBefore;
            return bytes;
        });

        Assert.Equal(0, allocated);
        Assert.True(events == 0, $"no event is written at Informational on the hit path; saw {events}");
    }

    [AllocationFact]
    public void ListenerAtInformational_NestedRentsOf1MB_AllocateZeroBytes()
    {
        using var listener = new BuffersListener(EventLevel.Informational);
        long allocated = Watchdog.Run(() =>
        {
            var held = new byte[8][];
            NestedRentReturn(held, 10);
            return Allocations.FewestBytes(() => NestedRentReturn(held, 1_000));
        });

        Assert.Equal(0, allocated);
    }

    [PlatformFact(Requires.AllocationCounter | Requires.EventListener, "It compares allocations per event, which needs both an allocation counter and a listener that sees the events.")]
    public void ListenerAtVerbose_GenZeroAllocatesNothingBeyondWhatTheListenerItselfAllocatesPerEvent()
    {
        long perControlEvent;
        using (var control = new ControlEventSource())
        using (var controlListener = new SourceListener(control.Name, EventLevel.Verbose))
        {
            perControlEvent = Watchdog.Run(() =>
            {
                for (int i = 0; i < 100; i++)
                {
                    control.Rented(1, i, 4096, 4000);
                }

                long before = GC.GetAllocatedBytesForCurrentThread();
                for (int i = 0; i < 1_000; i++)
                {
                    control.Rented(1, i, 4096, 4000);
                }

                return (GC.GetAllocatedBytesForCurrentThread() - before) / 1_000;
            });
            Assert.True(controlListener.EventCount >= 1_100);
        }

        using var listener = new BuffersListener(EventLevel.Verbose);
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = "tracing" });
        long perPair = AllocatedPerPair(pool);

        Assert.True(listener.EventCount >= 2_200, $"both events of each pair reach the listener; saw {listener.EventCount}");

        // Two events per pair (Rented, Returned; Returned has one field fewer than the control's event).
        Assert.True(perPair <= 2 * perControlEvent, $"a rent+return allocated {perPair} B with a Verbose listener; the listener's own cost is {perControlEvent} B per event");
    }

    [PlatformFact(Requires.AllocationCounter | Requires.EventListener, "It compares allocations per event, which needs both an allocation counter and a listener that sees the events.")]
    public void ListenerAtVerbose_CostsNoMorePerPairThanTheBclPoolsOwnEventSource()
    {
        // The BCL's ArrayPool<T>.Shared writes BufferRented (four integers) and BufferReturned (three) on every pair;
        // an in-process listener boxes each payload value, so ours may carry no more fields than those.
        long perBclPair;
        using (var bclListener = new SourceListener("System.Buffers.ArrayPoolEventSource", EventLevel.Verbose))
        {
            perBclPair = AllocatedPerPair(ArrayPool<byte>.Shared);
            Assert.True(bclListener.EventCount >= 2_000, $"the BCL pool's events reach the listener; saw {bclListener.EventCount}");
        }

        using var listener = new BuffersListener(EventLevel.Verbose);
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = "tracing-vs-bcl" });
        long perPair = AllocatedPerPair(pool);

        Assert.True(perPair <= perBclPair, $"a rent+return allocated {perPair} B with a Verbose listener; the BCL's pool {perBclPair} B");
    }

    /// <summary>Bytes this thread allocates per 4 KB rent+return pair on <paramref name="pool"/>, after a warm-up, under the watchdog.</summary>
    private static long AllocatedPerPair(ArrayPool<byte> pool) => Watchdog.Run(() =>
    {
        RentReturn(pool, 4096, 100);
        long before = GC.GetAllocatedBytesForCurrentThread();
        RentReturn(pool, 4096, 1_000);
        return (GC.GetAllocatedBytesForCurrentThread() - before) / 1_000;
    });

    private static void RentReturn(ArrayPool<byte> pool, int length, int pairs)
    {
        for (int i = 0; i < pairs; i++)
        {
            byte[] array = pool.Rent(length);
            array[0] = (byte)i;
            pool.Return(array);
        }
    }

    private static void NestedRentReturn(byte[][] held, int rounds)
    {
        ScalableArrayPool<byte> pool = ScalableArrayPool<byte>.Shared;
        for (int r = 0; r < rounds; r++)
        {
            for (int i = 0; i < held.Length; i++)
            {
                held[i] = pool.Rent(1 << 20);
            }

            for (int i = held.Length - 1; i >= 0; i--)
            {
                pool.Return(held[i]);
            }
        }
    }

    private class SourceListener(string sourceName, EventLevel level) : EventListener
    {
        private int _eventCount;
        private volatile int _onlyThread = -1;

        public int EventCount => Volatile.Read(ref _eventCount);

        /// <summary>Counts only the events written on this managed thread (-1, the default: every thread's).</summary>
        public int OnlyThread
        {
            get => _onlyThread;
            set => _onlyThread = value;
        }

        protected override void OnEventSourceCreated(EventSource eventSource)
        {
            // Also called from the base constructor for existing sources: the captured parameters are stored before it runs.
            if (eventSource.Name == sourceName)
            {
                EnableEvents(eventSource, level);
            }
        }

        protected override void OnEventWritten(EventWrittenEventArgs eventData)
        {
            // A listener is called on the thread that writes the event.
            int only = _onlyThread;
            if (only == -1 || only == Environment.CurrentManagedThreadId)
            {
                Interlocked.Increment(ref _eventCount);
            }
        }
    }

    private sealed class BuffersListener(EventLevel level) : SourceListener(ArrayPoolEventSource.EventSourceName, level);

    /// <summary>The control: an event with the payload of <c>Rented</c>, written with WriteEventCore, the cheapest way EventSource offers.</summary>
    [EventSource(Name = "Gen0-Tests-TracingControl")]
    private sealed class ControlEventSource : EventSource
    {
        [Event(1, Level = EventLevel.Verbose)]
        public unsafe void Rented(int poolId, int arrayId, int arrayLength, int requestedLength)
        {
            EventData* data = stackalloc EventData[4];
            data[0].DataPointer = (nint)(&poolId);
            data[0].Size = sizeof(int);
            data[1].DataPointer = (nint)(&arrayId);
            data[1].Size = sizeof(int);
            data[2].DataPointer = (nint)(&arrayLength);
            data[2].Size = sizeof(int);
            data[3].DataPointer = (nint)(&requestedLength);
            data[3].Size = sizeof(int);
            WriteEventCore(1, 4, data);
        }
    }
}
