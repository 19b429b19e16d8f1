using Gen0.Pools;

namespace Gen0.Benchmarks.Pools.Candidates;

/// <summary>Gen0's <see cref="Pool{T}"/> behind the common interface.</summary>
public sealed class Gen0PoolAdapter(PoolOptions<byte[]> options) : IArrayObjectPool, IDisposable
{
    private readonly Pool<byte[]> _pool = new(options);

    public byte[] Rent() => _pool.Rent();

    public void Return(byte[] item) => _pool.Return(item);

    public void Dispose() => _pool.Dispose();
}
