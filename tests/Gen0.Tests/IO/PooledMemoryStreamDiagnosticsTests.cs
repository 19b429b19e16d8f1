using System.Collections.Concurrent;
using System.Diagnostics;
using System.Diagnostics.Metrics;
using System.Diagnostics.Tracing;
using System.Reflection;
using System.Runtime.CompilerServices;
using Gen0.IO;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.IO;

/// <summary>
/// Issue 26, part 2: RecyclableMemoryStream's lifecycle diagnostics and more. Every stream has an id and a tag, seen in
/// <c>ToString()</c>, the debugger and every <c>Gen0-IO</c> event; double disposes, leaks, large <c>ToArray</c> copies
/// and growth past the maximum capacity are reported; the <c>Gen0.IO</c> meter counts them.
/// </summary>
public class PooledMemoryStreamDiagnosticsTests
{
    [Fact]
    public void Ids_AreUniqueAcrossThreads_AndPositive()
    {
        var ids = new ConcurrentBag<long>();
        Watchdog.Run(() => Parallel.For(0, 8, new ParallelOptions { MaxDegreeOfParallelism = 8 }, _ =>
        {
            for (int i = 0; i < 3_000; i++)
            {
                using var stream = new PooledMemoryStream();
                ids.Add(stream.Id);
            }
        }));

        Assert.Equal(24_000, ids.Count);
        Assert.Equal(ids.Count, ids.Distinct().Count());
        Assert.True(ids.Min() > 0);
    }

    [Fact]
    public void IdAndTag_AreShownByToStringAndTheDebugger_AndSurviveDispose()
    {
        using var manager = new PooledMemoryStreamManager();
        PooledMemoryStream stream = manager.GetStream("invoice");
        stream.Write(new byte[10]);
        string shown = stream.ToString();
        Assert.Contains(stream.Id.ToString(System.Globalization.CultureInfo.InvariantCulture), shown, StringComparison.Ordinal);
        Assert.Contains("\"invoice\"", shown, StringComparison.Ordinal);
        Assert.Contains("Length = 10", shown, StringComparison.Ordinal);

        DebuggerDisplayAttribute display = typeof(PooledMemoryStream).GetCustomAttribute<DebuggerDisplayAttribute>()!;
        Assert.Contains("DebuggerDisplay", display.Value, StringComparison.Ordinal);
        string debugger = (string)typeof(PooledMemoryStream).GetProperty("DebuggerDisplay", BindingFlags.NonPublic | BindingFlags.Instance)!.GetValue(stream)!;
        Assert.Equal(shown, debugger);

        stream.Tag = "renamed";
        stream.Dispose();
        Assert.Equal("renamed", stream.Tag);
        Assert.Contains("\"renamed\": disposed", stream.ToString(), StringComparison.Ordinal);
    }

    [PlatformFact(Requires.EventListener, "Mono's EventListener never sees the Gen0-IO event source.")]
    public void CreatedAndDisposed_AreVerboseEvents_WithIdTagLengthAndCapacity()
    {
        using var listener = new IOEventCollector(EventLevel.Verbose);
        using var manager = new PooledMemoryStreamManager(new PooledMemoryStreamOptions { BlockSize = 100, MaximumStreamCapacity = 5_000 });
        PooledMemoryStream stream = manager.GetStream("report");
        stream.Write(new byte[250]);
        stream.Dispose();

        EventWrittenEventArgs created = listener.Single(stream.Id, "StreamCreated");
        Assert.Equal(EventLevel.Verbose, created.Level);
        Assert.Equal("report", IOEventCollector.Payload(created, "tag"));
        Assert.Equal(100, IOEventCollector.Payload(created, "blockSize"));
        Assert.Equal(5_000L, IOEventCollector.Payload(created, "maximumCapacity"));

        EventWrittenEventArgs disposed = listener.Single(stream.Id, "StreamDisposed");
        Assert.Equal(250L, IOEventCollector.Payload(disposed, "length"));
        Assert.Equal(300L, IOEventCollector.Payload(disposed, "capacity"));
        Assert.Empty(listener.For(stream.Id, "StreamDoubleDisposed"));
    }

