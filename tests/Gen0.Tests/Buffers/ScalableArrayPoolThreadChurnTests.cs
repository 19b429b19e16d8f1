using System.Buffers;
using System.Diagnostics.Tracing;
using Gen0.Buffers;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Buffers;

/// <summary>
/// Issue 43 item 2: short-lived threads must reuse arrays. 1,000 sequential threads renting and returning one 64 KiB
/// array each made the pool allocate 1,000 arrays and 1,000 thread caches (67.7 MB, where <c>ArrayPool.Create()</c>
/// allocated 196 KB): an ended thread's cache and its arrays were only found by a trim or every 64th new cache, and
/// then dropped without being counted. A new thread now takes over an ended thread's cache, and the arrays of other
/// ended threads go to the shards; what does not fit is counted as trimmed, with a <c>DeadThread</c> event.
/// </summary>
[Collection(GcSensitiveCollection.Name)]
public sealed class ScalableArrayPoolThreadChurnTests
{
    private const int Threads = 1_000;
    private const int Length = 64 * 1024;

    private static readonly object s_threadWorkMarker = new();

    [AllocationFact]
    public void SequentialShortThreads_AllocateAtMostTwiceWhatArrayPoolCreateDoes_InstanceAndShared()
    {
        // The code paths warmed up (JIT) on pools of their own; the measured pools start empty, as in the issue, so
        // the first array each allocates counts.
        ArrayPool<byte> warmBcl = ArrayPool<byte>.Create();
        using var warmInstance = new ScalableArrayPool<byte>();
        ScalableArrayPool<byte> shared = ScalableArrayPool<byte>.Shared;
        RunThreads(20, () => warmBcl.Return(warmBcl.Rent(Length)));
        RunThreads(20, () => warmInstance.Return(warmInstance.Rent(Length)));
        RunThreads(20, () => shared.Return(shared.Rent(Length)));

        // The process-wide counter also counts what other threads allocate meanwhile (timers, the test runner): the
        // fewest bytes of three rounds each.
        long bclBytes = long.MaxValue, instanceBytes = long.MaxValue, sharedBytes = long.MaxValue;
        for (int round = 0; round < 3; round++)
        {
            ArrayPool<byte> bcl = ArrayPool<byte>.Create();
            using var instance = new ScalableArrayPool<byte>();
            bclBytes = Math.Min(bclBytes, RunThreads(Threads, () => bcl.Return(bcl.Rent(Length))));
            instanceBytes = Math.Min(instanceBytes, RunThreads(Threads, () => instance.Return(instance.Rent(Length))));
            Assert.Equal(1, instance.GetStatistics().Allocations);

            // Shared holds other tests' arrays already: it may not even allocate the first.
            sharedBytes = Math.Min(sharedBytes, RunThreads(Threads, () => shared.Return(shared.Rent(Length))));
        }

        Assert.True(instanceBytes <= 2 * bclBytes, $"An instance pool: {instanceBytes:N0} B for {Threads} threads; ArrayPool.Create(): {bclBytes:N0} B.");
        Assert.True(sharedBytes <= 2 * bclBytes, $"Shared: {sharedBytes:N0} B for {Threads} threads; ArrayPool.Create(): {bclBytes:N0} B. {shared.GetStatistics()}");
    }

    [Fact]
    public void EndedThreadsArrays_GoToTheShards_WhenANewThreadStarts()
    {
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { TrimAfter = Timeout.InfiniteTimeSpan });

        // Two threads, alive at once, each keep one array in their own cache, then end.
        using (var both = new Barrier(2))
        {
            RunConcurrently(2, () =>
            {
                byte[] array = pool.Rent(Length);
                both.SignalAndWait();
                pool.Return(array);
            });
        }

        Assert.Equal(2, pool.GetStatistics().RetainedArrays);

