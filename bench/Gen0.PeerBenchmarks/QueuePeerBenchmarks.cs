using BenchmarkDotNet.Attributes;
using PeerQueue = Collections.Pooled.PooledQueue<int>;

namespace Gen0.PeerBenchmarks;

/// <summary>
/// Enqueue <see cref="N"/> ints into a new queue, dequeue them all, drop the queue: <see cref="Queue{T}"/>,
/// Collections.Pooled's <c>PooledQueue</c> (the baseline) and Gen0's <see cref="Collections.PooledQueue{T}"/>.
/// </summary>
public class QueuePeerBenchmarks
{
    [Params(1_000, 100_000)]
    public int N { get; set; }

    [Benchmark]
    public long Bcl()
    {
        var queue = new Queue<int>();
        for (int i = 0; i < N; i++)
        {
            queue.Enqueue(i);
        }

        long sum = 0;
        while (queue.TryDequeue(out int item))
        {
            sum += item;
        }

        return sum;
    }

    [Benchmark(Baseline = true)]
    public long CollectionsPooled()
    {
        using var queue = new PeerQueue();
        for (int i = 0; i < N; i++)
        {
            queue.Enqueue(i);
        }

        long sum = 0;
        while (queue.TryDequeue(out int item))
        {
            sum += item;
        }

        return sum;
    }

    [Benchmark]
    public long Gen0()
    {
        using var queue = new Collections.PooledQueue<int>();
        for (int i = 0; i < N; i++)
        {
            queue.Enqueue(i);
        }

        long sum = 0;
        while (queue.TryDequeue(out int item))
        {
            sum += item;
        }

        return sum;
    }
}
