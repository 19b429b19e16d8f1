using System.Buffers;
using BenchmarkDotNet.Attributes;
using Gen0.Buffers;

namespace Gen0.Benchmarks.Buffers;

/// <summary>
/// Issue 15, row 3: eight nested rents of 1 MB, then eight returns, on one thread. <see cref="ArrayPool{T}.Shared"/>
/// (baseline) keeps one array per size per thread and pushes the other seven through its per-core locked stacks; the
/// goal is Scalable Shared &lt;= 1.0x. Times are per rent+return pair.
/// </summary>
public class NestedLargeRentBenchmarks
{
    private const int Nested = 8;
    private const int Rounds = 256;
    private const int Size = 1 << 20;

    private readonly byte[][] _held = new byte[Nested][];
    private ScalableArrayPool<byte> _instance = null!;

    [GlobalSetup]
    public void GlobalSetup() => _instance = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = "bench" });

    [GlobalCleanup]
    public void GlobalCleanup() => _instance.Dispose();

    [Benchmark(Baseline = true, OperationsPerInvoke = Nested * Rounds)]
    public int BclShared() => Nest(default(PoolCalls.BclShared), _held, Size, Rounds);

    [Benchmark(OperationsPerInvoke = Nested * Rounds)]
    public int ScalableShared() => Nest(default(PoolCalls.ScalableShared), _held, Size, Rounds);

    [Benchmark(OperationsPerInvoke = Nested * Rounds)]
    public int ScalableInstance() => Nest(new PoolCalls.ScalableInstance(_instance), _held, Size, Rounds);

    /// <summary>Rents <c>held.Length</c> arrays of <paramref name="size"/>, then returns them last first, <paramref name="rounds"/> times.</summary>
    internal static int Nest<TPool>(TPool pool, byte[][] held, int size, int rounds)
        where TPool : struct, IPoolCall
    {
        int sum = 0;
        for (int r = 0; r < rounds; r++)
        {
            for (int k = 0; k < held.Length; k++)
            {
                held[k] = pool.Rent(size);
                held[k][0] = (byte)k;
            }

            for (int k = held.Length - 1; k >= 0; k--)
            {
                sum += held[k][0];
                pool.Return(held[k]);
            }
        }

        return sum;
    }
}