    [PlatformFact(Requires.EventListener, "Mono's EventListener never sees the Gen0-IO event source.")]
    public void DisposedTwice_IsAWarning_WithTheCreationAndDisposeStacks_AndIsCounted()
    {
        using var listener = new IOEventCollector(EventLevel.Warning);
        using var manager = new PooledMemoryStreamManager(new PooledMemoryStreamOptions { CaptureCreationStack = true });
        long before = StreamCounters.DoubleDisposed;
        PooledMemoryStream stream = CreateForDoubleDispose(manager);
        FirstDispose(stream);
        Assert.Empty(listener.For(stream.Id, "StreamDoubleDisposed"));
        stream.Dispose();

        EventWrittenEventArgs twice = listener.Single(stream.Id, "StreamDoubleDisposed");
        Assert.Equal(EventLevel.Warning, twice.Level);
        Assert.Equal("twice", IOEventCollector.Payload(twice, "tag"));
        Assert.Contains(nameof(CreateForDoubleDispose), (string)IOEventCollector.Payload(twice, "creationStack")!, StringComparison.Ordinal);
        Assert.Contains(nameof(DisposedTwice_IsAWarning_WithTheCreationAndDisposeStacks_AndIsCounted), (string)IOEventCollector.Payload(twice, "firstDisposeStack")!, StringComparison.Ordinal);
        Assert.Contains(nameof(DisposedTwice_IsAWarning_WithTheCreationAndDisposeStacks_AndIsCounted), (string)IOEventCollector.Payload(twice, "secondDisposeStack")!, StringComparison.Ordinal);
        stream.Dispose();
        Assert.Equal(2, listener.For(stream.Id, "StreamDoubleDisposed").Count);
        Assert.True(StreamCounters.DoubleDisposed >= before + 2, "every extra dispose is counted");

        // Harmless for the stream: it stays a closed stream.
        Assert.Throws<ObjectDisposedException>(() => stream.Length);
    }

    [PlatformFact(Requires.EventListener, "Mono's EventListener never sees the Gen0-IO event source.")]
    public void LargeToArray_IsAWarning_SmallOnesAreNot()
    {
        using var listener = new IOEventCollector(EventLevel.Warning);
        using var small = new PooledMemoryStream(new byte[84_000]);
        using var large = new PooledMemoryStream(new byte[85_000]) { Tag = "big" };
        _ = small.ToArray();
        _ = large.ToArray();

        Assert.Empty(listener.For(small.Id, "StreamConvertedToArray"));
        EventWrittenEventArgs converted = listener.Single(large.Id, "StreamConvertedToArray");
        Assert.Equal(85_000L, IOEventCollector.Payload(converted, "length"));
        Assert.Equal("big", IOEventCollector.Payload(converted, "tag"));
        Assert.Equal(string.Empty, IOEventCollector.Payload(converted, "stack"));
    }

    [Fact]
    public void ThrowExceptionOnToArray_ThrowsNotSupported_AndTheStreamStaysUsable()
    {
        using var manager = new PooledMemoryStreamManager(new PooledMemoryStreamOptions { ThrowExceptionOnToArray = true });
        using PooledMemoryStream stream = manager.GetStream(new byte[] { 1, 2, 3 });
        Assert.Throws<NotSupportedException>(() => stream.ToArray());
        var copy = new MemoryStream();
        stream.WriteTo(copy);
        Assert.Equal([1, 2, 3], copy.ToArray());
        Assert.Equal(3, stream.GetReadOnlySequence().Length);

        // Only this manager's streams.
        using var other = new PooledMemoryStream(new byte[] { 4 });
        Assert.Equal([4], other.ToArray());
    }

