using System.Buffers;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Gen0.Benchmarks.Buffers;
using Gen0.Buffers;

namespace Gen0.Benchmarks.CrossThread;

/// <summary>
/// Issue 24, goal 3: 4 KB arrays rented on one thread (the benchmark's) and returned on another (a consumer thread),
/// one at a time and in batches of 8, through an allocation-free ring (<see cref="HandOff{TItem}"/>). Goals:
/// <see cref="ScalableArrayPool{T}.Shared"/> &lt;= 1.0x <see cref="ArrayPool{T}.Shared"/> (category Shared) and a
/// default <see cref="ScalableArrayPool{T}"/> instance &lt;= 1.0x <see cref="ArrayPool{T}.Create()"/> (category
/// Instance), each at no more bytes per operation (0 B in steady state). Times are per item (one rent and one return).
/// </summary>
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class ProducerConsumerArrayPoolBenchmarks
{
    private const int Items = 32 * 1024;
    private const int Length = 4096;

    private readonly byte[]?[] _pending = new byte[8][];
    private HandOff<byte[]> _handOff = null!;
    private ArrayPool<byte> _created = null!;
    private ScalableArrayPool<byte> _instance = null!;
    private Action<byte[]> _returnToBclShared = null!;
    private Action<byte[]> _returnToScalableShared = null!;
    private Action<byte[]> _returnToCreated = null!;
    private Action<byte[]> _returnToInstance = null!;

    /// <summary>How many arrays each side moves at once.</summary>
    [Params(1, 8)]
    public int Batch { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        _handOff = new HandOff<byte[]>(Batch);
        _created = ArrayPool<byte>.Create();
        _instance = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = "bench" });
        _returnToBclShared = static a => ArrayPool<byte>.Shared.Return(a);
        _returnToScalableShared = static a => ScalableArrayPool<byte>.Shared.Return(a);
        _returnToCreated = a => _created.Return(a);
        _returnToInstance = a => _instance.Return(a);
    }

    [GlobalCleanup]
    public void GlobalCleanup()
    {
        _handOff.Dispose();
        _instance.Dispose();
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Items)]
    [BenchmarkCategory("Shared")]
    public int BclShared() => Produce(default(PoolCalls.BclShared), _returnToBclShared);

    [Benchmark(OperationsPerInvoke = Items)]
    [BenchmarkCategory("Shared")]
    public int ScalableShared() => Produce(default(PoolCalls.ScalableShared), _returnToScalableShared);

    [Benchmark(Baseline = true, OperationsPerInvoke = Items)]
    [BenchmarkCategory("Instance")]
    public int BclCreate() => Produce(new PoolCalls.Virtual(_created), _returnToCreated);

    [Benchmark(OperationsPerInvoke = Items)]
    [BenchmarkCategory("Instance")]
    public int ScalableInstance() => Produce(new PoolCalls.ScalableInstance(_instance), _returnToInstance);

    private int Produce<TPool>(TPool pool, Action<byte[]> giveBack)
        where TPool : struct, IPoolCall
    {
        HandOff<byte[]> handOff = _handOff;
        handOff.Consume = giveBack;
        int batch = Batch;
        int sum = 0;
        byte[]?[] pending = _pending;
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
        return sum;
    }
}
