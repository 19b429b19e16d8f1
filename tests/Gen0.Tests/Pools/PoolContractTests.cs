using Gen0.Pools;
using Xunit;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Pools;

public class PoolContractTests
{
    private static PoolOptions<PooledThing> Options(Action<PoolOptions<PooledThing>>? configure = null)
    {
        var options = new PoolOptions<PooledThing> { Factory = () => new PooledThing(), TrimAfter = Timeout.InfiniteTimeSpan };
        configure?.Invoke(options);
        return options;
    }

    [Fact]
    public void Constructor_RejectsBadOptions()
    {
        Assert.Throws<ArgumentNullException>(() => new Pool<PooledThing>((PoolOptions<PooledThing>)null!));
        Assert.Throws<ArgumentNullException>(() => new Pool<PooledThing>((Func<PooledThing>)null!));
        Assert.Throws<ArgumentNullException>(() => new Pool<PooledThing>(new PoolOptions<PooledThing>()));
        Assert.Throws<ArgumentOutOfRangeException>(() => new Pool<PooledThing>(Options(o => o.MaxSize = 0)));
        Assert.Throws<ArgumentOutOfRangeException>(() => new Pool<PooledThing>(Options(o => o.MaxRetained = -1)));
        Assert.Throws<ArgumentOutOfRangeException>(() => new Pool<PooledThing>(Options(o => o.Prewarm = -1)));
        Assert.Throws<ArgumentOutOfRangeException>(() => new Pool<PooledThing>(Options(o => { o.MaxRetained = 2; o.Prewarm = 3; })));
        Assert.Throws<ArgumentOutOfRangeException>(() => new Pool<PooledThing>(Options(o => { o.MaxSize = 2; o.Prewarm = 3; })));
        Assert.Throws<ArgumentOutOfRangeException>(() => new Pool<PooledThing>(Options(o => o.WhenExhausted = (PoolExhaustedBehavior)42)));
        Assert.Throws<ArgumentOutOfRangeException>(() => new Pool<PooledThing>(Options(o => o.WaitTimeout = TimeSpan.FromSeconds(-2))));
        Assert.Throws<ArgumentOutOfRangeException>(() => new Pool<PooledThing>(Options(o => o.TrimAfter = TimeSpan.Zero)));
    }

    [Fact]
    public void Rent_CreatesWithFactory_ReturnKeeps_RentReuses()
    {
        int created = 0;
        using var pool = new Pool<PooledThing>(Options(o => o.Factory = () => { created++; return new PooledThing(); }));
        PooledThing first = pool.Rent();
        Assert.Equal(1, created);
        Assert.Equal(1, pool.LiveCount);
        Assert.Equal(1, pool.Outstanding);
        Assert.Equal(ReturnResult.Kept, pool.Return(first));
        Assert.Equal(1, pool.Count);
        Assert.Equal(0, pool.Outstanding);
        Assert.Same(first, pool.Rent());
        Assert.Equal(1, created);
    }

    [Fact]
    public void Pool_WorksWithSealedThirdPartyTypes()
    {
        using var pool = new Pool<System.Text.StringBuilder>(new PoolOptions<System.Text.StringBuilder>
        {
            Factory = () => new System.Text.StringBuilder(),
            Reset = sb => { sb.Clear(); return sb.Capacity <= 1024; },
        });
        System.Text.StringBuilder builder = pool.Rent();
        builder.Append("hello");
        Assert.Equal(ReturnResult.Kept, pool.Return(builder));
        Assert.Equal(0, pool.Rent().Length);
    }

    [Fact]
    public void Reset_RunsOnReturn_AndFalseDropsAndDisposes()
    {
        // Reset refuses an object marked by the test. (It used to refuse odd ids, but ids come from a counter that
        // tests running in parallel share, so the two rented objects could both be even.)
        const int refuse = -1;
        using var pool = new Pool<PooledThing>(Options(o => o.Reset = t => { bool keep = t.UseCount != refuse; t.UseCount = 0; return keep; }));
        PooledThing kept = pool.Rent();
        PooledThing refused = pool.Rent();
        kept.UseCount = 5;
        refused.UseCount = refuse;
        Assert.Equal(ReturnResult.Kept, pool.Return(kept));
        Assert.Equal(0, kept.UseCount);
        Assert.False(kept.IsDisposed);
        Assert.Equal(ReturnResult.DroppedByReset, pool.Return(refused));
        Assert.True(refused.IsDisposed);
        Assert.Equal(1, pool.LiveCount);
        Assert.Equal(1, pool.Count);
    }

