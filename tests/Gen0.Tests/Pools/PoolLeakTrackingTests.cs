using System.Runtime.CompilerServices;
using Gen0.Pools;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Pools;

/// <summary>
/// Issue 27: <see cref="PoolOptions{T}.TrackLeaks"/> records every rent with its stack until the object comes back, and
/// reports objects collected while rented as leaks, as <c>GuardedArrayPool&lt;T&gt;</c> does for arrays.
/// </summary>
[Collection(GcSensitiveCollection.Name)]
public sealed class PoolLeakTrackingTests
{
    [Fact]
    public void Off_TheListsThrowWithWhatToDo_AndLeakCountIsZero()
    {
        using var pool = new Pool<PooledThing>(() => new PooledThing());
        var error = Assert.Throws<InvalidOperationException>(() => pool.GetOutstanding());
        Assert.Contains("TrackLeaks", error.Message);
        Assert.Throws<InvalidOperationException>(() => pool.GetLeaks());
        Assert.Throws<InvalidOperationException>(pool.AssertAllReturned);
        Assert.Equal(0, pool.LeakCount);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task On_EveryKindOfRentIsListedWithItsStack_UntilItComesBack(bool trackOwnership)
    {
        using var pool = new Pool<PooledThing>(new PoolOptions<PooledThing> { Factory = () => new PooledThing(), TrackLeaks = true, TrackOwnership = trackOwnership });
        PooledThing raw = pool.Rent();
        Assert.True(pool.TryRent(out PooledThing? tried));
        PooledThing viaAsync = await pool.RentAsync();
        Lease<PooledThing> lease = pool.Lease();

        IReadOnlyList<OutstandingObject> outstanding = pool.GetOutstanding();
        Assert.Equal(4, outstanding.Count);
        Assert.All(outstanding, o => Assert.Contains(nameof(PoolLeakTrackingTests), o.RentStackTrace));
        Assert.All(outstanding, o => Assert.Equal(typeof(PooledThing).FullName, o.TypeName));
        var pending = Assert.Throws<InvalidOperationException>(pool.AssertAllReturned);
        Assert.Contains("4 PooledThing object(s) rented and not returned, 0 leaked", pending.Message);

        pool.Return(raw);
        var other = new WorkerThread();
        other.Run(() => pool.Return(tried!)); // a return on another thread is recognised too
        other.Dispose();
        pool.Return(viaAsync);
        lease.Dispose();
        Assert.Empty(pool.GetOutstanding());
        pool.AssertAllReturned();
    }

    [Fact]
    public void AnObjectCollectedWhileRented_IsALeak_WithTheStackOfItsRent()
    {
        using var pool = new Pool<PooledThing>(new PoolOptions<PooledThing> { Factory = () => new PooledThing(), TrackLeaks = true });
        RentAndForget(pool);
        Watchdog.Run(
            () =>
            {
                while (pool.LeakCount == 0)
                {
                    GC.Collect();
                    GC.WaitForPendingFinalizers();
                }
            },
            TimeSpan.FromSeconds(30),
            "the GC to collect the forgotten object and run its record's finalizer");

        Assert.Equal(1, pool.LeakCount);
        OutstandingObject leak = Assert.Single(pool.GetLeaks());
        Assert.Contains(nameof(RentAndForget), leak.RentStackTrace);
        Assert.Empty(pool.GetOutstanding());
        var error = Assert.Throws<InvalidOperationException>(pool.AssertAllReturned);
        Assert.Contains("1 leaked", error.Message);
        Assert.Contains(nameof(RentAndForget), error.Message);
    }

    [Fact]
    public void MisuseStillThrows_AndTheRecordsStayRight()
    {
        using var pool = new Pool<PooledThing>(new PoolOptions<PooledThing> { Factory = () => new PooledThing(), TrackLeaks = true });
        PooledThing thing = pool.Rent();
        pool.Return(thing);
        Assert.Throws<InvalidOperationException>(() => pool.Return(thing));
        Assert.Throws<InvalidOperationException>(() => pool.Return(new PooledThing()));
        Assert.Empty(pool.GetOutstanding());
        pool.AssertAllReturned();
    }

    [Fact]
    public void AReturnAfterDispose_ClearsTheRecord()
    {
        var pool = new Pool<PooledThing>(new PoolOptions<PooledThing> { Factory = () => new PooledThing(), TrackLeaks = true });
        PooledThing thing = pool.Rent();
        pool.Dispose();
        Assert.Equal(ReturnResult.DroppedPoolDisposed, pool.Return(thing));
        Assert.Empty(pool.GetOutstanding());
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void RentAndForget(Pool<PooledThing> pool) => _ = pool.Rent();
}
