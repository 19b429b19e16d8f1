using Gen0.Pools;

namespace Gen0.AspNetCore;

/// <summary>
/// The scoped holder behind <c>AddPooled</c>: rents one object from the pool when the scope first asks for the
/// service, and returns it when the container disposes the scope (at the end of the request).
/// </summary>
/// <typeparam name="T">The pooled implementation type.</typeparam>
internal sealed class PooledServiceLease<T> : IDisposable
    where T : class
{
    private Lease<T> _lease;

    public PooledServiceLease(Pool<T> pool) => _lease = pool.Lease();

    /// <summary>Gets the rented object.</summary>
    public T Value => _lease.Value;

    /// <summary>Returns the object to its pool (once; the lease ignores a second call).</summary>
    public void Dispose() => _lease.Dispose();
}
