using System.Buffers;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using Gen0.Buffers;

namespace Gen0.Benchmarks.Buffers;

/// <summary>
/// Seed 000's table: allocating a fresh <c>byte[]</c> against renting from <see cref="ArrayPool{T}.Shared"/> and
/// from a pool created for the exact size, and from <see cref="ScalableArrayPool{T}.Shared"/>. GC is not forced between iterations, so the cost of the collections
/// that allocation causes is part of the measured time.
/// </summary>
[Config(typeof(DoNotForceGcConfig))]
public class AllocateVsRentBenchmarks
{
    private ArrayPool<byte> _sizeAwarePool = null!;

    [Params(100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000)]
    public int SizeInBytes { get; set; }

    [GlobalSetup]
    public void GlobalSetup() => _sizeAwarePool = ArrayPool<byte>.Create(SizeInBytes + 1, 10);

    [Benchmark(Baseline = true)]
    public byte[] Allocate() => new byte[SizeInBytes];

    [Benchmark]
    public int RentAndReturn_Shared() => RentAndReturn(ArrayPool<byte>.Shared);

    [Benchmark]
    public int RentAndReturn_Aware() => RentAndReturn(_sizeAwarePool);

    [Benchmark]
    public int RentAndReturn_Scalable() => RentAndReturn(ScalableArrayPool<byte>.Shared);

    private int RentAndReturn(ArrayPool<byte> pool)
    {
        byte[] array = pool.Rent(SizeInBytes);
        int length = array.Length;
        pool.Return(array);
        return length;
    }

    private sealed class DoNotForceGcConfig : ManualConfig
    {
        public DoNotForceGcConfig() => AddJob(Job.Default.WithGcForce(false).AsDefault());
    }
}
