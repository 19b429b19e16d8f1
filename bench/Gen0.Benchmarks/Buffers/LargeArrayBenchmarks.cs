using System.Buffers;
using BenchmarkDotNet.Attributes;
using Gen0.Buffers;

namespace Gen0.Benchmarks.Buffers;

/// <summary>
/// Steady-state rent and return of big arrays (1 MB to 256 MB): <see cref="ArrayPool{T}.Shared"/> (baseline),
/// <see cref="ArrayPool{T}.Create(int, int)"/> sized for 1 GiB, and a <see cref="ScalableArrayPool{T}"/> with
/// <see cref="ScalableArrayPoolOptions.ForLargeArrays"/>. The allocated column shows whether the steady state
/// allocates; the global cleanup prints the rented length and the pool's retained bytes.
/// </summary>
public class LargeArrayBenchmarks
{
    private ArrayPool<byte> _created = null!;
    private ScalableArrayPool<byte> _scalable = null!;

    [Params(1, 3, 48, 256)]
    public int Megabytes { get; set; }

    private int Length => Megabytes << 20;

    [GlobalSetup]
    public void GlobalSetup()
    {
        _created = ArrayPool<byte>.Create(1 << 30, 4);
        ScalableArrayPoolOptions options = ScalableArrayPoolOptions.ForLargeArrays;
        options.Name = "large";
        _scalable = new ScalableArrayPool<byte>(options);
    }

    [GlobalCleanup]
    public void GlobalCleanup()
    {
        // Statistics first: the rents below would take the retained array out again.
        ScalableArrayPoolStatistics stats = _scalable.GetStatistics();
#pragma warning disable GEN0002 // Returned below; only Console.WriteLine could throw between, in a cleanup.
        byte[] shared = ArrayPool<byte>.Shared.Rent(Length);
        byte[] scalable = _scalable.Rent(Length);
#pragma warning restore GEN0002
        Console.WriteLine(
            $"// {Megabytes} MB: Shared rents {shared.Length:N0}, Scalable rents {scalable.Length:N0}; " +
            $"Scalable rents {stats.Rents:N0}, allocations {stats.Allocations:N0}, retained {stats.RetainedBytes:N0} bytes (budget {stats.MaxRetainedBytes:N0})");
        ArrayPool<byte>.Shared.Return(shared);
        _scalable.Return(scalable);
        _scalable.Dispose();
    }

    [Benchmark(Baseline = true)]
    public int Shared() => RentAndReturn(ArrayPool<byte>.Shared);

    [Benchmark]
    public int Create() => RentAndReturn(_created);

    [Benchmark]
    public int Scalable() => RentAndReturn(_scalable);

    private int RentAndReturn(ArrayPool<byte> pool)
    {
        byte[] array = pool.Rent(Length);
        array[^1] = 1;
        int length = array.Length;
        pool.Return(array);
        return length;
    }
}
