using Gen0.Pools;
using Gen0.Tests.Infrastructure;
using Xunit;

namespace Gen0.Tests.Pools;

/// <summary>
/// Every capacity from 1 up, under more producers and consumers than cores: regression for the one-slot ring
/// whose "published" and "free" sequence numbers collided (capacity 1 livelocked).
/// </summary>
public class BoundedConcurrentQueueCapacityTests
{
    private const int Producers = 4;
    private const int Consumers = 4;
    // Mono's SpinWait sleeps 1 ms after a few spins (netstandard2.0 cannot ask it not to), so a hand-off through a
    // one-slot queue costs milliseconds there: fewer items keep the run inside the watchdog on a loaded machine.
    private static readonly int s_perProducer = TestPlatform.IsMono ? 1_000 : 5_000;

    public static TheoryData<int> Capacities => [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 1000];

    [Theory]
    [MemberData(nameof(Capacities))]
    public void SingleThread_FillsToExactCapacity_DrainsInOrder_ManyLaps(int capacity)
    {
        var queue = new BoundedConcurrentQueue<int>(capacity);
        Watchdog.Run(
            () =>
            {
                for (int lap = 0; lap < 5; lap++)
                {
                    for (int i = 0; i < capacity; i++)
                    {
                        Assert.True(queue.TryEnqueue(i), $"enqueue {i} of {capacity}, lap {lap}");
                    }

                    Assert.False(queue.TryEnqueue(-1));
                    Assert.Equal(capacity, queue.Count);
                    for (int i = 0; i < capacity; i++)
                    {
                        Assert.True(queue.TryDequeue(out int item));
                        Assert.Equal(i, item);
                    }

                    Assert.False(queue.TryDequeue(out _));
                    Assert.True(queue.IsEmpty);
                }

                // Interleaved one in, one out: the pattern a one-slot pool shard sees.
                for (int i = 0; i < 1000; i++)
                {
                    Assert.True(queue.TryEnqueue(i));
                    Assert.True(queue.TryDequeue(out int item));
                    Assert.Equal(i, item);
                }
            },
            TimeSpan.FromSeconds(20),
            $"single-thread laps at capacity {capacity}");
    }

    [Theory]
    [MemberData(nameof(Capacities))]
    public void ManyProducersAndConsumers_EveryItemOnce_NeverOverCapacity(int capacity)
    {
        var queue = new BoundedConcurrentQueue<int>(capacity);
        int[] seen = new int[Producers * s_perProducer];
        int consumed = 0;
        int overCapacity = 0;

        Watchdog.Run(
            () =>
            {
                var threads = new List<Thread>();
                for (int p = 0; p < Producers; p++)
                {
                    int producer = p;
                    threads.Add(new Thread(() =>
                    {
                        for (int i = 0; i < s_perProducer; i++)
                        {
                            int value = (producer * s_perProducer) + i;
                            SpinWait spinner = default;
                            while (!queue.TryEnqueue(value))
                            {
                                spinner.SpinOnce(sleep1Threshold: -1);
                            }

                            if (queue.Count > capacity)
                            {
                                Interlocked.Increment(ref overCapacity);
                            }
                        }
                    }) { IsBackground = true });
                }

                for (int c = 0; c < Consumers; c++)
                {
                    threads.Add(new Thread(() =>
                    {
                        SpinWait spinner = default;
                        while (Volatile.Read(ref consumed) < seen.Length)
                        {
                            if (queue.TryDequeue(out int value))
                            {
                                Interlocked.Increment(ref seen[value]);
                                Interlocked.Increment(ref consumed);
                            }
                            else
                            {
                                spinner.SpinOnce(sleep1Threshold: -1);
                            }
                        }
                    }) { IsBackground = true });
                }

                threads.ForEach(t => t.Start());
                threads.ForEach(t => Bounded.Join(t));
            },
            TimeSpan.FromSeconds(30),
            $"{Producers} producers and {Consumers} consumers at capacity {capacity}");

        Assert.Equal(0, overCapacity);
        SpanAssert.AllEqual(seen, 1, "times each item was consumed");
        Assert.True(queue.IsEmpty);
    }

    /// <summary>
    /// Hunts the livelock the way a one-slot pool shard meets it: more threads than cores each enqueue then
    /// dequeue for a fixed time, so that a consumer is preempted between claiming the head and freeing the slot.
    /// A stall (no operation completes for 3 s) fails the test long before the watchdog or the blame timeout.
    /// </summary>
    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void EnqueueDequeuePairs_MoreThreadsThanCores_NeverStall(int capacity)
    {
        var queue = new BoundedConcurrentQueue<object>(capacity);
        int threadCount = Math.Max(8, 4 * Environment.ProcessorCount);
        long progress = 0;
        bool stop = false;
        var threads = new Thread[threadCount];
        for (int t = 0; t < threads.Length; t++)
        {
            threads[t] = new Thread(() =>
            {
                object mine = new();
                while (!Volatile.Read(ref stop))
                {
                    if (queue.TryEnqueue(mine))
                    {
                        SpinWait spinner = default;
                        while (!queue.TryDequeue(out mine!))
                        {
                            spinner.SpinOnce(sleep1Threshold: -1);
                        }
                    }

                    Interlocked.Increment(ref progress);
                }
            }) { IsBackground = true, Name = $"queue capacity {capacity} pair loop" };
        }

        Array.ForEach(threads, t => t.Start());
        TimeSpan runFor = SoakOrDefault(TimeSpan.FromSeconds(4));
        TimeSpan stallLimit = TimeSpan.FromSeconds(3);
        var clock = System.Diagnostics.Stopwatch.StartNew();
        long last = -1;
        var lastChange = System.Diagnostics.Stopwatch.StartNew();
        while (clock.Elapsed < runFor)
        {
            Thread.Sleep(50);
            long now = Interlocked.Read(ref progress);
            if (now != last)
            {
                last = now;
                lastChange.Restart();
            }
            else if (lastChange.Elapsed > stallLimit)
            {
                Volatile.Write(ref stop, true);
                Assert.Fail($"Livelock: no enqueue/dequeue completed for {stallLimit.TotalSeconds} s at capacity {capacity} ({now} operations before).");
            }
        }

        Volatile.Write(ref stop, true);
        Watchdog.Run(() => Array.ForEach(threads, t => t.Join()), TimeSpan.FromSeconds(10), $"pair loop threads at capacity {capacity} stopping");
        Assert.Equal(0, queue.Count);
    }

    private static TimeSpan SoakOrDefault(TimeSpan normal) =>
        TimeSpan.FromTicks(Soak.Scale(1, 3, 30) * normal.Ticks);
}
