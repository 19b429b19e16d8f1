using Gen0.Pools;
using Microsoft.Extensions.ObjectPool;

namespace Gen0.AspNetCore;

/// <summary>An <see cref="ObjectPool{T}"/> that runs on a Gen0 <see cref="Pool{T}"/>; made by <see cref="Gen0ObjectPoolProvider"/>.</summary>
/// <typeparam name="T">The type of the pooled objects.</typeparam>
internal sealed class Gen0ObjectPool<T> : ObjectPool<T>, IDisposable
    where T : class
{
    private readonly Pool<T> _pool;

    public Gen0ObjectPool(IPooledObjectPolicy<T> policy, int maximumRetained) =>
        _pool = new Pool<T>(new PoolOptions<T>
        {
            Factory = policy.Create,
            Reset = policy.Return,
            MaxRetained = maximumRetained,
            WhenExhausted = PoolExhaustedBehavior.Allocate,
            DisposeDropped = true,
        });

    public override T Get() => _pool.Rent();

    public override void Return(T obj)
    {
        ArgumentNullException.ThrowIfNull(obj);
        _pool.Return(obj);
    }

    public void Dispose() => _pool.Dispose();
}
