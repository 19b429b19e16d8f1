using Gen0.Pools;
using Gen0.Tests.Infrastructure;
using Xunit;

namespace Gen0.Tests.Pools;

/// <summary>The ownership table must not keep objects alive that renters dropped (unbounded pools, Allocate extras).</summary>
[Collection(GcSensitiveCollection.Name)]
public class PoolIdentityTableGcTests
{
    [Theory]
    [InlineData(null, PoolExhaustedBehavior.Allocate)]
    [InlineData(4, PoolExhaustedBehavior.Allocate)]
    public void RentedAndNeverReturned_AreCollected(int? maxSize, PoolExhaustedBehavior whenExhausted)
    {
        using var pool = new Pool<PooledThing>(new PoolOptions<PooledThing>
        {
            Factory = () => new PooledThing(),
            MaxSize = maxSize,
            WhenExhausted = whenExhausted,
            TrimAfter = Timeout.InfiniteTimeSpan,
        });
        WeakReference[] rented = Watchdog.Run(
            () =>
            {
                var refs = new WeakReference[200];
                for (int i = 0; i < refs.Length; i++)
                {
                    refs[i] = new WeakReference(pool.Rent());
                }

                return refs;
            },
            what: "rent 200 and drop them");

        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();

        // The renting thread's last-rented entry may keep its one object until that cache is trimmed.
        Assert.InRange(rented.Count(r => r.IsAlive), 0, 1);
    }
}
