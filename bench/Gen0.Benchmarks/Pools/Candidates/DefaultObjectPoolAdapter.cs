using Microsoft.Extensions.ObjectPool;

namespace Gen0.Benchmarks.Pools.Candidates;

/// <summary>Microsoft.Extensions.ObjectPool's <see cref="DefaultObjectPool{T}"/> (one interlocked fast slot + a ConcurrentQueue), default retention.</summary>
public sealed class DefaultObjectPoolAdapter(int size, int? maximumRetained = null) : IArrayObjectPool
{
    private readonly DefaultObjectPool<byte[]> _pool = maximumRetained is int max
        ? new DefaultObjectPool<byte[]>(new ArrayPolicy(size), max)
        : new DefaultObjectPool<byte[]>(new ArrayPolicy(size));

    public byte[] Rent() => _pool.Get();

    public void Return(byte[] item) => _pool.Return(item);

    private sealed class ArrayPolicy(int size) : IPooledObjectPolicy<byte[]>
    {
        public byte[] Create() => new byte[size];

        public bool Return(byte[] obj) => true;
    }
}
