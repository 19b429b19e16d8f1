using System.Buffers;
using System.Collections.Concurrent;
using System.Diagnostics.Tracing;
using Gen0.IO;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.IO;

/// <summary>
/// Proves that building a 200 MB payload in a <see cref="PooledMemoryStream"/> puts nothing on the Large Object Heap,
/// two ways, each with a control showing the probe would have seen a large object.
/// </summary>
[Collection(GcSensitiveCollection.Name)]
public class PooledMemoryStreamLohTests
{
    private const long TwoHundredMegabytes = 200L * 1024 * 1024;

    [Fact]
    public void Writing200MB_WithTheDefaultPool_RaisesNoLargeAllocationTick()
    {
        using var listener = new LargeAllocationListener();

        // Control: a MemoryStream growing to 20 MB doubles its array on the LOH again and again.
        long control = listener.Measure(() => WriteAll(new MemoryStream(), 20L * 1024 * 1024));
        Assert.True(control > 0, "The listener saw no LOH allocation from a MemoryStream: the probe is blind.");

        long large = listener.Measure(() =>
        {
            using var stream = new PooledMemoryStream();
            WriteAll(stream, TwoHundredMegabytes);
        });
        Assert.Equal(0, large);
    }

    [Fact]
    public void Writing200MB_WithAWarmPool_LeavesTheLohUnchanged()
    {
        ArrayPool<byte> pool = ArrayPool<byte>.Create(PooledMemoryStream.DefaultBlockSize, 3300);
        using (var warmUp = new PooledMemoryStream(pool))
        {
            WriteAll(warmUp, TwoHundredMegabytes);
        }

        // Control: one array just over the threshold is seen.
        Assert.True(MeasureLohGrowth(() => GC.KeepAlive(new byte[85_000])) >= 85_000, "The LOH probe missed an 85,000-byte array.");

        long growth = MeasureLohGrowth(() =>
        {
            using var stream = new PooledMemoryStream(pool);
            WriteAll(stream, TwoHundredMegabytes);
            Assert.Equal(TwoHundredMegabytes, stream.GetReadOnlySequence().Length);
        });
        Assert.Equal(0, growth);
    }

    private static void WriteAll(Stream stream, long total)
    {
        byte[] chunk = new byte[4096];
        for (long written = 0; written < total; written += chunk.Length)
        {
            stream.Write(chunk, 0, chunk.Length);
        }

        Assert.Equal(total, stream.Length);
    }

    /// <summary>
    /// Returns the bytes the LOH gained (live or dead) while <paramref name="action"/> ran: its size before the
    /// full collection that follows the action, less its size after the full collection that preceded it, both
    /// without free space. Retries when another gen 2 collection got in between; returns the smallest reading.
    /// </summary>
    private static long MeasureLohGrowth(Action action)
    {
        long smallest = long.MaxValue;
        for (int attempt = 0; attempt < 3 && smallest != 0; attempt++)
        {
            GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
            GC.WaitForPendingFinalizers();
            GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
            GCGenerationInfo before = GC.GetGCMemoryInfo(GCKind.FullBlocking).GenerationInfo[3];
            int gen2 = GC.CollectionCount(2);
            action();
            GC.Collect(2, GCCollectionMode.Forced, blocking: true);
            GCGenerationInfo after = GC.GetGCMemoryInfo(GCKind.FullBlocking).GenerationInfo[3];
            if (GC.CollectionCount(2) != gen2 + 1)
            {
                continue;
            }

            long grown = (after.SizeBeforeBytes - after.FragmentationBeforeBytes) - (before.SizeAfterBytes - before.FragmentationAfterBytes);
            smallest = Math.Min(smallest, Math.Max(0, grown));
        }

        Assert.True(smallest != long.MaxValue, "Every attempt had another gen 2 collection in the middle.");
        return smallest;
    }

    /// <summary>Sums the runtime's GCAllocationTick events of the large-object kind, per measured phase.</summary>
    private sealed class LargeAllocationListener : EventListener
    {
        private const int AllocationTickEventId = 10;
        private const int LargeObjectKind = 1;
        private readonly ConcurrentQueue<(DateTime TimeStamp, long Amount, string TypeName)> _ticks = new();

        public long Measure(Action action)
        {
            DateTime start = DateTime.UtcNow;
            action();
            DateTime end = DateTime.UtcNow;

            // Events arrive asynchronously and in order: allocate on the LOH until a tick newer than the action shows.
            var sentinels = new List<byte[]>();
            DateTime deadline = DateTime.UtcNow.AddSeconds(20);
            while (!_ticks.Any(t => t.TimeStamp > end) && DateTime.UtcNow < deadline)
            {
                sentinels.Add(new byte[200_000]);
                Thread.Sleep(50);
            }

            Assert.True(_ticks.Any(t => t.TimeStamp > end), "No allocation tick arrived for the sentinel allocations.");
            GC.KeepAlive(sentinels);
            return _ticks.Where(t => t.TimeStamp >= start && t.TimeStamp <= end).Sum(t => t.Amount);
        }

        protected override void OnEventSourceCreated(EventSource eventSource)
        {
            if (eventSource.Name == "Microsoft-Windows-DotNETRuntime")
            {
                EnableEvents(eventSource, EventLevel.Verbose, (EventKeywords)0x1);
            }
        }

        protected override void OnEventWritten(EventWrittenEventArgs eventData)
        {
            if (eventData.EventId != AllocationTickEventId || eventData.Payload is null || eventData.PayloadNames is null)
            {
                return;
            }

            int kindIndex = eventData.PayloadNames.IndexOf("AllocationKind");
            int amountIndex = eventData.PayloadNames.IndexOf("AllocationAmount64");
            int typeIndex = eventData.PayloadNames.IndexOf("TypeName");
            if (kindIndex < 0 || Convert.ToInt32(eventData.Payload[kindIndex], System.Globalization.CultureInfo.InvariantCulture) != LargeObjectKind)
            {
                return;
            }

            long amount = amountIndex >= 0 ? Convert.ToInt64(eventData.Payload[amountIndex], System.Globalization.CultureInfo.InvariantCulture) : 1;
            _ticks.Enqueue((eventData.TimeStamp.ToUniversalTime(), amount, typeIndex >= 0 ? eventData.Payload[typeIndex]?.ToString() ?? string.Empty : string.Empty));
        }
    }
}
