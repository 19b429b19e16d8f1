using BenchmarkDotNet.Attributes;
using Gen0.Pools;

namespace Gen0.Benchmarks.Pools;

/// <summary>
/// Seed 003's table: requests for a server object shaped like <c>SocketAsyncEventArgs</c> with a 1 KB buffer,
/// cleaned (buffer cleared) on return, on one thread and from 25 tasks, without and with a pool. As in the
/// seed, creating the pool is part of the measured time. The seed's 1,000,000 row is trimmed to 100,000 to
/// keep the run short.
/// </summary>
public class SocketArgsPoolBenchmarks
{
    private const int BufferSize = 1024;
    private const int TaskCount = 25;

    [Params(1_000, 10_000, 25_000, 100_000)]
    public int Requests { get; set; }

    [Benchmark(Baseline = true)]
    public long OneThread_NoPool()
    {
        long sum = 0;
        for (int i = 0; i < Requests; i++)
        {
            sum += Serve(new SocketArgsLike(BufferSize));
        }

        return sum;
    }

    [Benchmark]
    public long OneThread_Pool()
    {
        using Pool<SocketArgsLike> pool = CreatePool();
        long sum = 0;
        for (int i = 0; i < Requests; i++)
        {
            using Lease<SocketArgsLike> lease = pool.Lease();
            sum += Serve(lease.Value);
        }

        return sum;
    }

    [Benchmark]
    public long Tasks25_NoPool() => RunTasks(perTask =>
    {
        long sum = 0;
        for (int i = 0; i < perTask; i++)
        {
            sum += Serve(new SocketArgsLike(BufferSize));
        }

        return sum;
    });

    [Benchmark]
    public long Tasks25_Pool()
    {
        using Pool<SocketArgsLike> pool = CreatePool();
        return RunTasks(perTask =>
        {
            long sum = 0;
            for (int i = 0; i < perTask; i++)
            {
                using Lease<SocketArgsLike> lease = pool.Lease();
                sum += Serve(lease.Value);
            }

            return sum;
        });
    }

    private static Pool<SocketArgsLike> CreatePool() => new(new PoolOptions<SocketArgsLike>
    {
        Factory = () => new SocketArgsLike(BufferSize),
        Reset = args => { args.Clear(); return true; },
        Prewarm = 5,
        MaxRetained = 64,
        TrimAfter = Timeout.InfiniteTimeSpan,
    });

    private long RunTasks(Func<int, long> work)
    {
        int perTask = Requests / TaskCount;
        var tasks = new Task<long>[TaskCount];
        for (int i = 0; i < tasks.Length; i++)
        {
            tasks[i] = Task.Run(() => work(perTask));
        }

        Task.WaitAll(tasks);
        long total = 0;
        foreach (Task<long> task in tasks)
        {
            total += task.Result;
        }

        return total;
    }

    private static int Serve(SocketArgsLike args)
    {
        args.Buffer[0] = 1;
        args.Buffer[BufferSize - 1] = 2;
        args.Count = BufferSize;
        return args.Buffer[0] + args.Count;
    }

    /// <summary>The shape of SocketAsyncEventArgs that matters for pooling: a 1 KB buffer and some state.</summary>
    public sealed class SocketArgsLike(int bufferSize)
    {
        public byte[] Buffer { get; } = new byte[bufferSize];

        public int Offset { get; set; }

        public int Count { get; set; }

        public object? UserToken { get; set; }

        public void Clear()
        {
            Array.Clear(Buffer);
            Offset = 0;
            Count = 0;
            UserToken = null;
        }
    }
}