        // A new thread takes over one ended thread's cache and moves the other's array to a shard: this thread, which
        // never held either, then finds both arrays without allocating, and nothing was let go.
        RunThreads(1, () => pool.Return(pool.Rent(Length)));
        byte[] first = pool.Rent(Length);
        byte[] second = pool.Rent(Length);
        ScalableArrayPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(2, stats.Allocations);
        Assert.Equal(0, stats.TrimmedArrays);
        Assert.NotSame(first, second);
        pool.Return(first);
        pool.Return(second);
    }

    [Fact]
    public void EndedThreadsArrays_ThatNoShardKeeps_AreCountedAsTrimmed_WithADeadThreadEvent()
    {
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions
        {
            Name = "churn-" + Guid.NewGuid().ToString("N"),
            TrimAfter = Timeout.InfiniteTimeSpan,
            MaxArraysPerShard = 0, // the shards keep nothing: an ended thread's arrays can only be let go
        });
        using var listener = new TrimmedListener(pool.Name);
        using (var both = new Barrier(2))
        {
            RunConcurrently(2, () =>
            {
                byte[] array = pool.Rent(Length);
                both.SignalAndWait();
                pool.Return(array);
            });
        }

        RunThreads(1, () => pool.Return(pool.Rent(Length)));

        ScalableArrayPoolStatistics stats = pool.GetStatistics();
        Assert.True(stats.TrimmedArrays == 1, stats.ToString());
        Assert.Equal(Length, stats.TrimmedBytes);
        Assert.Equal(1, stats.RetainedArrays); // the adopted cache's, returned by the new thread
        Assert.Equal(stats.Allocations - stats.RetainedArrays, stats.TrimmedArrays);
        // .NET Framework's EventListener does not see the netstandard asset's events here.
        if (!TestPlatform.IsNetFramework)
        {
            Assert.Contains(("DeadThread", 1, (long)Length), listener.Events);
        }
    }

#pragma warning disable IDE1006 // t_ prefix for thread statics, as in dotnet/runtime
    [ThreadStatic]
    private static object? t_threadWork;
#pragma warning restore IDE1006

    /// <summary>
    /// Runs <paramref name="body"/> on <paramref name="count"/> threads one after another; returns the bytes the process
    /// allocated meanwhile. Each thread first touches a thread static of its own, as the code of any real thread does
    /// (an async method, <c>ArrayPool.Shared</c>, a logger's scope): the runtime allocates a thread's table of thread
    /// statics (about 150 bytes) on the first one any code touches, and that is the thread's cost, not the pool's. The
    /// pool's own thread statics (about 40 bytes per thread and element type) count.
    /// </summary>
    private static long RunThreads(int count, Action body)
    {
        long before = Allocations.ProcessTotal();
        for (int i = 0; i < count; i++)
        {
            var thread = new Thread(() =>
            {
                t_threadWork ??= s_threadWorkMarker;
                body();
            });
            thread.Start();
            Assert.True(thread.Join(TimeSpan.FromSeconds(30)), "a short thread did not end within 30 s");
        }

        return Allocations.ProcessTotal() - before;
    }

    private static void RunConcurrently(int count, Action body)
    {
        var threads = new Thread[count];
        for (int i = 0; i < count; i++)
        {
            threads[i] = new Thread(() =>
            {
                t_threadWork ??= s_threadWorkMarker;
                body();
            });
            threads[i].Start();
        }

        foreach (Thread thread in threads)
        {
            Assert.True(thread.Join(TimeSpan.FromSeconds(30)), "a thread did not end within 30 s");
        }
    }

    private sealed class TrimmedListener(string poolName) : EventListener
    {
        public List<(string Trigger, int Arrays, long Bytes)> Events { get; } = [];

        protected override void OnEventSourceCreated(EventSource eventSource)
        {
            if (eventSource.Name == "Gen0-Buffers")
            {
                EnableEvents(eventSource, EventLevel.Informational);
            }
        }

        protected override void OnEventWritten(EventWrittenEventArgs eventData)
        {
            if (eventData.EventName == "Trimmed" && eventData.Payload is { } payload && Equals(payload[1], poolName))
            {
                lock (Events)
                {
                    Events.Add(((string)payload[4]!, (int)payload[2]!, (long)payload[3]!));
                }
            }
        }
    }
}
