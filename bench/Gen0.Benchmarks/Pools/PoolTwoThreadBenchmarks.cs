using BenchmarkDotNet.Attributes;
using Gen0.Pools;
using Microsoft.Extensions.ObjectPool;

namespace Gen0.Benchmarks.Pools;

/// <summary>
/// Two threads, each renting and returning one object in a loop on the same pool: DefaultObjectPool (baseline,
/// whose single first-item slot the two threads contend for) against <see cref="Pool{T}"/> with default options
/// (misuse detection on) and with the opt-out. Issue 15's goal: ≤ 0.5× the baseline. Times are per rent+return.
/// </summary>
public class PoolTwoThreadBenchmarks
{
    private const int Threads = 2;
    private const int OperationsPerThread = 100_000;

    private DefaultObjectPool<Payload> _defaultObjectPool = null!;
    private Pool<Payload> _detecting = null!;
    private Pool<Payload> _optOut = null!;

    [GlobalSetup]
    public void GlobalSetup()
    {
        _defaultObjectPool = new DefaultObjectPool<Payload>(new DefaultPooledObjectPolicy<Payload>());
        _detecting = new Pool<Payload>(new PoolOptions<Payload> { Factory = () => new Payload() });
        _optOut = new Pool<Payload>(new PoolOptions<Payload> { Factory = () => new Payload(), TrackOwnership = false });
    }

    [GlobalCleanup]
    public void GlobalCleanup()
    {
        _detecting.Dispose();
        _optOut.Dispose();
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Threads * OperationsPerThread)]
    public void DefaultObjectPool_GetReturn() => OnTwoThreads(() =>
    {
        for (int i = 0; i < OperationsPerThread; i++)
        {
            Payload item = _defaultObjectPool.Get();
            item.Value++;
            _defaultObjectPool.Return(item);
        }
    });

    [Benchmark(OperationsPerInvoke = Threads * OperationsPerThread)]
    public void Pool_RentReturn() => OnTwoThreads(() => RentReturn(_detecting));

    [Benchmark(OperationsPerInvoke = Threads * OperationsPerThread)]
    public void Pool_RentReturn_OptOut() => OnTwoThreads(() => RentReturn(_optOut));

    private static void RentReturn(Pool<Payload> pool)
    {
        for (int i = 0; i < OperationsPerThread; i++)
        {
            Payload item = pool.Rent();
            item.Value++;
            pool.Return(item);
        }
    }

    private static void OnTwoThreads(Action work)
    {
        var other = new Thread(() => work());
        other.Start();
        work();
        other.Join();
    }

    /// <summary>A small pooled object.</summary>
    public sealed class Payload
    {
        public int Value { get; set; }
    }
}