    [Fact]
    public void Reset_Throwing_DropsTheObject_AndKeepsCountsRight()
    {
        using var pool = new Pool<PooledThing>(Options(o => { o.MaxSize = 1; o.Reset = _ => throw new FormatException("boom"); }));
        PooledThing thing = pool.Rent();
        Assert.Throws<FormatException>(() => pool.Return(thing));
        Assert.True(thing.IsDisposed);
        Assert.Equal(0, pool.LiveCount);
        Assert.True(pool.TryRent(out PooledThing? next)); // the capacity came back
        Assert.NotSame(thing, next);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    [InlineData(17)]
    public void MaxRetained_IsExactOnOneThread(int maxRetained)
    {
        using var pool = new Pool<PooledThing>(Options(o => o.MaxRetained = maxRetained));
        var rented = Enumerable.Range(0, maxRetained + 2).Select(_ => pool.Rent()).ToList();
        var results = rented.Select(pool.Return).ToList();
        Assert.Equal(maxRetained, results.Count(r => r == ReturnResult.Kept));
        Assert.Equal(2, results.Count(r => r == ReturnResult.Dropped));
        Assert.Equal(maxRetained, pool.Count);
        Assert.Equal(maxRetained, pool.LiveCount);
        Assert.Equal(2, rented.Count(t => t.IsDisposed));
    }

    [Fact]
    public void MaxRetainedZero_KeepsNothing()
    {
        using var pool = new Pool<PooledThing>(Options(o => o.MaxRetained = 0));
        PooledThing thing = pool.Rent();
        Assert.Equal(ReturnResult.Dropped, pool.Return(thing));
        Assert.NotSame(thing, pool.Rent());
        Assert.Equal(0, pool.Count);
    }

    [Fact]
    public void DisposeDroppedOff_DoesNotDispose()
    {
        using var pool = new Pool<PooledThing>(Options(o => { o.MaxRetained = 0; o.DisposeDropped = false; }));
        PooledThing thing = pool.Rent();
        Assert.Equal(ReturnResult.Dropped, pool.Return(thing));
        Assert.False(thing.IsDisposed);
    }

    [Fact]
    public void Prewarm_CreatesUpFront()
    {
        int created = 0;
        using var pool = new Pool<PooledThing>(Options(o => { o.Prewarm = 5; o.MaxRetained = 5; o.Factory = () => { created++; return new PooledThing(); }; }));
        Assert.Equal(5, created);
        Assert.Equal(5, pool.Count);
        Assert.Equal(5, pool.LiveCount);
        var rented = Enumerable.Range(0, 5).Select(_ => pool.Rent()).ToList();
        Assert.Equal(5, created);
        Assert.Equal(5, rented.Distinct().Count());
    }

    [Fact]
    public void ReturnNull_Throws()
    {
        using var pool = new Pool<PooledThing>(Options());
        Assert.Throws<ArgumentNullException>(() => pool.Return(null!));
    }

    [Fact]
    public void Throw_WhenExhausted_SaysSo_AndPoolStaysUsable()
    {
        using var pool = new Pool<PooledThing>(Options(o => { o.MaxSize = 2; o.WhenExhausted = PoolExhaustedBehavior.Throw; }));
        PooledThing a = pool.Rent();
        PooledThing b = pool.Rent();
        InvalidOperationException ex = Assert.Throws<InvalidOperationException>(() => pool.Rent());
        Assert.Contains("exhausted", ex.Message, StringComparison.Ordinal);
        Assert.Contains("MaxSize", ex.Message, StringComparison.Ordinal);
        Assert.Throws<InvalidOperationException>(() => pool.Lease());
        Assert.False(pool.TryRent(out _));
        Assert.Equal(2, pool.LiveCount);
        pool.Return(a);
        Assert.Same(a, pool.Rent());
        pool.Return(b);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Allocate_WhenExhausted_HandsOutExtras_ThatAreNeverRetained(bool trackOwnership)
    {
        using var pool = new Pool<PooledThing>(Options(o => { o.MaxSize = 1; o.WhenExhausted = PoolExhaustedBehavior.Allocate; o.TrackOwnership = trackOwnership; }));
        PooledThing regular = pool.Rent();
        PooledThing extra = pool.Rent();
        Assert.NotSame(regular, extra);
        Assert.Equal(1, pool.LiveCount);
        Assert.Equal(2, pool.Outstanding);
        Assert.False(pool.TryRent(out _)); // TryRent never goes past the cap
        Assert.Equal(ReturnResult.DroppedOverflow, pool.Return(extra));
        Assert.True(extra.IsDisposed);
        Assert.Equal(ReturnResult.Kept, pool.Return(regular));
        Assert.Equal(1, pool.LiveCount);
        Assert.Equal(1, pool.Count);
        Assert.Equal(1, pool.GetStatistics().OverflowCreated);

        using (Lease<PooledThing> held = pool.Lease())
        using (Lease<PooledThing> overflow = pool.Lease())
        {
            Assert.Same(regular, held.Value);
            Assert.NotSame(regular, overflow.Value);
        }

        Assert.Equal(1, pool.LiveCount);
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public void FactoryThrowing_LosesNoCapacity()
    {
        int calls = 0;
        using var pool = new Pool<PooledThing>(Options(o =>
        {
            o.MaxSize = 1;
            o.WhenExhausted = PoolExhaustedBehavior.Throw;
            o.Factory = () => ++calls == 1 ? throw new FormatException("first fails") : new PooledThing();
        }));
        Assert.Throws<FormatException>(() => pool.Rent());
        Assert.Equal(0, pool.LiveCount);
        Assert.Equal(0, pool.Outstanding);
        PooledThing thing = pool.Rent();
        Assert.Equal(1, pool.LiveCount);
        Assert.Equal(ReturnResult.Kept, pool.Return(thing));
        Assert.Equal(1, pool.GetStatistics().Created);
    }

    [Fact]
    public void FactoryReturningNull_Throws_AndLosesNoCapacity()
    {
        using var pool = new Pool<PooledThing>(Options(o => { o.MaxSize = 1; o.Factory = () => null!; }));
        Assert.Throws<InvalidOperationException>(() => pool.Rent());
        Assert.Equal(0, pool.LiveCount);
    }

    [Fact]
    public void TrackOwnership_DetectsForeignAndDoubleReturns_AndStateStaysIntact()
    {
        using var pool = new Pool<PooledThing>(Options(o => o.TrackOwnership = true));
        using var other = new Pool<PooledThing>(Options(o => o.TrackOwnership = true));
        PooledThing mine = pool.Rent();
        PooledThing theirs = other.Rent();
        PooledThing stranger = new();

        Assert.Throws<InvalidOperationException>(() => pool.Return(stranger));
        Assert.Throws<InvalidOperationException>(() => pool.Return(theirs));
        Assert.Equal(ReturnResult.Kept, pool.Return(mine));
        InvalidOperationException twice = Assert.Throws<InvalidOperationException>(() => pool.Return(mine));
        Assert.Contains("twice", twice.Message, StringComparison.Ordinal);
        Assert.Equal(1, pool.Count);
        Assert.Equal(1, pool.LiveCount);

        // The object is in the pool once: two rents give two different objects.
        PooledThing r1 = pool.Rent();
        PooledThing r2 = pool.Rent();
        Assert.Same(mine, r1);
        Assert.NotSame(r1, r2);
        Assert.Equal(ReturnResult.Kept, pool.Return(r1));
        Assert.Equal(ReturnResult.Kept, pool.Return(r2));
        Assert.Equal(ReturnResult.Kept, other.Return(theirs));
    }

    [Fact]
    public void TrackOwnership_DroppedObjectCannotComeBack()
    {
        using var pool = new Pool<PooledThing>(Options(o => { o.TrackOwnership = true; o.MaxRetained = 0; }));
        PooledThing thing = pool.Rent();
        Assert.Equal(ReturnResult.Dropped, pool.Return(thing));
        Assert.Throws<InvalidOperationException>(() => pool.Return(thing));
        Assert.Equal(0, pool.LiveCount);
    }

    [Fact]
    public void Untracked_ImmediateDoubleReturnOnSameThread_IsCaught()
    {
        using var pool = new Pool<PooledThing>(Options());
        PooledThing thing = pool.Rent();
        pool.Return(thing);
        Assert.Throws<InvalidOperationException>(() => pool.Return(thing));
        Assert.Equal(1, pool.Count);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Lease_ReturnsOnDispose_AndDetectsSecondDispose(bool trackOwnership)
    {
        using var pool = new Pool<PooledThing>(Options(o => o.TrackOwnership = trackOwnership));
        Lease<PooledThing> lease = pool.Lease();
        Lease<PooledThing> copy = lease;
        PooledThing thing = lease.Value;
        Assert.Equal(1, pool.Outstanding);
        lease.Dispose();
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(1, pool.Count);
        Assert.Throws<InvalidOperationException>(() => lease.Dispose());
        Assert.Throws<InvalidOperationException>(() => copy.Dispose());
        Assert.Throws<InvalidOperationException>(() => copy.Value);
        Assert.Equal(1, pool.Count);

        // Still in the pool once, and a stale lease does not disturb the next renter.
        using Lease<PooledThing> next = pool.Lease();
        Assert.Same(thing, next.Value);
        Assert.Throws<InvalidOperationException>(() => copy.Dispose());
        Assert.Same(thing, next.Value);
        Assert.NotSame(thing, pool.Rent());
    }

    [Fact]
    public void Lease_UsingStatement_ReturnsTheObject()
    {
        using var pool = new Pool<PooledThing>(Options());
        PooledThing seen;
        using (Lease<PooledThing> lease = pool.Lease())
        {
            seen = lease.Value;
            Assert.Equal(0, pool.Count);
        }

        Assert.Equal(1, pool.Count);
        Assert.Same(seen, pool.Rent());
    }

    [Fact]
    public void DefaultLease_DisposeDoesNothing_ValueThrows()
    {
        Lease<PooledThing> lease = default;
        lease.Dispose();
        Assert.Throws<InvalidOperationException>(() => lease.Value);
    }

    [Fact]
    public void Tracked_RawReturnOfLeasedObject_MakesTheLeaseDisposeThrow()
    {
        using var pool = new Pool<PooledThing>(Options(o => o.TrackOwnership = true));
        Lease<PooledThing> lease = pool.Lease();
        Assert.Equal(ReturnResult.Kept, pool.Return(lease.Value));
        Assert.Throws<InvalidOperationException>(() => lease.Dispose());
        Assert.Equal(1, pool.Count);
    }

    [Fact]
    public void Dispose_DisposesRetained_RentThrows_ReturnDrops()
    {
        var pool = new Pool<PooledThing>(Options());
        PooledThing kept = pool.Rent();
        PooledThing outstanding = pool.Rent();
        pool.Return(kept);
        pool.Dispose();
        pool.Dispose();
        Assert.True(kept.IsDisposed);
        Assert.Equal(1, kept.DisposeCount);
        Assert.Throws<ObjectDisposedException>(() => pool.Rent());
        Assert.Throws<ObjectDisposedException>(() => pool.TryRent(out _));
        Assert.Throws<ObjectDisposedException>(() => pool.Lease());
        Assert.Throws<ObjectDisposedException>(() => { _ = pool.RentAsync(); });
        Assert.Equal(ReturnResult.DroppedPoolDisposed, pool.Return(outstanding));
        Assert.True(outstanding.IsDisposed);
        Assert.Equal(0, pool.LiveCount);
        Assert.Equal(0, pool.Count);
    }

    [Fact]
    public void AfterDispose_TrackedReturnsAndLeasesAreDroppedQuietly_AndDoubleReturnsStillCaught()
    {
        var pool = new Pool<PooledThing>(Options(o => o.TrackOwnership = true));
        PooledThing raw = pool.Rent();
        Lease<PooledThing> lease = pool.Lease();
        pool.Dispose();
        Assert.Equal(ReturnResult.DroppedPoolDisposed, pool.Return(raw));
        Assert.Throws<InvalidOperationException>(() => pool.Return(raw));
        Assert.Throws<InvalidOperationException>(() => pool.Return(new PooledThing()));
        PooledThing leased = lease.Value;
        lease.Dispose();
        Assert.True(leased.IsDisposed);
        Assert.True(raw.IsDisposed);
        Assert.Equal(0, pool.LiveCount);

        // A pool created afterwards (which may reuse the disposed pool's thread-slot index) is unaffected.
        using var next = new Pool<PooledThing>(Options());
        PooledThing thing = next.Rent();
        Assert.Equal(ReturnResult.Kept, next.Return(thing));
        Assert.Same(thing, next.Rent());
    }

    [Fact]
    public void Trim_DropsIdleObjects()
    {
        using var pool = new Pool<PooledThing>(Options());
        var things = Enumerable.Range(0, 4).Select(_ => pool.Rent()).ToList();
        things.ForEach(t => pool.Return(t));
        Assert.Equal(4, pool.Count);
        pool.Trim();
        Assert.Equal(0, pool.Count);
        Assert.Equal(0, pool.LiveCount);
        Assert.All(things, t => Assert.True(t.IsDisposed));
        Assert.Equal(4, pool.GetStatistics().Dropped);
    }

    [Fact]
    public async Task TrimAfter_DropsObjectsIdleForAPeriod()
    {
        using var pool = new Pool<PooledThing>(Options(o => o.TrimAfter = TimeSpan.FromMilliseconds(50)));
        var things = Enumerable.Range(0, 3).Select(_ => pool.Rent()).ToList();
        things.ForEach(t => pool.Return(t));
        var deadline = DateTime.UtcNow.AddSeconds(5);
        while (pool.Count > 0 && DateTime.UtcNow < deadline)
        {
            await Task.Delay(20);
        }

        Assert.Equal(0, pool.Count);
        Assert.All(things, t => Assert.True(t.IsDisposed));
        Assert.True(pool.GetStatistics().Trimmed >= 3);
    }

    [Fact]
    public void ObjectIdleInAnotherThreadsSlot_IsReachableAtTheCap()
    {
        using var pool = new Pool<PooledThing>(Options(o => { o.MaxSize = 1; o.WhenExhausted = PoolExhaustedBehavior.Throw; }));
        PooledThing? other = null;
        var thread = new Thread(() => { other = pool.Rent(); pool.Return(other); });
        thread.Start();
        Bounded.Join(thread);
        Assert.Same(other, pool.Rent());
    }

    [Fact]
    public void ManyPoolInstances_KeepTheirObjectsApart()
    {
        var pools = Enumerable.Range(0, 50).Select(_ => new Pool<PooledThing>(Options())).ToList();
        var rented = pools.Select(p => p.Rent()).ToList();
        for (int i = 0; i < pools.Count; i++)
        {
            pools[i].Return(rented[i]);
        }

        for (int i = 0; i < pools.Count; i++)
        {
            Assert.Same(rented[i], pools[i].Rent());
        }

        // Disposed pools free their thread-slot index; a new pool on a reused index starts empty.
        pools.ForEach(p => p.Dispose());
        using var fresh = new Pool<PooledThing>(Options());
        PooledThing thing = fresh.Rent();
        Assert.DoesNotContain(thing, rented);
        Assert.Equal(0, fresh.Count);
    }

    [Fact]
    public void Statistics_AddUp()
    {
        using var pool = new Pool<PooledThing>(Options(o => o.MaxRetained = 1));
        PooledThing a = pool.Rent();
        PooledThing b = pool.Rent();
        pool.Return(a);
        pool.Return(b);
        PoolStatistics stats = pool.GetStatistics();
        Assert.Equal(new PoolStatistics(Retained: 1, Live: 1, Outstanding: 0, Created: 2, OverflowCreated: 0, Dropped: 1, Trimmed: 0, Waits: 0), stats);
    }

    [Fact]
    public void QuickStart_Compiles_AndWorks()
    {
        // README quick start (keep in sync).
        using var pool = new Pool<System.Text.StringBuilder>(new PoolOptions<System.Text.StringBuilder>
        {
            Factory = () => new System.Text.StringBuilder(capacity: 256),
            Reset = sb => { sb.Clear(); return sb.Capacity <= 4096; }, // false drops oversized builders
            MaxSize = 64,                                           // never more than 64 alive
            WhenExhausted = PoolExhaustedBehavior.Wait,
        });

        using (Lease<System.Text.StringBuilder> lease = pool.Lease())
        {
            lease.Value.Append("hello");
        }

        System.Text.StringBuilder builder = pool.Rent();
        ReturnResult result = pool.Return(builder);

        Assert.Equal(ReturnResult.Kept, result);
        Assert.Equal(1, pool.LiveCount);
    }
}