    [PlatformFact(Requires.EventListener, "Mono's EventListener never sees the Gen0-IO event source.")]
    public void BeyondMaximumStreamCapacity_MemoryStreamsExceptions_BeforeRenting_AndAnErrorEvent()
    {
        using var listener = new IOEventCollector(EventLevel.Error);
        using var manager = new PooledMemoryStreamManager(new PooledMemoryStreamOptions { BlockSize = 256, MaximumStreamCapacity = 1_000 });
        using PooledMemoryStream stream = manager.GetStream("capped");
        byte[] data = new byte[1_000];
        new Random(1).NextBytes(data);
        stream.Write(data);
        long capacity = stream.Capacity64;

        Assert.Throws<IOException>(() => stream.WriteByte(1));
        Assert.Throws<IOException>(() => stream.Write([1]));
        Assert.Throws<IOException>(() => stream.GetSpan(1));
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.SetLength(1_001));
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.Capacity64 = 1_001);
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.Capacity = 1_001);
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.Position = 1_001);
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.Seek(1, SeekOrigin.End));
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.Seek(long.MaxValue, SeekOrigin.Current));

        // Up to the maximum everything works; the stream is unchanged by the refusals.
        stream.Position = 1_000;
        Assert.Equal(1_000, stream.Seek(0, SeekOrigin.End));
        stream.SetLength(1_000);
        SpanAssert.Equal(data, stream.ToArray());
        Assert.Equal(capacity, stream.Capacity64);

        List<EventWrittenEventArgs> events = listener.For(stream.Id, "StreamOverCapacity");
        Assert.Equal(9, events.Count);
        Assert.All(events, e => Assert.Equal(1_000L, IOEventCollector.Payload(e, "maximumCapacity")));
        Assert.Equal(1_001L, IOEventCollector.Payload(events[0], "requestedCapacity"));
        Assert.Equal("capped", IOEventCollector.Payload(events[0], "tag"));
        Assert.Equal(EventLevel.Error, events[0].Level);
    }

    [Fact]
    public void NegativeLengths_AreArgumentErrors_NotCapacityEvents()
    {
        using var listener = new IOEventCollector(EventLevel.Error);
        using var stream = new PooledMemoryStream();
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.SetLength(-1));
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.Position = -1);
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.Capacity = -1);
        Assert.Empty(listener.For(stream.Id, "StreamOverCapacity"));
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static PooledMemoryStream CreateForDoubleDispose(PooledMemoryStreamManager manager) => manager.GetStream("twice");

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void FirstDispose(PooledMemoryStream stream) => stream.Dispose();
}

/// <summary>The diagnostics that read process-wide state (finalizers, allocation counts, the meter) run alone.</summary>
[Collection(GcSensitiveCollection.Name)]
public class PooledMemoryStreamLifetimeTests
{
    [PlatformFact(Requires.EventListener, "Mono's EventListener never sees the Gen0-IO event source.")]
    public void ALeakedStream_IsReportedByItsFinalizer_WithTheCreationStack_AndCounted()
    {
        using var listener = new IOEventCollector(EventLevel.Error);
        using var manager = new PooledMemoryStreamManager(new PooledMemoryStreamOptions { CaptureCreationStack = true });
        long before = StreamCounters.Leaked;
        long leakedId = Watchdog.Run(() =>
        {
            long id = Leak(manager);
            long disposedId = CreateAndDispose(manager);
            Collect();
            Assert.Empty(listener.For(disposedId, "StreamFinalized"));
            return id;
        });

        EventWrittenEventArgs finalized = listener.Single(leakedId, "StreamFinalized");
        Assert.Equal(EventLevel.Error, finalized.Level);
        Assert.Equal("leaky", IOEventCollector.Payload(finalized, "tag"));
        Assert.Contains(nameof(Leak), (string)IOEventCollector.Payload(finalized, "creationStack")!, StringComparison.Ordinal);
        Assert.True(StreamCounters.Leaked >= before + 1, "the leak is counted");
    }

    [PlatformFact(Requires.EventListener, "Mono's EventListener never sees the Gen0-IO event source.")]
    public void DetectLeaks_WithoutStacks_ReportsTheLeak_WithAnEmptyStack()
    {
        using var listener = new IOEventCollector(EventLevel.Error);
        using var manager = new PooledMemoryStreamManager(new PooledMemoryStreamOptions { DetectLeaks = true });
        long id = Watchdog.Run(() =>
        {
            long leaked = Leak(manager);
            Collect();
            return leaked;
        });

        Assert.Equal(string.Empty, IOEventCollector.Payload(listener.Single(id, "StreamFinalized"), "creationStack"));
    }

    [Fact]
    public void WithNobodyListening_AStreamIsNotWatched_AndCreateDisposeAllocatesOnlyTheStream()
    {
        long streamSize = SizeOf<PooledMemoryStream>();
        using var manager = new PooledMemoryStreamManager();
        using (PooledMemoryStream probe = manager.GetStream())
        {
            Assert.Null(typeof(PooledMemoryStream).GetField("_leakTracker", BindingFlags.NonPublic | BindingFlags.Instance)!.GetValue(probe));
        }

        long perCycle = Watchdog.Run(() =>
        {
            Cycle(manager, 100);
            long before = GC.GetAllocatedBytesForCurrentThread();
            Cycle(manager, 1_000);
            return (GC.GetAllocatedBytesForCurrentThread() - before) / 1_000;
        });

        Assert.Equal(streamSize, perCycle);
    }

