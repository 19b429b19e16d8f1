namespace Gen0.Tests.Pools;

/// <summary>
/// Proves that no object is held by two renters at once: each renter stamps the object's
/// <see cref="PooledThing.Holder"/> from 0 to its own id on rent and back on return, and a conflict fails.
/// </summary>
internal static class OwnershipStamp
{
    public static void Claim(PooledThing thing, int renter)
    {
        int previous = Interlocked.CompareExchange(ref thing.Holder, renter, 0);
        if (previous != 0)
        {
            throw new InvalidOperationException($"Double hand-out: object {thing.Id} was given to renter {renter} while renter {previous} held it.");
        }
    }

    public static void Release(PooledThing thing, int renter)
    {
        int previous = Interlocked.CompareExchange(ref thing.Holder, 0, renter);
        if (previous != renter)
        {
            throw new InvalidOperationException($"Object {thing.Id} was held by {previous}, not by renter {renter}, when that renter gave it back.");
        }
    }
}
