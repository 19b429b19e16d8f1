using System.Collections.Concurrent;
using System.Diagnostics.Tracing;
using Gen0.Collections;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Collections;

/// <summary>
/// Proves, with the runtime's own <c>GCAllocationTick</c> events for large objects, that filling a 10-million-element
/// <see cref="ChunkedList{T}"/> and a 5-million-element <see cref="ChunkedHashSet{T}"/> allocates nothing on the LOH,
/// while <see cref="List{T}"/> and <see cref="HashSet{T}"/> do.
/// </summary>
/// <remarks>
/// The runtime raises a large-object allocation tick each time 100 KB more has been allocated on the LOH, naming the
/// type of the object that crossed the mark. Events arrive on a dispatcher thread some time later, so every
/// measurement ends by allocating a sentinel array of a type of its own (more than 100 KB, so it alone raises a
/// tick) and waits for the sentinel's tick: every LOH allocation made before it has been reported by then, and the
/// sentinel leaves the tick counter at zero for the next measurement.
/// </remarks>
[Collection(GcSensitiveCollection.Name)]
public sealed class ChunkedLohTests
{
    [PlatformFact(Requires.RuntimeEvents, "It counts the runtime's own large-object allocation ticks, which .NET Framework and Mono do not deliver in process (ChunkedGenerationTests checks the promise on every runtime).")]
    public void FillingLargeChunkedCollectionsAllocatesNothingOnTheLoh()
    {
        using LargeAllocationListener listener = new();
        listener.Measure(() => { });

        IReadOnlyList<string> standardList = listener.Measure(() =>
        {
            List<long> list = new();
            for (long i = 0; i < 10_000_000; i++)
            {
                list.Add(i);
            }

            GC.KeepAlive(list);
        });
        IReadOnlyList<string> chunkedList = listener.Measure(() =>
        {
            ChunkedList<long> list = new();
            for (long i = 0; i < 10_000_000; i++)
            {
                list.Add(i);
            }

            Assert.Equal(9_999_999L, list[^1]);
        });
        IReadOnlyList<string> standardSet = listener.Measure(() =>
        {
            HashSet<int> set = new();
            for (int i = 0; i < 5_000_000; i++)
            {
                set.Add(i);
            }

            GC.KeepAlive(set);
        });
        IReadOnlyList<string> chunkedSet = listener.Measure(() =>
        {
            ChunkedHashSet<int> set = new();
            for (int i = 0; i < 5_000_000; i++)
            {
                set.Add(i);
            }

            Assert.Equal(5_000_000, set.Count);
        });

        Assert.NotEmpty(standardList);
        Assert.NotEmpty(standardSet);
        Assert.True(chunkedList.Count == 0, "ChunkedList<long> allocated on the LOH: " + string.Join(", ", chunkedList));
        Assert.True(chunkedSet.Count == 0, "ChunkedHashSet<int> allocated on the LOH: " + string.Join(", ", chunkedSet));
    }

    /// <summary>A type only the sentinel array uses, so that its tick is recognizable.</summary>
    private readonly record struct LohSentinel(long Value);

    private sealed class LargeAllocationListener : EventListener
    {
        private const int LargeObjectKind = 1;
        private const string SentinelTypeName = "LohSentinel[]";
        private readonly ConcurrentQueue<string> _ticks = new();

        /// <summary>Runs <paramref name="action"/> and returns the type names of the large-object ticks it caused.</summary>
        public IReadOnlyList<string> Measure(Action action)
        {
            action();
            GC.KeepAlive(new LohSentinel[16_384]);
            List<string> seen = new();
            DateTime deadline = DateTime.UtcNow.AddSeconds(20);
            while (true)
            {
                while (_ticks.TryDequeue(out string? typeName))
                {
                    if (typeName.EndsWith(SentinelTypeName, StringComparison.Ordinal))
                    {
                        return seen;
                    }

                    seen.Add(typeName);
                }

                Assert.True(DateTime.UtcNow < deadline, "The runtime's allocation tick for the sentinel never arrived.");
                Thread.Sleep(20);
            }
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
            if (eventData.EventName is null || !eventData.EventName.StartsWith("GCAllocationTick", StringComparison.Ordinal) || eventData.PayloadNames is null || eventData.Payload is null)
            {
                return;
            }

            int kindIndex = eventData.PayloadNames.IndexOf("AllocationKind");
            int typeIndex = eventData.PayloadNames.IndexOf("TypeName");
            if (kindIndex >= 0 && Convert.ToInt32(eventData.Payload[kindIndex], System.Globalization.CultureInfo.InvariantCulture) == LargeObjectKind)
            {
                _ticks.Enqueue(typeIndex >= 0 ? eventData.Payload[typeIndex]?.ToString() ?? "?" : "?");
            }
        }
    }
}
