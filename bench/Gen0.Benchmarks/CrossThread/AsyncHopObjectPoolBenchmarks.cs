using BenchmarkDotNet.Attributes;
using Gen0.Pools;
using Microsoft.Extensions.ObjectPool;

namespace Gen0.Benchmarks.CrossThread;

/// <summary>
/// Issue 24, goal 3: 64 tasks rent an object, <c>await Task.Yield()</c> and return it on whichever thread-pool thread
/// resumes them. <see cref="DefaultObjectPool{T}"/> (baseline) against <see cref="Pool{T}"/> tracked and untracked,
/// through a lease too; all retain up to 128. Times are per rent+hop+return, the hop included in every row.
/// </summary>
public class AsyncHopObjectPoolBenchmarks
{
    private const int Tasks = 64;
    private const int HopsPerTask = 64;
    private const int Retained = 128;

    private DefaultObjectPool<Payload> _defaultObjectPool = null!;
    private Pool<Payload> _tracked = null!;
    private Pool<Payload> _untracked = null!;

    [GlobalSetup]
    public void GlobalSetup()
    {
        _defaultObjectPool = new DefaultObjectPool<Payload>(new DefaultPooledObjectPolicy<Payload>(), Retained);
        _tracked = new Pool<Payload>(new PoolOptions<Payload> { Factory = static () => new Payload(), MaxRetained = Retained });
        _untracked = new Pool<Payload>(new PoolOptions<Payload> { Factory = static () => new Payload(), MaxRetained = Retained, TrackOwnership = false });
    }

    [GlobalCleanup]
    public void GlobalCleanup()
    {
        _tracked.Dispose();
        _untracked.Dispose();
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Tasks * HopsPerTask)]
    public Task DefaultObjectPool() => Hop(async () =>
    {
        for (int i = 0; i < HopsPerTask; i++)
        {
            Payload item = _defaultObjectPool.Get();
            item.Value++;
            await Task.Yield();
            _defaultObjectPool.Return(item);
        }
    });

    [Benchmark(OperationsPerInvoke = Tasks * HopsPerTask)]
    public Task Pool_Tracked() => Hop(() => RentHopReturn(_tracked));

    [Benchmark(OperationsPerInvoke = Tasks * HopsPerTask)]
    public Task Pool_Untracked() => Hop(() => RentHopReturn(_untracked));

    [Benchmark(OperationsPerInvoke = Tasks * HopsPerTask)]
    public Task Pool_Lease() => Hop(async () =>
    {
        for (int i = 0; i < HopsPerTask; i++)
        {
            using Lease<Payload> lease = _tracked.Lease();
            lease.Value.Value++;
            await Task.Yield();
        }
    });

    private static async Task RentHopReturn(Pool<Payload> pool)
    {
        for (int i = 0; i < HopsPerTask; i++)
        {
            Payload item = pool.Rent();
            item.Value++;
            await Task.Yield();
            pool.Return(item);
        }
    }

    private static Task Hop(Func<Task> body)
    {
        var tasks = new Task[Tasks];
        for (int t = 0; t < tasks.Length; t++)
        {
            tasks[t] = Task.Run(body);
        }

        return Task.WhenAll(tasks);
    }

    /// <summary>A small pooled object.</summary>
    public sealed class Payload
    {
        public int Value { get; set; }
    }
}
