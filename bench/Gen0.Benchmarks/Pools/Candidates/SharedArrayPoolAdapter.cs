using System.Buffers;

namespace Gen0.Benchmarks.Pools.Candidates;

/// <summary><see cref="ArrayPool{T}.Shared"/> used as an object pool for one size.</summary>
public sealed class SharedArrayPoolAdapter(int size) : IArrayObjectPool
{
    public byte[] Rent() => ArrayPool<byte>.Shared.Rent(size);

    public void Return(byte[] item) => ArrayPool<byte>.Shared.Return(item);
}
