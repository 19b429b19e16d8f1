using System.Buffers;
using BenchmarkDotNet.Attributes;
using Gen0.Buffers;

namespace Gen0.Benchmarks.Buffers;

/// <summary>
/// Issue 15, rows 1 and 2: one rent and one return on one thread, at 16 B, 4 KB and 64 KB, for
/// <see cref="ArrayPool{T}.Shared"/> (baseline), <see cref="ScalableArrayPool{T}.Shared"/>, a default-options
/// <see cref="ScalableArrayPool{T}"/> instance and <see cref="ArrayPool{T}.Create()"/>. Goals: Scalable Shared
/// &lt;= 1.0x, the instance &lt;= 1.2x the baseline and &lt;= 0.5x Create. Each invocation does
/// <see cref="Operations"/> pairs, so times are per pair; each case runs its own compiled loop (<see cref="IPoolCall"/>).
/// </summary>
public class SameThreadRentReturnBenchmarks
{
    internal const int Operations = 16 * 1024;

    private ArrayPool<byte> _created = null!;
    private ScalableArrayPool<byte> _instance = null!;

    /// <summary>The rented length in bytes.</summary>
    [Params(16, 4096, 65_536)]
    public int Size { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        _created = ArrayPool<byte>.Create();
        _instance = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = "bench" });
    }

    [GlobalCleanup]
    public void GlobalCleanup() => _instance.Dispose();

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations)]
    public int BclShared() => RentReturn(default(PoolCalls.BclShared), Size);

    [Benchmark(OperationsPerInvoke = Operations)]
    public int ScalableShared() => RentReturn(default(PoolCalls.ScalableShared), Size);

    [Benchmark(OperationsPerInvoke = Operations)]
    public int ScalableInstance() => RentReturn(new PoolCalls.ScalableInstance(_instance), Size);

    [Benchmark(OperationsPerInvoke = Operations)]
    public int BclCreate() => RentReturn(new PoolCalls.Virtual(_created), Size);

    internal static int RentReturn<TPool>(TPool pool, int size)
        where TPool : struct, IPoolCall
    {
        int sum = 0;
        for (int i = 0; i < Operations; i++)
        {
            byte[] array = pool.Rent(size);
            array[0] = (byte)i;
            sum += array[0];
            pool.Return(array);
        }

        return sum;
    }
}
