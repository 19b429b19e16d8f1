namespace Gen0.Tests.Pools;

/// <summary>A pooled test object that counts its creations and disposals and records who holds it.</summary>
public sealed class PooledThing : IDisposable
{
    private static int s_nextId;

    public PooledThing() => Id = Interlocked.Increment(ref s_nextId);

    public int Id { get; }

    /// <summary>The renter holding the object, 0 when none: set with a compare-and-swap by stress tests.</summary>
    public int Holder;

    public int UseCount { get; set; }

    public bool IsDisposed { get; private set; }

    public int DisposeCount { get; private set; }

    public void Dispose()
    {
        IsDisposed = true;
        DisposeCount++;
    }
}
