using System.Buffers;
using BenchmarkDotNet.Attributes;
using CommunityToolkit.HighPerformance.Buffers;
using Gen0.Buffers;

namespace Gen0.Benchmarks.Buffers;

/// <summary>
/// Issue 26: renting a buffer as an <see cref="IMemoryOwner{T}"/>, touching it and disposing it. Baseline:
/// CommunityToolkit.HighPerformance 7.1.2 <c>MemoryOwner&lt;byte&gt;.Allocate</c> (an exact-length owner object over
/// <see cref="ArrayPool{T}.Shared"/>, allocated per rent). Against it: <c>RentOwner</c> on
/// <see cref="ArrayPool{T}.Shared"/> and on <see cref="ScalableArrayPool{T}.Shared"/> (also one owner object per rent,
/// never reused, so dispose semantics stay exact), <see cref="MemoryPool{T}.Shared"/> (one object per rent), and
/// <see cref="ScalableMemoryPool{T}.Shared"/> (pooled owners: 0 B per rent). Goal: the owner rows at most 1.0x the
/// baseline with the same bytes per rent; the memory pool row 0 B.
/// </summary>
public class MemoryOwnerBenchmarks
{
    [Params(1024, 64 * 1024)]
    public int Length { get; set; }

    [Benchmark(Baseline = true)]
    public int CommunityToolkit_MemoryOwner()
    {
        using MemoryOwner<byte> owner = MemoryOwner<byte>.Allocate(Length, AllocationMode.Default);
        return Touch(owner.Memory);
    }

    [Benchmark]
    public int RentOwner_ArrayPoolShared()
    {
        using PooledMemoryOwner<byte> owner = ArrayPool<byte>.Shared.RentOwner(Length);
        return Touch(owner.Memory);
    }

    [Benchmark]
    public int RentOwner_ScalableArrayPoolShared()
    {
        using PooledMemoryOwner<byte> owner = ScalableArrayPool<byte>.Shared.RentOwner(Length);
        return Touch(owner.Memory);
    }

    [Benchmark]
    public int MemoryPoolShared()
    {
        using IMemoryOwner<byte> owner = MemoryPool<byte>.Shared.Rent(Length);
        return Touch(owner.Memory);
    }

    [Benchmark]
    public int ScalableMemoryPoolShared()
    {
        using IMemoryOwner<byte> owner = ScalableMemoryPool<byte>.Shared.Rent(Length);
        return Touch(owner.Memory);
    }

    private static int Touch(Memory<byte> memory)
    {
        Span<byte> span = memory.Span;
        span[0] = 1;
        span[^1] = 2;
        return span.Length;
    }
}
