using System.Collections.Concurrent;
using System.Diagnostics.Metrics;
using System.Diagnostics.Tracing;
using Gen0.Buffers;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Buffers;

// In-process listeners on Gen0-Buffers allocate on every thread that writes an event while they are on, so these tests
// run alone (the GC-sensitive collection), never beside a test that measures what a thread allocates.
[Collection(GcSensitiveCollection.Name)]
public sealed class ScalableArrayPoolDiagnosticsTests
{
    [Fact]
    public void Statistics_ToString_PrintsTheFigures()
    {
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { MaxArrayLength = 1000 });
        pool.Return(pool.Rent(100));
        pool.Return(pool.Rent(5000));

        string text = pool.GetStatistics().ToString();

        Assert.Contains("Rents = 2", text, StringComparison.Ordinal);
        Assert.Contains("Allocations = 2 / 5128 B", text, StringComparison.Ordinal); // a 128-byte class array and 5,000 unpooled bytes
        Assert.Contains("over maximum 1", text, StringComparison.Ordinal);
        Assert.DoesNotContain(nameof(ScalableArrayPoolStatistics), text, StringComparison.Ordinal);
    }

    [PlatformFact(Requires.EventListener, "Mono's EventListener never sees the Gen0-Buffers event source.")]
    public void EventSource_FiresEveryEvent_WithPayload()
    {
        string name = "events-" + Guid.NewGuid().ToString("N");
        using var listener = new PoolEventListener(name);
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = name, MaxArrayLength = 1000, ShardCount = 1 });
        listener.PoolId = pool.EventPoolId;

        byte[] first = pool.Rent(100);            // Allocated (PoolExhausted) + Rented
        pool.Return(first);                        // Returned (thread-local)
        byte[] again = pool.Rent(100);            // Rented (thread-local)
        pool.Return(again);
        byte[] big = pool.Rent(5000);             // Allocated (OverMaximumLength) + Rented
        pool.Return(big);                          // Dropped (OverMaximumLength)
        pool.Return(new byte[100]);                // Dropped (ForeignLength)
        pool.Trim();                               // Trimmed

        List<EventWrittenEventArgs> events = listener.Events;
        EventWrittenEventArgs allocated = Single(events, "Allocated", e => (int)e.Payload![3]! == 128);
        Assert.Equal(ArrayPoolEventSource.AllocatedEventId, allocated.EventId);
        Assert.Equal(name, Payload(allocated, "poolName"));
        Assert.Equal(128, Payload(allocated, "arrayLength"));
        Assert.Equal(100, Payload(allocated, "requestedLength"));
        Assert.Equal((int)ArrayPoolAllocationReason.PoolExhausted, Convert.ToInt32(Payload(allocated, "reason"), null));
        int arrayId = (int)Payload(allocated, "arrayId")!;
        Assert.Equal(System.Runtime.CompilerServices.RuntimeHelpers.GetHashCode(first), arrayId);

        Assert.Equal((int)ArrayPoolAllocationReason.OverMaximumLength, Convert.ToInt32(Payload(Single(events, "Allocated", e => (int)e.Payload![3]! == 5000), "reason"), null));

        List<EventWrittenEventArgs> rented = events.FindAll(e => e.EventName == "Rented");
        Assert.Equal(3, rented.Count);
        Assert.Equal([100, 100, 5000], rented.ConvertAll(e => (int)Payload(e, "requestedLength")!));
        Assert.All(rented, e => Assert.Equal(4, e.Payload!.Count));
        Assert.All(rented.Take(2), e => Assert.Equal(arrayId, (int)Payload(e, "arrayId")!));

        List<EventWrittenEventArgs> returned = events.FindAll(e => e.EventName == "Returned");
        Assert.Equal(2, returned.Count);
        Assert.All(returned, e => Assert.Equal(128, (int)Payload(e, "arrayLength")!));
        Assert.All(returned, e => Assert.Equal(3, e.Payload!.Count));

        List<EventWrittenEventArgs> dropped = events.FindAll(e => e.EventName == "Dropped");
        Assert.Equal(
            [(int)ArrayPoolDropReason.OverMaximumLength, (int)ArrayPoolDropReason.ForeignLength],
            dropped.ConvertAll(e => Convert.ToInt32(Payload(e, "reason"), null)));
        Assert.Equal(5000, (int)Payload(dropped[0], "arrayLength")!);

        EventWrittenEventArgs trimmed = Single(events, "Trimmed", _ => true);
        Assert.Equal(1, (int)Payload(trimmed, "arrayCount")!);
        Assert.Equal(128L, (long)Payload(trimmed, "bytes")!);
        Assert.Equal("Explicit", Payload(trimmed, "trigger"));
        Assert.All(events, e => Assert.Equal(pool.EventPoolId, (int)Payload(e, "poolId")!));
        Assert.All(events.FindAll(e => e.EventName is not ("Rented" or "Returned")), e => Assert.Equal(name, Payload(e, "poolName")));
        Assert.All(rented.Concat(returned), e => Assert.DoesNotContain("poolName", e.PayloadNames!));
        Assert.Equal(ArrayPoolEventSource.EventSourceName, allocated.EventSource.Name);
    }

    [PlatformFact(Requires.EventListener, "Mono's EventListener never sees the Gen0-Buffers event source.")]
    public void EventSource_Dropped_ReportsPoolFullAndOverBudget()
    {
        string name = "drops-" + Guid.NewGuid().ToString("N");
        using var listener = new PoolEventListener(name);
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions
        {
            Name = name,
            ThreadLocalCache = false,
            ShardCount = 1,
            MaxArraysPerShard = 1,
            MaxRetainedBytes = 64,
        });
        byte[] a = pool.Rent(16);
        byte[] b = pool.Rent(16);
        byte[] c = pool.Rent(64);
        pool.Return(a);
        pool.Return(b); // the shard holds one 16-element array already
        pool.Return(c); // 16 + 64 bytes > 64

        List<int> reasons = listener.Events.FindAll(e => e.EventName == "Dropped").ConvertAll(e => Convert.ToInt32(Payload(e, "reason"), null));
        Assert.Equal([(int)ArrayPoolDropReason.PoolFull, (int)ArrayPoolDropReason.OverBudget], reasons);
    }

    [Fact]
    public void Meter_ReportsRentsHitsAllocationsDropsAndRetainedBytes_TaggedByPoolName()
    {
        string name = "meter-" + Guid.NewGuid().ToString("N");
        using var pool = new ScalableArrayPool<int>(new ScalableArrayPoolOptions { Name = name, MaxArrayLength = 1000 });
        pool.Return(pool.Rent(100));
        pool.Return(pool.Rent(100));
        pool.Return(pool.Rent(2000));
        pool.Return(new int[5]);

        var measurements = new ConcurrentDictionary<string, long>();
        using var listener = new MeterListener();
        listener.InstrumentPublished = (instrument, l) =>
        {
            if (instrument.Meter.Name == "Gen0.Buffers")
            {
                l.EnableMeasurementEvents(instrument);
            }
        };
        listener.SetMeasurementEventCallback<long>((instrument, value, tags, _) =>
        {
            string? poolName = null;
            string? reason = null;
            string? elementType = null;
            foreach (KeyValuePair<string, object?> tag in tags)
            {
                switch (tag.Key)
                {
                    case "pool.name": poolName = (string?)tag.Value; break;
                    case "reason": reason = (string?)tag.Value; break;
                    case "element.type": elementType = (string?)tag.Value; break;
                }
            }

            if (poolName == name)
            {
                Assert.Equal("Int32", elementType);
                measurements[instrument.Name + (reason is null ? string.Empty : "/" + reason)] = value;
            }
        });
        listener.Start();
        listener.RecordObservableInstruments();

        Assert.Equal(3, measurements["gen0.buffers.rents"]);
        Assert.Equal(1, measurements["gen0.buffers.hits"]);
        Assert.Equal(2, measurements["gen0.buffers.allocations"]);
        Assert.Equal((128 + 2000) * sizeof(int), measurements["gen0.buffers.allocated"]);
        Assert.Equal(1, measurements["gen0.buffers.drops/OverMaximumLength"]);
        Assert.Equal(1, measurements["gen0.buffers.drops/ForeignLength"]);
        Assert.Equal(0, measurements["gen0.buffers.drops/OverBudget"]);
        Assert.Equal(128 * sizeof(int), measurements["gen0.buffers.retained"]);
        Assert.Equal(0, measurements["gen0.buffers.trimmed"]);

        // Issue 24: what a trim releases is measured in bytes, so a dashboard can tell released from retained.
        pool.Trim();
        listener.RecordObservableInstruments();
        Assert.Equal(0, measurements["gen0.buffers.retained"]);
        Assert.Equal(128 * sizeof(int), measurements["gen0.buffers.trimmed"]);

        pool.Dispose();
        measurements.Clear();
        listener.RecordObservableInstruments();
        Assert.Empty(measurements);
    }

    private static EventWrittenEventArgs Single(List<EventWrittenEventArgs> events, string eventName, Func<EventWrittenEventArgs, bool> predicate) =>
        Assert.Single(events, e => e.EventName == eventName && predicate(e));

    private static object? Payload(EventWrittenEventArgs e, string name) => e.Payload![e.PayloadNames!.IndexOf(name)];

    private sealed class PoolEventListener(string poolName) : EventListener
    {
        // Rented and Returned carry only the pool's id (see ArrayPoolEventSource.Rented), so set this once the pool exists.
        public int PoolId { get; set; } = -1;

        private readonly ConcurrentQueue<EventWrittenEventArgs> _events = new();

        public List<EventWrittenEventArgs> Events => [.. _events];

        protected override void OnEventSourceCreated(EventSource eventSource)
        {
            if (eventSource.Name == ArrayPoolEventSource.EventSourceName)
            {
                EnableEvents(eventSource, EventLevel.Verbose);
            }
        }

        protected override void OnEventWritten(EventWrittenEventArgs eventData)
        {
            int index = eventData.PayloadNames?.IndexOf("poolName") ?? -1;
            int idIndex = eventData.PayloadNames?.IndexOf("poolId") ?? -1;
            if ((index >= 0 && Equals(eventData.Payload![index], poolName)) ||
                (index < 0 && idIndex >= 0 && Equals(eventData.Payload![idIndex], PoolId)))
            {
                _events.Enqueue(eventData);
            }
        }
    }
}
