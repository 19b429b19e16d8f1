using Gen0.Pools;
using Microsoft.Extensions.ObjectPool;

namespace Gen0.Tests.Pools;

/// <summary>
/// Issue 27: <see cref="Pool{T}"/> resets objects that implement <see cref="IResettable"/> when no
/// <see cref="PoolOptions{T}.Reset"/> is given, as <see cref="DefaultObjectPool{T}"/> does: <c>true</c> keeps the object,
/// <c>false</c> drops it, a throw drops it and reaches the caller. An explicit <c>Reset</c> wins.
/// </summary>
public sealed class PoolResettableTests
{
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void TryReset_IsCalledOnReturn_AndFalseDropsTheObject(bool trackOwnership)
    {
        using var pool = new Pool<Resettable>(new PoolOptions<Resettable> { Factory = () => new Resettable(), TrackOwnership = trackOwnership });
        Resettable item = pool.Rent();
        item.Dirty = true;
        Assert.Equal(ReturnResult.Kept, pool.Return(item));
        Assert.Equal(1, item.Resets);
        Assert.False(item.Dirty);
        Assert.Same(item, pool.Rent());

        item.RefuseReset = true;
        Assert.Equal(ReturnResult.DroppedByReset, pool.Return(item));
        Assert.Equal(2, item.Resets);
        Assert.NotSame(item, pool.Rent());
        Assert.Equal(1, pool.GetStatistics().Dropped);
    }

    [Fact]
    public void ALease_IsResetToo()
    {
        using var pool = new Pool<Resettable>(() => new Resettable());
        Resettable item;
        using (Lease<Resettable> lease = pool.Lease())
        {
            item = lease.Value;
            item.Dirty = true;
        }

        Assert.False(item.Dirty);
        Assert.Equal(1, item.Resets);
    }

    [Fact]
    public void AnExplicitReset_WinsOverTryReset()
    {
        int explicitResets = 0;
        using var pool = new Pool<Resettable>(new PoolOptions<Resettable>
        {
            Factory = () => new Resettable(),
            Reset = _ =>
            {
                explicitResets++;
                return true;
            },
        });
        Resettable item = pool.Rent();
        pool.Return(item);
        Assert.Equal(1, explicitResets);
        Assert.Equal(0, item.Resets);
    }

    [Fact]
    public void AnExplicitImplementation_AndADerivedReimplementation_AreCalledAsTheInterfaceWouldBe()
    {
        using var explicitPool = new Pool<ExplicitlyResettable>(() => new ExplicitlyResettable());
        ExplicitlyResettable e = explicitPool.Rent();
        explicitPool.Return(e);
        Assert.Equal(1, e.Resets);

        using var basePool = new Pool<Resettable>(() => new DerivedResettable());
        var derived = (DerivedResettable)basePool.Rent();
        basePool.Return(derived);
        Assert.Equal(1, derived.DerivedResets);
        Assert.Equal(0, derived.Resets);
    }

    [Fact]
    public void ATryResetThatThrows_DropsTheObject_ReachesTheCaller_AndKeepsTheCountsRight()
    {
        using var pool = new Pool<Resettable>(new PoolOptions<Resettable> { Factory = () => new Resettable(), MaxSize = 2 });
        Resettable item = pool.Rent();
        item.Throw = true;
        Assert.Throws<InvalidOperationException>(() => pool.Return(item));
        Assert.Equal(0, pool.LiveCount);
        Assert.Equal(0, pool.Outstanding);
        Assert.NotSame(item, pool.Rent());
    }

    [Fact]
    public void TypesWithoutTheInterface_AreNotReset()
    {
        using var pool = new Pool<PooledThing>(() => new PooledThing());
        PooledThing thing = pool.Rent();
        thing.UseCount = 5;
        pool.Return(thing);
        Assert.Equal(5, pool.Rent().UseCount);
    }

    public class Resettable : IResettable
    {
        public bool Dirty { get; set; }

        public bool RefuseReset { get; set; }

        public bool Throw { get; set; }

        public int Resets { get; private set; }

        public virtual bool TryReset()
        {
            Resets++;
            if (Throw)
            {
                throw new InvalidOperationException("reset failed");
            }

            Dirty = false;
            return !RefuseReset;
        }
    }

    public sealed class DerivedResettable : Resettable, IResettable
    {
        public int DerivedResets { get; private set; }

        bool IResettable.TryReset()
        {
            DerivedResets++;
            return true;
        }
    }

    public sealed class ExplicitlyResettable : IResettable
    {
        public int Resets { get; private set; }

        bool IResettable.TryReset()
        {
            Resets++;
            return true;
        }
    }
}
