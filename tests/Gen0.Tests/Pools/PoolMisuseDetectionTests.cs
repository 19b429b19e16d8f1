using Gen0.Pools;
using Gen0.Tests.Infrastructure;
using Xunit;

namespace Gen0.Tests.Pools;

/// <summary>
/// Regression for issue 14, defect 6: with default options, double, foreign and lease-then-raw returns throw
/// <see cref="InvalidOperationException"/> and leave the pool intact (no object is ever handed to two renters).
/// </summary>
public class PoolMisuseDetectionTests
{
    private static Pool<PooledThing> NewPool(Action<PoolOptions<PooledThing>>? configure = null)
    {
        var options = new PoolOptions<PooledThing> { Factory = () => new PooledThing(), TrimAfter = Timeout.InfiniteTimeSpan };
        configure?.Invoke(options);
        return new Pool<PooledThing>(options);
    }

    [Fact]
    public void DetectionIsTheDefault() => Assert.True(new PoolOptions<PooledThing>().TrackOwnership);

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(64)]
    public void RawDoubleReturn_Throws_NextTwoRentersGetDifferentObjects(int maxRetained)
    {
        using Pool<PooledThing> pool = NewPool(o => o.MaxRetained = maxRetained);
        PooledThing item = pool.Rent();
        pool.Return(item);
        InvalidOperationException ex = Assert.Throws<InvalidOperationException>(() => pool.Return(item));
        Assert.Matches("returned twice|already returned", ex.Message); // with MaxRetained 0 the first return dropped it
        AssertIntact(pool);
    }

    [Fact]
    public void RawDoubleReturn_AfterOtherRentsInBetween_Throws()
    {
        using Pool<PooledThing> pool = NewPool();
        PooledThing first = pool.Rent();
        PooledThing second = pool.Rent();
        pool.Return(first);
        PooledThing third = pool.Rent(); // may be `first` again: then its return below is legitimate
        pool.Return(second);
        Assert.Throws<InvalidOperationException>(() => pool.Return(second));
        pool.Return(third);
        if (!ReferenceEquals(third, first))
        {
            Assert.Throws<InvalidOperationException>(() => pool.Return(first));
        }

        AssertIntact(pool);
    }

    [Fact]
    public void DoubleReturn_FromAnotherThread_Throws()
    {
        using Pool<PooledThing> pool = NewPool();
        PooledThing item = pool.Rent();
        Watchdog.Run(() => pool.Return(item), what: "return on another thread");
        Assert.Throws<InvalidOperationException>(() => pool.Return(item));
        Watchdog.Run(() => Assert.Throws<InvalidOperationException>(() => pool.Return(item)), what: "second return on another thread");
        AssertIntact(pool);
    }

    [Fact]
    public void ForeignObject_Throws_AndIsNotPooled()
    {
        using Pool<PooledThing> pool = NewPool();
        var stranger = new PooledThing();
        InvalidOperationException ex = Assert.Throws<InvalidOperationException>(() => pool.Return(stranger));
        Assert.Contains("not rented from this pool", ex.Message, StringComparison.Ordinal);
        Assert.Equal(0, pool.Count);
        Assert.NotSame(stranger, pool.Rent());
    }

    [Fact]
    public void ObjectOfAnotherPool_Throws_InBothPools()
    {
        using Pool<PooledThing> pool = NewPool();
        using Pool<PooledThing> other = NewPool();
        PooledThing mine = pool.Rent();
        PooledThing theirs = other.Rent();
        Assert.Throws<InvalidOperationException>(() => pool.Return(theirs));
        Assert.Throws<InvalidOperationException>(() => other.Return(mine));
        Assert.Equal(ReturnResult.Kept, pool.Return(mine));
        Assert.Equal(ReturnResult.Kept, other.Return(theirs));
        AssertIntact(pool);
        AssertIntact(other);
    }

    [Fact]
    public void RawReturnOfLeaseValue_ThenLeaseDispose_Throws()
    {
        using Pool<PooledThing> pool = NewPool();
        Lease<PooledThing> lease = pool.Lease();
        Assert.Equal(ReturnResult.Kept, pool.Return(lease.Value));
        InvalidOperationException ex = Assert.Throws<InvalidOperationException>(lease.Dispose);
        Assert.Contains("Lease", ex.Message, StringComparison.Ordinal);
        AssertIntact(pool);
    }

    [Fact]
    public void LeaseDispose_ThenRawReturnOfItsValue_Throws()
    {
        using Pool<PooledThing> pool = NewPool();
        Lease<PooledThing> lease = pool.Lease();
        PooledThing value = lease.Value;
        lease.Dispose();
        Assert.Throws<InvalidOperationException>(() => pool.Return(value));
        AssertIntact(pool);
    }

    [Fact]
    public void ReturnAfterDispose_Drops_AndDoubleReturnAfterDisposeThrows()
    {
        Pool<PooledThing> pool = NewPool();
        PooledThing item = pool.Rent();
        pool.Dispose();
        Assert.Equal(ReturnResult.DroppedPoolDisposed, pool.Return(item));
        Assert.True(item.IsDisposed);
        Assert.Throws<InvalidOperationException>(() => pool.Return(item));
        Assert.Throws<InvalidOperationException>(() => pool.Return(new PooledThing()));
    }

    [Fact]
    public void OptOut_TrustsRawReturns_AsDocumented()
    {
        using Pool<PooledThing> pool = NewPool(o => o.TrackOwnership = false);
        var stranger = new PooledThing();
        Assert.Equal(ReturnResult.Kept, pool.Return(stranger)); // trusted: that is what the opt-out means
        PooledThing item = pool.Rent();
        Assert.Same(stranger, item);
        pool.Return(item);
        Assert.Throws<InvalidOperationException>(() => pool.Return(item)); // the one case the opt-out still catches
    }

    [Fact]
    public void ManyThreads_RacingDoubleReturns_ExactlyOneWins_NoDoubleHandOut()
    {
        using Pool<PooledThing> pool = NewPool(o => o.MaxRetained = 4);
        Watchdog.Run(
            () =>
            {
                for (int round = 0; round < 300; round++)
                {
                    PooledThing item = pool.Rent();
                    int wins = 0;
                    int refusals = 0;
                    using var start = new Barrier(4);
                    var threads = new Thread[4];
                    for (int t = 0; t < threads.Length; t++)
                    {
                        threads[t] = new Thread(() =>
                        {
                            Bounded.SignalAndWait(start);
                            try
                            {
                                pool.Return(item);
                                Interlocked.Increment(ref wins);
                            }
                            catch (InvalidOperationException)
                            {
                                Interlocked.Increment(ref refusals);
                            }
                        }) { IsBackground = true };
                    }

                    Array.ForEach(threads, t => t.Start());
                    Array.ForEach(threads, t => t.Join());
                    Assert.Equal(1, wins);
                    Assert.Equal(3, refusals);
                }
            },
            TimeSpan.FromSeconds(30),
            "racing double returns");

        AssertIntact(pool);
    }

    /// <summary>The pool still hands out distinct objects and its counts add up.</summary>
    private static void AssertIntact(Pool<PooledThing> pool)
    {
        PooledThing a = pool.Rent();
        PooledThing b = pool.Rent();
        PooledThing c = pool.Rent();
        Assert.NotSame(a, b);
        Assert.NotSame(b, c);
        Assert.NotSame(a, c);
        pool.Return(c);
        pool.Return(b);
        pool.Return(a);
        PoolStatistics stats = pool.GetStatistics();
        Assert.Equal(0, stats.Outstanding);
        Assert.Equal(stats.Created - stats.Dropped, stats.Live);
    }
}
