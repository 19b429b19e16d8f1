using BenchmarkDotNet.Attributes;
using Gen0.Pools;
using Microsoft.Extensions.ObjectPool;

namespace Gen0.Benchmarks.CrossThread;

/// <summary>
/// Issue 24, goal 3: objects rented on one thread and returned on another (<see cref="HandOff{TItem}"/>), one at a
/// time and in batches of 8. <see cref="DefaultObjectPool{T}"/> (baseline) against <see cref="Pool{T}"/> with ownership
/// tracking (the default) and without (the documented hot-path opt-out). All three retain up to 128 objects, more than
/// the hand-off holds in flight, so what is measured is the pools' own path, not objects dropped and re-created.
/// Goal: both <see cref="Pool{T}"/> rows &lt;= 1.0x, at no more bytes per operation (0 B in steady state).
/// </summary>
public class ProducerConsumerObjectPoolBenchmarks
{
    private const int Items = 32 * 1024;
    private const int Retained = 128;

    private readonly Payload?[] _pending = new Payload[8];
    private HandOff<Payload> _handOff = null!;
    private DefaultObjectPool<Payload> _defaultObjectPool = null!;
    private Pool<Payload> _tracked = null!;
    private Pool<Payload> _untracked = null!;

    /// <summary>How many objects each side moves at once.</summary>
    [Params(1, 8)]
    public int Batch { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        _handOff = new HandOff<Payload>(Batch);
        _defaultObjectPool = new DefaultObjectPool<Payload>(new DefaultPooledObjectPolicy<Payload>(), Retained);
        _tracked = new Pool<Payload>(new PoolOptions<Payload> { Factory = static () => new Payload(), MaxRetained = Retained });
        _untracked = new Pool<Payload>(new PoolOptions<Payload> { Factory = static () => new Payload(), MaxRetained = Retained, TrackOwnership = false });
    }

    [GlobalCleanup]
    public void GlobalCleanup()
    {
        _handOff.Dispose();
        _tracked.Dispose();
        _untracked.Dispose();
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Items)]
    public int DefaultObjectPool()
    {
        DefaultObjectPool<Payload> pool = _defaultObjectPool;
        _handOff.Consume = pool.Return;
        return Produce(pool.Get);
    }

    [Benchmark(OperationsPerInvoke = Items)]
    public int Pool_Tracked()
    {
        Pool<Payload> pool = _tracked;
        _handOff.Consume = item => pool.Return(item);
        return Produce(pool.Rent);
    }

    [Benchmark(OperationsPerInvoke = Items)]
    public int Pool_Untracked()
    {
        Pool<Payload> pool = _untracked;
        _handOff.Consume = item => pool.Return(item);
        return Produce(pool.Rent);
    }

    private int Produce(Func<Payload> rent)
    {
        HandOff<Payload> handOff = _handOff;
        int batch = Batch;
        Payload?[] pending = _pending;
        int sum = 0;
        for (int i = 0; i < Items; i += batch)
        {
            for (int k = 0; k < batch; k++)
            {
                Payload item = rent();
                sum += ++item.Value;
                pending[k] = item;
            }

            for (int k = 0; k < batch; k++)
            {
                handOff.Send(pending[k]!);
                pending[k] = null;
            }
        }

        handOff.Drain();
        return sum;
    }

    /// <summary>A small pooled object.</summary>
    public sealed class Payload
    {
        public int Value { get; set; }
    }
}
