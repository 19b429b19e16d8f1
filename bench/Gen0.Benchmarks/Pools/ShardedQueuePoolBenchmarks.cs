using System.Collections.Concurrent;
using BenchmarkDotNet.Attributes;
using Gen0.Pools;

namespace Gen0.Benchmarks.Pools;

/// <summary>
/// Seed 002's last table: a bounded pool of 1 KB arrays sharded by processor, each shard a
/// <see cref="BoundedConcurrentQueue{T}"/>, a plain (unbounded) <see cref="ConcurrentQueue{T}"/>, or a
/// <see cref="ConcurrentQueue{T}"/> bounded by an interlocked counter (baseline); with one shard per core and
/// with ProcessorCount / 8 shards (at least one). No thread-local tier, so every operation hits a shard. Same
/// loop as the object-pool table.
/// </summary>
public class ShardedQueuePoolBenchmarks
{
    private const int Tasks = 16;
    private const int Iterations = 1024;
    private const int ObjectSize = 1024;
    private const int PerShardCapacity = 8;

    private BoundedShards _bounded = null!;
    private UnboundedShards _unbounded = null!;
    private CountedShards _counted = null!;

    [Params("PerCore", "ProcessorCount/8")]
    public string Sharding { get; set; } = "PerCore";

    [GlobalSetup]
    public void GlobalSetup()
    {
        int shards = Sharding == "PerCore" ? Environment.ProcessorCount : Math.Max(1, Environment.ProcessorCount / 8);
        _bounded = new BoundedShards(shards);
        _unbounded = new UnboundedShards(shards);
        _counted = new CountedShards(shards);
    }

    [Benchmark]
    public int BoundedConcurrentQueue() => Run(_bounded.Rent, _bounded.Return);

    [Benchmark]
    public int ConcurrentQueue() => Run(_unbounded.Rent, _unbounded.Return);

    [Benchmark(Baseline = true, Description = "ConcurrentQueue+Counter")]
    public int ConcurrentQueueCounter() => Run(_counted.Rent, _counted.Return);

    private static int Run(Func<byte[]> rent, Action<byte[]> give)
    {
        var tasks = new Task<int>[Tasks];
        for (int i = 0; i < tasks.Length; i++)
        {
            tasks[i] = Task.Run(() =>
            {
                int sum = 0;
                for (int j = 0; j < Iterations; j++)
                {
                    byte[] first = rent();
                    byte[] second = rent();
                    Random.Shared.NextBytes(first);
                    Random.Shared.NextBytes(second);
                    sum += first[0] + second[0];
                    give(second);
                    give(first);
                }

                return sum;
            });
        }

        Task.WaitAll(tasks);
        int total = 0;
        foreach (Task<int> task in tasks)
        {
            total += task.Result;
        }

        return total;
    }

    private static int Home(int shardCount) => Thread.GetCurrentProcessorId() % shardCount;

    private sealed class BoundedShards(int count)
    {
        private readonly BoundedConcurrentQueue<byte[]>[] _shards =
            Enumerable.Range(0, count).Select(_ => new BoundedConcurrentQueue<byte[]>(PerShardCapacity)).ToArray();

        public byte[] Rent()
        {
            int index = Home(_shards.Length);
            for (int i = 0; i < _shards.Length; i++, index = (index + 1) % _shards.Length)
            {
                if (_shards[index].TryDequeue(out byte[]? item))
                {
                    return item;
                }
            }

            return new byte[ObjectSize];
        }

        public void Return(byte[] item)
        {
            int index = Home(_shards.Length);
            for (int i = 0; i < _shards.Length; i++, index = (index + 1) % _shards.Length)
            {
                if (_shards[index].TryEnqueue(item))
                {
                    return;
                }
            }
        }
    }

    private sealed class UnboundedShards(int count)
    {
        private readonly ConcurrentQueue<byte[]>[] _shards = Enumerable.Range(0, count).Select(_ => new ConcurrentQueue<byte[]>()).ToArray();

        public byte[] Rent()
        {
            int index = Home(_shards.Length);
            for (int i = 0; i < _shards.Length; i++, index = (index + 1) % _shards.Length)
            {
                if (_shards[index].TryDequeue(out byte[]? item))
                {
                    return item;
                }
            }

            return new byte[ObjectSize];
        }

        public void Return(byte[] item) => _shards[Home(_shards.Length)].Enqueue(item);
    }

    private sealed class CountedShards(int count)
    {
        private readonly CountedQueue[] _shards = Enumerable.Range(0, count).Select(_ => new CountedQueue()).ToArray();

        public byte[] Rent()
        {
            int index = Home(_shards.Length);
            for (int i = 0; i < _shards.Length; i++, index = (index + 1) % _shards.Length)
            {
                if (_shards[index].TryDequeue(out byte[]? item))
                {
                    return item!;
                }
            }

            return new byte[ObjectSize];
        }

        public void Return(byte[] item)
        {
            int index = Home(_shards.Length);
            for (int i = 0; i < _shards.Length; i++, index = (index + 1) % _shards.Length)
            {
                if (_shards[index].TryEnqueue(item))
                {
                    return;
                }
            }
        }
    }

    /// <summary>A ConcurrentQueue kept bounded by an interlocked counter: two synchronisation points per operation.</summary>
    private sealed class CountedQueue
    {
        private readonly ConcurrentQueue<byte[]> _queue = new();
        private int _count;

        public bool TryEnqueue(byte[] item)
        {
            if (Interlocked.Increment(ref _count) > PerShardCapacity)
            {
                Interlocked.Decrement(ref _count);
                return false;
            }

            _queue.Enqueue(item);
            return true;
        }

        public bool TryDequeue(out byte[]? item)
        {
            if (_queue.TryDequeue(out item))
            {
                Interlocked.Decrement(ref _count);
                return true;
            }

            return false;
        }
    }
}
