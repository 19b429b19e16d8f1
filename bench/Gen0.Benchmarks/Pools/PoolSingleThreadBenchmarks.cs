using BenchmarkDotNet.Attributes;
using Gen0.Pools;
using Microsoft.Extensions.ObjectPool;

namespace Gen0.Benchmarks.Pools;

/// <summary>
/// The cost of one rent + return on one thread, the pool warm: DefaultObjectPool (baseline) against
/// <see cref="Pool{T}"/> with default options (misuse detection on: <see cref="PoolOptions{T}.TrackOwnership"/>),
/// with the documented opt-out (<c>TrackOwnership = false</c>), with <see cref="PoolOptions{T}.MaxSize"/>, and
/// through <see cref="Lease{T}"/>. Issue 15's goal: default ≤ 1.5×, opt-out ≤ 1.0× the baseline.
/// </summary>
public class PoolSingleThreadBenchmarks
{
    private const int Operations = 1024;

    private DefaultObjectPool<Payload> _defaultObjectPool = null!;
    private Pool<Payload> _uncapped = null!;
    private Pool<Payload> _capped = null!;
    private Pool<Payload> _optOut = null!;
    private Pool<Payload> _cappedOptOut = null!;

    [GlobalSetup]
    public void GlobalSetup()
    {
        _defaultObjectPool = new DefaultObjectPool<Payload>(new DefaultPooledObjectPolicy<Payload>());
        _uncapped = new Pool<Payload>(new PoolOptions<Payload> { Factory = () => new Payload() });
        _capped = new Pool<Payload>(new PoolOptions<Payload> { Factory = () => new Payload(), MaxSize = 64 });
        _optOut = new Pool<Payload>(new PoolOptions<Payload> { Factory = () => new Payload(), TrackOwnership = false });
        _cappedOptOut = new Pool<Payload>(new PoolOptions<Payload> { Factory = () => new Payload(), MaxSize = 64, TrackOwnership = false });
    }

    [GlobalCleanup]
    public void GlobalCleanup()
    {
        _uncapped.Dispose();
        _capped.Dispose();
        _optOut.Dispose();
        _cappedOptOut.Dispose();
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations)]
    public int DefaultObjectPool_GetReturn()
    {
        int sum = 0;
        for (int i = 0; i < Operations; i++)
        {
            Payload item = _defaultObjectPool.Get();
            sum += item.Value++;
            _defaultObjectPool.Return(item);
        }

        return sum;
    }

    [Benchmark(OperationsPerInvoke = Operations)]
    public int Pool_RentReturn() => RentReturn(_uncapped);

    [Benchmark(OperationsPerInvoke = Operations)]
    public int Pool_RentReturn_MaxSize() => RentReturn(_capped);

    [Benchmark(OperationsPerInvoke = Operations)]
    public int Pool_RentReturn_OptOut() => RentReturn(_optOut);

    [Benchmark(OperationsPerInvoke = Operations)]
    public int Pool_RentReturn_MaxSize_OptOut() => RentReturn(_cappedOptOut);

    [Benchmark(OperationsPerInvoke = Operations)]
    public int Pool_Lease() => Lease(_uncapped);

    [Benchmark(OperationsPerInvoke = Operations)]
    public int Pool_Lease_MaxSize() => Lease(_capped);

    private static int RentReturn(Pool<Payload> pool)
    {
        int sum = 0;
        for (int i = 0; i < Operations; i++)
        {
            Payload item = pool.Rent();
            sum += item.Value++;
            pool.Return(item);
        }

        return sum;
    }

    private static int Lease(Pool<Payload> pool)
    {
        int sum = 0;
        for (int i = 0; i < Operations; i++)
        {
            using Lease<Payload> lease = pool.Lease();
            sum += lease.Value.Value++;
        }

        return sum;
    }

    /// <summary>A small pooled object.</summary>
    public sealed class Payload
    {
        public int Value { get; set; }
    }
}
