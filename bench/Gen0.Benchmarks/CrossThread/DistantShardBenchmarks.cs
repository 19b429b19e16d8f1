using BenchmarkDotNet.Attributes;
using Gen0.Benchmarks.Buffers;
using Gen0.Buffers;

namespace Gen0.Benchmarks.CrossThread;

/// <summary>
/// Issue 24, goal 4: many-core shard layouts simulated on this machine. The producer (the benchmark's thread) picks
/// shard 0 and the consumer a distant one (five eighths of the way round), as threads on far-apart cores of a 16- or
/// 64-core machine would; every miss of the producer searches the shards from its own until it reaches the
/// consumer's. Baseline: the two shards of this machine, the same two threads. Times are per item; one at a time
/// (<see cref="Batch"/> 1) and in batches of 8. docs/benchmarks/buffers.md has the 64-core reasoning.
/// </summary>
public class DistantShardBenchmarks
{
    private const int Items = 32 * 1024;
    private const int Length = 4096;

    private readonly byte[]?[] _pending = new byte[8][];
    private (ScalableArrayPool<byte> Pool, HandOff<byte[]> HandOff, int ProducerShard) _two;
    private (ScalableArrayPool<byte> Pool, HandOff<byte[]> HandOff, int ProducerShard) _sixteen;
    private (ScalableArrayPool<byte> Pool, HandOff<byte[]> HandOff, int ProducerShard) _sixtyFour;

    /// <summary>How many arrays each side moves at once.</summary>
    [Params(1, 8)]
    public int Batch { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        _two = Layout(2);
        _sixteen = Layout(16);
        _sixtyFour = Layout(64);
    }

    [GlobalCleanup]
    public void GlobalCleanup()
    {
        foreach ((ScalableArrayPool<byte> pool, HandOff<byte[]> handOff, _) in new[] { _two, _sixteen, _sixtyFour })
        {
            handOff.Dispose();
            pool.Dispose();
        }
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Items)]
    public int TwoShards() => Produce(_two);

    [Benchmark(OperationsPerInvoke = Items)]
    public int SixteenShards_Distant() => Produce(_sixteen);

    [Benchmark(OperationsPerInvoke = Items)]
    public int SixtyFourShards_Distant() => Produce(_sixtyFour);

    private (ScalableArrayPool<byte>, HandOff<byte[]>, int) Layout(int shards)
    {
        var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = "bench-" + shards, ShardCount = shards });
        var handOff = new HandOff<byte[]>(Batch, consumerProcessorId: shards == 2 ? null : shards * 5 / 8)
        {
            Consume = a => pool.Return(a),
        };
        return (pool, handOff, 0);
    }

    private int Produce((ScalableArrayPool<byte> Pool, HandOff<byte[]> HandOff, int ProducerShard) layout)
    {
        var pool = new PoolCalls.ScalableInstance(layout.Pool);
        HandOff<byte[]> handOff = layout.HandOff;
        int batch = Batch;
        byte[]?[] pending = _pending;
        int sum = 0;
        bool simulated = layout.Pool.Options.ShardCount != 2;
        ShardSelector.OverrideForCurrentThread(simulated ? layout.ProducerShard : null);
        try
        {
            for (int i = 0; i < Items; i += batch)
            {
                for (int k = 0; k < batch; k++)
                {
                    byte[] array = pool.Rent(Length);
                    array[0] = (byte)k;
                    sum += array[0];
                    pending[k] = array;
                }

                for (int k = 0; k < batch; k++)
                {
                    handOff.Send(pending[k]!);
                    pending[k] = null;
                }
            }

            handOff.Drain();
        }
        finally
        {
            ShardSelector.OverrideForCurrentThread(null);
        }

        return sum;
    }
}