    [Fact]
    public void DetectLeaks_CostsOneSmallCompanionPerStream()
    {
        long streamSize = SizeOf<PooledMemoryStream>();
        using var manager = new PooledMemoryStreamManager(new PooledMemoryStreamOptions { DetectLeaks = true });
        long perCycle = Watchdog.Run(() =>
        {
            Cycle(manager, 100);
            long before = GC.GetAllocatedBytesForCurrentThread();
            Cycle(manager, 1_000);
            return (GC.GetAllocatedBytesForCurrentThread() - before) / 1_000;
        });

        Assert.Equal(streamSize + SizeOf<StreamLeakTracker>(), perCycle);
    }

    [Fact]
    public void Meter_CountsCreatedLiveLeakedAndDoubleDisposedStreams()
    {
        var values = new ConcurrentDictionary<string, long>();
        using var meterListener = new MeterListener();
        meterListener.InstrumentPublished = (instrument, l) =>
        {
            if (instrument.Meter.Name == "Gen0.IO")
            {
                l.EnableMeasurementEvents(instrument);
            }
        };
        meterListener.SetMeasurementEventCallback<long>((instrument, value, _, _) => values[instrument.Name] = value);
        meterListener.Start();

        meterListener.RecordObservableInstruments();
        long created = values["gen0.io.streams.created"];
        long live = values["gen0.io.streams.live"];
        long doubled = values["gen0.io.streams.double_disposed"];
        Assert.True(values.ContainsKey("gen0.io.streams.leaked"));

        var streams = Enumerable.Range(0, 10).Select(_ => new PooledMemoryStream()).ToList();
        meterListener.RecordObservableInstruments();
        Assert.Equal(created + 10, values["gen0.io.streams.created"]);
        Assert.Equal(live + 10, values["gen0.io.streams.live"]);

        streams.ForEach(s => s.Dispose());
        streams[0].Dispose();
        meterListener.RecordObservableInstruments();
        Assert.Equal(live, values["gen0.io.streams.live"]);
        Assert.Equal(doubled + 1, values["gen0.io.streams.double_disposed"]);

        // Streams created on a thread that has ended still count.
        var thread = new Thread(() => new PooledMemoryStream().Dispose());
        thread.Start();
        Assert.True(thread.Join(TimeSpan.FromSeconds(30)));
        meterListener.RecordObservableInstruments();
        meterListener.RecordObservableInstruments();
        Assert.Equal(created + 11, values["gen0.io.streams.created"]);
        Assert.Equal(live, values["gen0.io.streams.live"]);
    }

    private static void Cycle(PooledMemoryStreamManager manager, int count)
    {
        for (int i = 0; i < count; i++)
        {
            using PooledMemoryStream stream = manager.GetStream();
            stream.WriteByte(1);
        }
    }

    private static long SizeOf<T>()
    {
#if GEN0_NETFRAMEWORK
        _ = System.Runtime.Serialization.FormatterServices.GetUninitializedObject(typeof(T));
        long before = GC.GetAllocatedBytesForCurrentThread();
        _ = System.Runtime.Serialization.FormatterServices.GetUninitializedObject(typeof(T));
#else
        _ = RuntimeHelpers.GetUninitializedObject(typeof(T)); // the runtime's first call caches how to allocate T
        long before = GC.GetAllocatedBytesForCurrentThread();
        _ = RuntimeHelpers.GetUninitializedObject(typeof(T));
#endif
        return GC.GetAllocatedBytesForCurrentThread() - before;
    }

    private static void Collect()
    {
        for (int i = 0; i < 3; i++)
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static long Leak(PooledMemoryStreamManager manager)
    {
        PooledMemoryStream stream = manager.GetStream("leaky");
        stream.Write(new byte[100]);
        return stream.Id;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static long CreateAndDispose(PooledMemoryStreamManager manager)
    {
        using PooledMemoryStream stream = manager.GetStream("tidy");
        return stream.Id;
    }
}
