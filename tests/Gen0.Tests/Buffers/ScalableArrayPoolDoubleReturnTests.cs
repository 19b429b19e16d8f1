using System.Collections.Concurrent;
using System.Diagnostics.Metrics;
using System.Diagnostics.Tracing;
using Gen0.Buffers;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Buffers;

/// <summary>
/// Issue 14 defect 7: a same-thread double return must not put one array into the pool twice. Each test names the
/// path (thread-local slots or the top of the shard) and the cases the default cannot see are pinned too, so the
/// documentation that lists them stays true. Its listener test allocates on every thread that writes a Gen0-Buffers
/// event while it runs, so the class runs alone (the GC-sensitive collection), as allocation-measuring tests need.
/// </summary>
[Collection(GcSensitiveCollection.Name)]
public sealed class ScalableArrayPoolDoubleReturnTests
{
    public static TheoryData<string> Configurations => ["Shared", "Default", "NoThreadCache", "Fine", "ForLargeArrays"];

    private static ScalableArrayPool<byte> NewPool(string configuration) => configuration switch
    {
        "Shared" => ScalableArrayPool<byte>.Shared,
        "Default" => new ScalableArrayPool<byte>(),
        "NoThreadCache" => new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { ThreadLocalCache = false, ShardCount = 1 }),
        "Fine" => new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { SizeClasses = SizeClasses.Fine, ShardCount = 1 }),
        "ForLargeArrays" => new ScalableArrayPool<byte>(WithOneShard(ScalableArrayPoolOptions.ForLargeArrays)),
        _ => throw new ArgumentOutOfRangeException(nameof(configuration)),
    };

    private static ScalableArrayPoolOptions WithOneShard(ScalableArrayPoolOptions options)
    {
        options.ShardCount = 1;
        return options;
    }

    [Theory]
    [MemberData(nameof(Configurations))]
    public void ReturnTwice_SameThread_IsDropped_AndTheNextTwoRentsGetDifferentArrays(string configuration)
    {
        ScalableArrayPool<byte> pool = NewPool(configuration);
        try
        {
            // Shared is process-wide: a thread of its own starts with an empty cache, and a fresh odd size keeps the
            // shard of this class quiet enough for the check (ShardCount is the processor count there).
            OtherThread.Run(() =>
            {
                long before = pool.GetStatistics().DropsDoubleReturn;
                byte[] a = pool.Rent(3000);
                pool.Return(a);
                pool.Return(a);
                byte[] first = pool.Rent(3000);
                byte[] second = pool.Rent(3000);
                Assert.NotSame(first, second);
                Assert.Equal(1, pool.GetStatistics().DropsDoubleReturn - before);
                pool.Return(first);
                pool.Return(second);
            });
        }
        finally
        {
            if (configuration != "Shared")
            {
                pool.Dispose();
            }
        }
    }

    [Fact]
    public void ReturnTwice_WithOtherReturnsInBetween_IsCaughtWhileTheArrayIsInTheThreadCache()
    {
        using var pool = new ScalableArrayPool<byte>();
        byte[] a = pool.Rent(100);
        byte[] b = pool.Rent(100);
        byte[] c = pool.Rent(100);
        pool.Return(a);
        pool.Return(b);
        pool.Return(c);
        pool.Return(a); // a sits under b and c in this thread's slots of the class
        pool.Return(b);

        var handedOut = new HashSet<byte[]>(ReferenceEqualityComparer.Instance);
        for (int i = 0; i < 5; i++)
        {
            Assert.True(handedOut.Add(pool.Rent(100)), "an array was handed out twice");
        }

        ScalableArrayPoolStatistics stats = pool.GetStatistics();
        Assert.Equal(2, stats.DropsDoubleReturn);
        Assert.Equal(2, stats.GetDrops(ArrayPoolDropReason.DoubleReturn));
        Assert.Equal(stats.Rents, stats.Hits + stats.Allocations);
    }

    [Fact]
    public void ReturnTwice_OnTheShardPath_IsCaughtAtTheTopOfTheShard()
    {
        // Thread-local slots full (one per class for 1 MiB), so the second return and the first go to the shard.
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { ShardCount = 1 });
        byte[] x = pool.Rent(4 << 20);
        byte[] a = pool.Rent(4 << 20);
        pool.Return(x); // the thread-local slot
        pool.Return(a); // the shard
        pool.Return(a); // the shard's top: refused
        Assert.Equal(1, pool.GetStatistics().DropsDoubleReturn);
        Assert.NotSame(pool.Rent(4 << 20), pool.Rent(4 << 20));
    }

    [PlatformFact(Requires.EventListener, "Mono's EventListener never sees the Gen0-Buffers event source.")]
    public void DoubleReturn_RaisesTheDroppedEvent_AndTheDropsMetric()
    {
        string name = "double-" + Guid.NewGuid().ToString("N");
        using var listener = new DroppedListener(name);
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = name });
        byte[] a = pool.Rent(64);
        pool.Return(a);
        pool.Return(a);

        Assert.Contains((int)ArrayPoolDropReason.DoubleReturn, listener.Reasons);

        long measured = -1;
        using var meterListener = new MeterListener();
        meterListener.InstrumentPublished = (instrument, l) =>
        {
            if (instrument.Meter.Name == "Gen0.Buffers" && instrument.Name == "gen0.buffers.drops")
            {
                l.EnableMeasurementEvents(instrument);
            }
        };
        meterListener.SetMeasurementEventCallback<long>((_, value, tags, _) =>
        {
            bool ours = false;
            bool reason = false;
            foreach (KeyValuePair<string, object?> tag in tags)
            {
                ours |= tag.Key == "pool.name" && Equals(tag.Value, name);
                reason |= tag.Key == "reason" && Equals(tag.Value, nameof(ArrayPoolDropReason.DoubleReturn));
            }

            if (ours && reason)
            {
                measured = value;
            }
        });
        meterListener.Start();
        meterListener.RecordObservableInstruments();
        Assert.Equal(1, measured);
    }

    [Fact]
    public void NotCaught_ArrayRentedAgainInBetween_TheStaleReturnIsAcceptedAsDocumented()
    {
        // Return(a); another renter gets a; the first caller returns a again. The default pool cannot tell this from a
        // legitimate return of the second renter; only GuardedArrayPool<T> sees it. Pinned so the docs stay exact.
        using var pool = new ScalableArrayPool<byte>();
        byte[] a = pool.Rent(100);
        pool.Return(a);
        byte[] b = pool.Rent(100);
        Assert.Same(a, b);
        pool.Return(a); // stale
        Assert.Equal(0, pool.GetStatistics().DropsDoubleReturn);
        Assert.Same(a, pool.Rent(100)); // while b's renter still holds it: the hazard the guard exists for
    }

    [Fact]
    public void NotCaught_DoubleReturnAcrossThreads_EachThreadCacheKeepsTheArray()
    {
        using var pool = new ScalableArrayPool<byte>();
        byte[] a = pool.Rent(100);
        pool.Return(a);
        OtherThread.Run(() => pool.Return(a));
        Assert.Equal(0, pool.GetStatistics().DropsDoubleReturn);
    }

    [Fact]
    public void Guarded_CatchesEveryDoubleReturn_SameThreadAndAcrossThreads()
    {
        var guarded = new GuardedArrayPool<byte>(new ScalableArrayPool<byte>(), captureStackTraces: false);
        byte[] a = guarded.Rent(100);
        guarded.Return(a);
        Assert.Throws<InvalidOperationException>(() => guarded.Return(a));

        byte[] b = guarded.Rent(100);
        guarded.Return(b);
        var error = Assert.Throws<InvalidOperationException>(() => OtherThread.Run(() => guarded.Return(b)));
        Assert.IsType<InvalidOperationException>(error.InnerException);

        // The stale return after a re-rent (which the default pool cannot see): the guard takes it as the new renter's
        // return, poisons the array, and throws when that renter returns it too (and on a rent, had it written to it).
        byte[] c = guarded.Rent(100);
        guarded.Return(c);
        byte[] d = guarded.Rent(100);
        guarded.Return(c); // stale: c and d are one array
        Assert.Throws<InvalidOperationException>(() => guarded.Return(d));
        Assert.Equal(0, guarded.OutstandingCount);
    }

    [Fact]
    public void Guarded_CatchesDoubleReturns_FromManyThreadsAtOnce()
    {
        var guarded = new GuardedArrayPool<byte>(new ScalableArrayPool<byte>(), captureStackTraces: false);
        int threads = Environment.ProcessorCount * 2 + 1;
        int failures = 0;
        int successes = 0;
        Watchdog.Run(
            () =>
            {
                for (int round = 0; round < 50; round++)
                {
                    byte[] shared = guarded.Rent(256);
                    using var start = new Barrier(threads);
                    var workers = new Thread[threads];
                    for (int t = 0; t < threads; t++)
                    {
                        workers[t] = new Thread(() =>
                        {
                            Bounded.SignalAndWait(start);
                            try
                            {
                                guarded.Return(shared);
                                Interlocked.Increment(ref successes);
                            }
                            catch (InvalidOperationException)
                            {
                                Interlocked.Increment(ref failures);
                            }
                        });
                        workers[t].Start();
                    }

                    foreach (Thread worker in workers)
                    {
                        Bounded.Join(worker);
                    }
                }
            },
            TimeSpan.FromSeconds(60),
            "concurrent double returns to a guarded pool");

        Assert.Equal(50, successes);
        Assert.Equal(50 * (threads - 1), failures);
        Assert.Equal(0, guarded.OutstandingCount);
    }

    private sealed class DroppedListener(string poolName) : EventListener
    {
        private readonly ConcurrentQueue<int> _reasons = new();

        public List<int> Reasons => [.. _reasons];

        protected override void OnEventSourceCreated(EventSource eventSource)
        {
            if (eventSource.Name == "Gen0-Buffers")
            {
                EnableEvents(eventSource, EventLevel.Informational);
            }
        }

        protected override void OnEventWritten(EventWrittenEventArgs eventData)
        {
            if (eventData.EventName == "Dropped" && Equals(eventData.Payload![eventData.PayloadNames!.IndexOf("poolName")], poolName))
            {
                _reasons.Enqueue(Convert.ToInt32(eventData.Payload[eventData.PayloadNames.IndexOf("reason")], null));
            }
        }
    }
}
