using Gen0.Pools;

namespace Gen0.Tests.Pools;

/// <summary>
/// Issue 25, fault injection: pooled objects whose <c>Reset</c> or <c>Dispose</c> throws while the pool returns,
/// trims, drops over its bound or disposes. The pool stays consistent and its counts exact: every object it created
/// is either idle in it, rented, or dropped (and, with <c>DisposeDropped</c>, had its <c>Dispose</c> called once),
/// <see cref="Pool{T}.LiveCount"/> counts exactly the idle and rented ones, and the pool keeps working.
/// </summary>
public sealed class PoolFaultInjectionTests
{
    [Fact]
    public void ResetThatThrows_DropsTheObject_ReachesTheCaller_AndKeepsTheCountsExact()
    {
        int calls = 0;
        var created = new List<FaultyThing>();
        using var pool = new Pool<FaultyThing>(new PoolOptions<FaultyThing>
        {
            Factory = () => Track(created, new FaultyThing()),
            Reset = _ => ++calls % 2 == 0 ? throw new InvalidProgramException("reset failed") : true,
            MaxSize = 4,
            WhenExhausted = PoolExhaustedBehavior.Throw,
        });

        for (int round = 0; round < 20; round++)
        {
            FaultyThing[] rented = [pool.Rent(), pool.Rent(), pool.Rent()];
            int failures = 0;
            foreach (FaultyThing thing in rented)
            {
                try
                {
                    pool.Return(thing);
                }
                catch (InvalidProgramException)
                {
                    failures++;
                    Assert.True(thing.DisposeCount == 1, "an object dropped by a failed reset is disposed once");
                }
            }

            Assert.True(failures > 0);
            AssertCounts(pool, created, rented: 0);
        }
    }

    [Fact]
    public void DisposeThatThrows_DuringTrim_DropsEveryIdleObject_AndKeepsTheCountsExact()
    {
        var created = new List<FaultyThing>();
        var pool = new Pool<FaultyThing>(new PoolOptions<FaultyThing> { Factory = () => Track(created, new FaultyThing { ThrowOnDispose = created.Count % 2 == 0 }), MaxRetained = 8 });
        for (int round = 0; round < 5; round++)
        {
            FaultyThing[] rented = [.. Enumerable.Range(0, 6).Select(_ => pool.Rent())];
            foreach (FaultyThing thing in rented)
            {
                pool.Return(thing);
            }

            FaultyThing kept = pool.Rent();
            Exception? error = Record.Exception(pool.Trim);
            Assert.True(error is null or InvalidProgramException or AggregateException, $"Trim threw {error}");
            Assert.Equal(0, pool.Count);
            AssertCounts(pool, created, rented: 1);
            pool.Return(kept);
        }

        DisposeFaulty(pool);
    }

    [Fact]
    public void DisposeThatThrows_WhenDroppedOverTheBound_KeepsTheCountsExact()
    {
        var created = new List<FaultyThing>();
        var pool = new Pool<FaultyThing>(new PoolOptions<FaultyThing> { Factory = () => Track(created, new FaultyThing { ThrowOnDispose = true }), MaxRetained = 1 });
        FaultyThing[] rented = [.. Enumerable.Range(0, 5).Select(_ => pool.Rent())];
        foreach (FaultyThing thing in rented)
        {
            Exception? error = Record.Exception(() => pool.Return(thing));
            Assert.True(error is null or InvalidProgramException, $"Return threw {error}");
        }

        AssertCounts(pool, created, rented: 0);
        Assert.True(pool.Count <= 1);
        FaultyThing again = pool.Rent();
        pool.Return(again);
        DisposeFaulty(pool);
    }

    [Fact]
    public void DisposeThatThrows_DuringPoolDispose_DropsEverything_AndLeavesThePoolDisposed()
    {
        var created = new List<FaultyThing>();
        var pool = new Pool<FaultyThing>(new PoolOptions<FaultyThing> { Factory = () => Track(created, new FaultyThing { ThrowOnDispose = created.Count % 3 != 1 }), MaxRetained = 8 });
        FaultyThing[] rented = [.. Enumerable.Range(0, 6).Select(_ => pool.Rent())];
        foreach (FaultyThing thing in rented.Take(5))
        {
            pool.Return(thing);
        }

        Exception? error = Record.Exception(pool.Dispose);
        Assert.True(error is null or InvalidProgramException or AggregateException, $"Dispose threw {error}");
        Assert.Equal(0, pool.Count);
        Assert.All(created.Where(t => !ReferenceEquals(t, rented[5])), t => Assert.True(t.DisposeCount == 1, $"thing {t.Id} disposed {t.DisposeCount} times"));
        Assert.Throws<ObjectDisposedException>(() => pool.Rent());
        Exception? late = Record.Exception(() => pool.Return(rented[5]));
        Assert.True(late is null or InvalidProgramException, $"a return after Dispose threw {late}");
        Assert.Equal(1, rented[5].DisposeCount);
        pool.Dispose();
    }

    // The pool's Dispose disposes the idle objects; their failures come back as one AggregateException.
    private static void DisposeFaulty(Pool<FaultyThing> pool)
    {
        Exception? error = Record.Exception(pool.Dispose);
        Assert.True(error is null or AggregateException, $"Dispose threw {error}");
        Assert.Equal(0, pool.Count);
    }

    private static FaultyThing Track(List<FaultyThing> created, FaultyThing thing)
    {
        lock (created)
        {
            created.Add(thing);
        }

        return thing;
    }

    // Every object created is idle in the pool, rented, or dropped and disposed: LiveCount counts the first two.
    private static void AssertCounts(Pool<FaultyThing> pool, List<FaultyThing> created, int rented)
    {
        int dropped = created.Count(t => t.DisposeCount > 0);
        Assert.All(created, t => Assert.True(t.DisposeCount <= 1, $"thing {t.Id} disposed {t.DisposeCount} times"));
        Assert.Equal(created.Count - dropped, pool.LiveCount);
        Assert.Equal(pool.Count + rented, pool.LiveCount);
    }

    /// <summary>A pooled object whose <c>Dispose</c> can throw (after counting the call).</summary>
    public sealed class FaultyThing : IDisposable
    {
        private static int s_nextId;

        public int Id { get; } = Interlocked.Increment(ref s_nextId);

        public bool ThrowOnDispose { get; init; }

        public int DisposeCount { get; private set; }

        public void Dispose()
        {
            DisposeCount++;
            if (ThrowOnDispose)
            {
                throw new InvalidProgramException($"dispose of thing {Id} failed");
            }
        }
    }
}
