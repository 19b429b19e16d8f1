using Gen0.Pools;
using Xunit;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Pools;

public class BoundedConcurrentQueueTests
{
    [Theory]
    [InlineData(0)]
    [InlineData(-1)]
    [InlineData(BoundedConcurrentQueue<int>.MaxCapacity + 1)]
    public void Constructor_RejectsBadCapacity(int capacity) =>
        Assert.Throws<ArgumentOutOfRangeException>(() => new BoundedConcurrentQueue<int>(capacity));

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    [InlineData(5)]
    [InlineData(8)]
    [InlineData(9)]
    [InlineData(100)]
    public void Capacity_IsExact(int capacity)
    {
        var queue = new BoundedConcurrentQueue<int>(capacity);
        Assert.Equal(capacity, queue.Capacity);
        Assert.True(queue.IsEmpty);
        for (int lap = 0; lap < 3; lap++)
        {
            for (int i = 0; i < capacity; i++)
            {
                Assert.True(queue.TryEnqueue(i));
                Assert.Equal(i + 1, queue.Count);
            }

            Assert.False(queue.TryEnqueue(-1));
            Assert.Equal(capacity, queue.Count);
            for (int i = 0; i < capacity; i++)
            {
                Assert.True(queue.TryDequeue(out int item));
                Assert.Equal(i, item);
            }

            Assert.False(queue.TryDequeue(out int none));
            Assert.Equal(0, none);
            Assert.Equal(0, queue.Count);
        }
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    [InlineData(4)]
    [InlineData(7)]
    [InlineData(16)]
    [InlineData(17)]
    public void Differential_AgainstQueue_WithSeededRandomOperations(int capacity)
    {
        foreach (int seed in Seeds.With(capacity * 7919))
        {
            Seeds.Run(seed, () =>
            {
                var random = new Random(seed);
                var queue = new BoundedConcurrentQueue<string>(capacity);
                var reference = new Queue<string>();
                for (int step = 0; step < 5_000; step++)
                {
                    if (random.Next(3) != 0)
                    {
                        string value = step.ToString(System.Globalization.CultureInfo.InvariantCulture);
                        bool expected = reference.Count < capacity;
                        if (expected)
                        {
                            reference.Enqueue(value);
                        }

                        Assert.Equal(expected, queue.TryEnqueue(value));
                    }
                    else
                    {
                        bool expected = reference.TryDequeue(out string? expectedItem);
                        Assert.Equal(expected, queue.TryDequeue(out string? item));
                        Assert.Equal(expectedItem, item);
                    }

                    Assert.Equal(reference.Count, queue.Count);
                }
            });
        }
    }

    [Fact]
    public void Stress_ManyProducersAndConsumers_EveryItemExactlyOnce()
    {
        const int producers = 4;
        const int consumers = 4;
        const int perProducer = 100_000;
        var queue = new BoundedConcurrentQueue<int>(37);
        var seen = new int[producers * perProducer];
        int produced = 0;
        int consumed = 0;
        int overCapacity = 0;
        using var done = new CancellationTokenSource();

        var threads = new List<Thread>();
        for (int p = 0; p < producers; p++)
        {
            int producer = p;
            threads.Add(new Thread(() =>
            {
                for (int i = 0; i < perProducer; i++)
                {
                    var spinner = default(SpinWait);
                    while (!queue.TryEnqueue((producer * perProducer) + i))
                    {
                        spinner.SpinOnce();
                    }

                    Interlocked.Increment(ref produced);
                }
            }));
        }

        for (int c = 0; c < consumers; c++)
        {
            threads.Add(new Thread(() =>
            {
                var spinner = default(SpinWait);
                while (Volatile.Read(ref consumed) < producers * perProducer)
                {
                    if (queue.TryDequeue(out int item))
                    {
                        Interlocked.Increment(ref seen[item]);
                        Interlocked.Increment(ref consumed);
                    }
                    else
                    {
                        spinner.SpinOnce();
                    }
                }
            }));
        }

        var observer = new Thread(() =>
        {
            while (!done.IsCancellationRequested)
            {
                if (queue.Count > queue.Capacity)
                {
                    Interlocked.Increment(ref overCapacity);
                }
            }
        });

        observer.Start();
        threads.ForEach(t => t.Start());
        Assert.All(threads, t => Assert.True(t.Join(TimeSpan.FromSeconds(60))));
        done.Cancel();
        Bounded.Join(observer);

        Assert.Equal(producers * perProducer, produced);
        Assert.Equal(producers * perProducer, consumed);
        SpanAssert.AllEqual(seen, 1, "times each item was consumed");
        Assert.Equal(0, overCapacity);
        Assert.True(queue.IsEmpty);
    }

    [Fact]
    public void Stress_ConcurrentEnqueuers_NeverExceedCapacity()
    {
        const int capacity = 10;
        var queue = new BoundedConcurrentQueue<int>(capacity);
        int accepted = 0;
        var threads = Enumerable.Range(0, 8).Select(t => new Thread(() =>
        {
            for (int i = 0; i < 1_000; i++)
            {
                if (queue.TryEnqueue(i))
                {
                    Interlocked.Increment(ref accepted);
                }
            }
        })).ToList();
        threads.ForEach(t => t.Start());
        threads.ForEach(t => Bounded.Join(t));
        Assert.Equal(capacity, accepted);
        Assert.Equal(capacity, queue.Count);
    }
}
