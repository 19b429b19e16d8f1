using Gen0.Pools;
using Microsoft.Extensions.ObjectPool;

namespace Gen0.AspNetCore;

/// <summary>
/// An <see cref="ObjectPoolProvider"/> whose pools are Gen0 <see cref="Pool{T}"/>s, so that code written against
/// Microsoft.Extensions.ObjectPool (<c>ObjectPool&lt;StringBuilder&gt;</c> from
/// <c>provider.CreateStringBuilderPool()</c>, MVC's and Razor's internal pools) runs on Gen0's tiered, trimmed pool.
/// </summary>
/// <remarks>
/// Semantics follow <see cref="DefaultObjectPoolProvider"/>: <see cref="MaximumRetained"/> objects are kept (default
/// twice the processor count); <c>Get</c> never blocks and creates an object when none is idle;
/// <see cref="IPooledObjectPolicy{T}.Return"/> decides whether a returned object is kept; a dropped object that is
/// <see cref="IDisposable"/> is disposed, and disposing the pool disposes the idle ones (as Microsoft's disposable
/// pool does). Unlike the default pool, idle objects are released after a minute without use
/// (<see cref="PoolOptions{T}.TrimAfter"/>), returning <see langword="null"/> throws
/// <see cref="ArgumentNullException"/>, and returning an object twice or one the pool did not create throws
/// <see cref="InvalidOperationException"/> (Gen0's default misuse detection) instead of letting two requests
/// share it. 2 × cores retained gives one thread slot plus one-item shards on every machine size; the shard
/// queue supports capacity 1.
/// </remarks>
public sealed class Gen0ObjectPoolProvider : ObjectPoolProvider
{
    /// <summary>Gets or sets the number of idle objects each pool keeps; default twice the processor count.</summary>
    public int MaximumRetained { get; set; } = Environment.ProcessorCount * 2;

    /// <inheritdoc/>
    public override ObjectPool<T> Create<T>(IPooledObjectPolicy<T> policy)
    {
        ArgumentNullException.ThrowIfNull(policy);
        return new Gen0ObjectPool<T>(policy, MaximumRetained);
    }
}
