using System.Diagnostics;
using Gen0.Diagnostics.Internal;
using Gen0.Diagnostics.Tests.Infrastructure;

namespace Gen0.Diagnostics.Tests;

/// <summary>The recorder against the live runtime: real GCs, real events.</summary>
[Collection(GcSensitiveCollection.Name)]
public class GcEventRecorderTests
{
    private static readonly TimeSpan s_eventTimeout = TimeSpan.FromSeconds(10);

    /// <summary>Runtime events reach an in-process listener on a dispatch thread, a little after the GC: wait for them.</summary>
    internal static bool WaitUntil(Func<bool> condition, TimeSpan timeout)
    {
        var stopwatch = Stopwatch.StartNew();
        while (!condition())
        {
            if (stopwatch.Elapsed > timeout)
            {
                return false;
            }

            Thread.Sleep(20);
        }

        return true;
    }

    [Fact]
    public void InducedCollections_AreRecordedWithReasonTypeAndPause()
    {
        using var recorder = new GcEventRecorder(new GcEventRecorderOptions { RecordLargeObjectAllocations = false });
        recorder.Start();
        Assert.True(recorder.IsRunning);
        RuntimeEvents.WaitUntilDelivered(() => recorder.CollectionCount);
        for (int i = 0; i < 3; i++)
        {
            GC.Collect(2, GCCollectionMode.Forced, blocking: true);
        }

        Assert.True(WaitUntil(() => recorder.GetCollections().Count(c => c.IsInduced && c.Pause > TimeSpan.Zero) >= 3, s_eventTimeout),
            "the recorder did not see three induced GCs with their pauses: " + string.Join("; ", recorder.GetCollections()));
        recorder.Stop();

        GcCollectionRecord[] induced = [.. recorder.GetCollections().Where(c => c.IsInduced)];
        Assert.All(induced, c =>
        {
            Assert.Equal(2, c.Generation);
            Assert.Equal(GcCollectionType.Blocking, c.Type);
            Assert.Equal(GcReason.Induced, c.Reason);
            Assert.True(c.Pause > TimeSpan.Zero && c.Pause < TimeSpan.FromSeconds(5), c.ToString());
        });
        Assert.True(recorder.InducedCount >= 3);
        Assert.True(recorder.BlockingGen2Count >= 3);
        Assert.Equal(induced.Select(c => c.Index).Distinct().Count(), induced.Length);
        Assert.Contains("Induced", induced[0].ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public void LargeAllocations_AreAttributedToByteArrays()
    {
        using var recorder = new GcEventRecorder();
        recorder.Start();
        RuntimeEvents.WaitUntilDelivered(() => recorder.CollectionCount);
        long sink = 0;
        Assert.True(WaitUntil(
            () =>
            {
                for (int i = 0; i < 64; i++)
                {
                    byte[] large = new byte[256 * 1024];
                    sink += large.Length;
                }

                return recorder.GetLargeObjectAllocations().Any(t => t.TypeName == "System.Byte[]" && t.SampledBytes >= 1 << 20);
            },
            s_eventTimeout));
        recorder.Stop();

        LargeObjectAllocation top = recorder.GetLargeObjectAllocations(1)[0];
        Assert.Equal("System.Byte[]", top.TypeName);
        Assert.True(top.Samples > 0);
        Assert.True(sink > 0);
        Assert.Empty(recorder.GetLargeObjectAllocations(0));
    }

    [Fact]
    public void StartAndStop_ManyTimes_LeavesNoListener()
    {
        int before = GcRuntimeEventListener.LiveCount;
        using var recorder = new GcEventRecorder(new GcEventRecorderOptions { RecordLargeObjectAllocations = false });
        for (int i = 0; i < 20; i++)
        {
            recorder.Start();
            Assert.Equal(before + 1, GcRuntimeEventListener.LiveCount);
            recorder.Stop();
            Assert.Equal(before, GcRuntimeEventListener.LiveCount);
        }

        // Stopped means deaf: GCs after Stop are not recorded. A live control recorder sees the GC; once it has, the
        // stopped one would have too.
        long seen = recorder.CollectionCount;
        using (var control = new GcEventRecorder(new GcEventRecorderOptions { RecordLargeObjectAllocations = false }))
        {
            control.Start();
            RuntimeEvents.WaitUntilDelivered(() => control.CollectionCount);
            long controlSeen = control.CollectionCount;
            GC.Collect();
            Assert.True(RuntimeEvents.WaitUntil(() => control.CollectionCount > controlSeen), "the control recorder never saw the GC");
        }

        Assert.Equal(seen, recorder.CollectionCount);
        Assert.False(recorder.IsRunning);
        Assert.NotNull(recorder.StoppedAt);
    }

    [Fact]
    public void Dispose_StopsTheListener_AndForbidsRestart()
    {
        int before = GcRuntimeEventListener.LiveCount;
        var recorder = new GcEventRecorder();
        recorder.Start();
        recorder.Dispose();
        Assert.Equal(before, GcRuntimeEventListener.LiveCount);
        Assert.Throws<ObjectDisposedException>(recorder.Start);
        recorder.Dispose();
    }

    [Fact]
    public void Start_WhileRunning_Throws_AndKeepsRecording()
    {
        using var recorder = new GcEventRecorder();
        recorder.Start();
        Assert.Throws<InvalidOperationException>(recorder.Start);
        Assert.True(recorder.IsRunning);
    }

    [Fact]
    public void MaxDuration_StopsTheRecordingByItself()
    {
        int before = GcRuntimeEventListener.LiveCount;
        using var recorder = new GcEventRecorder(new GcEventRecorderOptions { MaxDuration = TimeSpan.FromMilliseconds(100) });
        recorder.Start();
        Assert.True(WaitUntil(() => !recorder.IsRunning, s_eventTimeout));
        Assert.Equal(before, GcRuntimeEventListener.LiveCount);
    }

    [Fact]
    public void MaxCollections_BoundsTheRecords()
    {
        using var recorder = new GcEventRecorder(new GcEventRecorderOptions { MaxCollections = 2, RecordLargeObjectAllocations = false });
        recorder.Start();
        RuntimeEvents.WaitUntilDelivered(() => recorder.CollectionCount);
        long delivered = recorder.CollectionCount;
        for (int i = 0; i < 5; i++)
        {
            GC.Collect();
        }

        Assert.True(WaitUntil(() => recorder.CollectionCount >= delivered + 5, s_eventTimeout));
        recorder.Stop();
        Assert.Equal(2, recorder.GetCollections().Count);
        Assert.Equal(recorder.CollectionCount - 2, recorder.DroppedCollections);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(3)]
    public void Stop_RightAfterStartAndGcs_RecordsThem(int gcs)
    {
        // Issue 14, defect 11: the events arrive on the dispatch thread after the GC, and Stop used to drop them.
        using var recorder = new GcEventRecorder(new GcEventRecorderOptions { RecordLargeObjectAllocations = false });
        recorder.Start();
        for (int i = 0; i < gcs; i++)
        {
            GC.Collect(2, GCCollectionMode.Forced, blocking: true);
        }

        var stopwatch = Stopwatch.StartNew();
        recorder.Stop();
        stopwatch.Stop();

        GcCollectionRecord[] induced = [.. recorder.GetCollections().Where(c => c.IsInduced)];
        Assert.True(induced.Length >= gcs, $"Stop returned after {stopwatch.ElapsedMilliseconds} ms with {induced.Length} of {gcs} induced GC(s): " + string.Join("; ", recorder.GetCollections()));
        Assert.All(induced, c => Assert.True(c.Pause > TimeSpan.Zero, c.ToString()));
        Assert.True(recorder.InducedCount >= gcs);
        Assert.True(stopwatch.Elapsed < TimeSpan.FromMilliseconds(GcEventRecorder.FlushTimeoutMilliseconds) + TimeSpan.FromSeconds(1), $"Stop took {stopwatch.Elapsed}.");
    }

    [Fact]
    public void Stop_WithoutGcSinceStart_DoesNotWait()
    {
        using var recorder = new GcEventRecorder(new GcEventRecorderOptions { RecordLargeObjectAllocations = false });
        recorder.Start();
        var stopwatch = Stopwatch.StartNew();
        recorder.Stop();
        Assert.True(stopwatch.Elapsed < TimeSpan.FromMilliseconds(GcEventRecorder.FlushTimeoutMilliseconds), $"Stop took {stopwatch.Elapsed}.");
        Assert.False(recorder.IsRunning);
    }

    [Fact]
    public async Task Stop_FromManyThreadsAtOnce_AfterAGc_StopsOnce()
    {
        int before = GcRuntimeEventListener.LiveCount;
        using var recorder = new GcEventRecorder(new GcEventRecorderOptions { RecordLargeObjectAllocations = false });
        recorder.Start();
        GC.Collect();
        Task[] stoppers = [.. Enumerable.Range(0, 2 * Environment.ProcessorCount + 1).Select(_ => Task.Run(recorder.Stop))];
        await Task.WhenAll(stoppers).WaitAsync(TimeSpan.FromSeconds(10)); // throws TimeoutException if a Stop hangs
        Assert.False(recorder.IsRunning);
        Assert.Equal(before, GcRuntimeEventListener.LiveCount);
        Assert.True(recorder.CollectionCount >= 1);
    }

    [Fact]
    public void Options_AreValidated()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new GcEventRecorder(new GcEventRecorderOptions { MaxDuration = TimeSpan.Zero }));
        Assert.Throws<ArgumentOutOfRangeException>(() => new GcEventRecorder(new GcEventRecorderOptions { MaxCollections = 0 }));
        Assert.Throws<ArgumentOutOfRangeException>(() => new GcEventRecorder(new GcEventRecorderOptions { MaxTrackedTypes = 0 }));
        using var infinite = new GcEventRecorder(new GcEventRecorderOptions { MaxDuration = Timeout.InfiniteTimeSpan });
        Assert.Throws<ArgumentOutOfRangeException>(() => infinite.GetLargeObjectAllocations(-1));
    }
}
