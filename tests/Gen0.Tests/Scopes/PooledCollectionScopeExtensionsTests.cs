using System.Text;
using Gen0.Buffers;
using Gen0.Collections;
using Gen0.Pools;
using Gen0.Scopes;

namespace Gen0.Tests.Scopes;

[Collection(DisposeScopeCollection.Name)]
public class PooledCollectionScopeExtensionsTests
{
    public static TheoryData<int> Sizes => [0, 1, 5, 1_000];

    [Theory]
    [MemberData(nameof(Sizes))]
    public void ToPooledListScope_HasTheSourceAndGoesBackWhenTheScopeEnds(int size)
    {
        GuardedArrayPool<int> pool = new();
        int[] source = Enumerable.Range(0, size).ToArray();
        PooledList<int> list;
        using (DisposeScope scope = DisposeScope.BeginScope())
        {
            list = source.ToPooledListScope(pool);
            Assert.Equal(source, list);
            Assert.Equal(source, source.AsSpan().ToPooledListScope());
            Assert.Equal(source, source.Select(x => x).ToPooledListScope());
            Assert.Equal(3, scope.Count);
        }

        Assert.Throws<ObjectDisposedException>(() => list[0]);
        pool.AssertAllReturned();
    }

    [Theory]
    [MemberData(nameof(Sizes))]
    public void ToPooledStackScope_And_ToPooledQueueScope_MatchTheBclAndGoBack(int size)
    {
        GuardedArrayPool<int> pool = new();
        int[] source = Enumerable.Range(0, size).ToArray();
        using (DisposeScope scope = DisposeScope.BeginScope())
        {
            Assert.Equal(new Stack<int>(source), source.ToPooledStackScope(pool));
            Assert.Equal(new Queue<int>(source), source.ToPooledQueueScope(pool));
            Assert.Equal(new Stack<int>(source), source.AsSpan().ToPooledStackScope());
            Assert.Equal(new Queue<int>(source), source.AsSpan().ToPooledQueueScope());
            Assert.Equal(new Queue<int>(source), source.ToPooledQueueScope());
            Assert.Equal(new Stack<int>(source), source.ToPooledStackScope());
            Assert.Equal(6, scope.Count);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void WithoutAScope_TheNewCollectionIsDisposedThenInvalidOperationIsThrown()
    {
        GuardedArrayPool<int> pool = new();
        int[] source = Enumerable.Range(0, 100).ToArray();
        Assert.Throws<InvalidOperationException>(() => source.ToPooledListScope(pool));
        Assert.Throws<InvalidOperationException>(() => source.ToPooledStackScope(pool));
        Assert.Throws<InvalidOperationException>(() => source.ToPooledQueueScope(pool));
        Assert.Equal(3, pool.RentCount);
        pool.AssertAllReturned();
    }

    [Fact]
    public void NullSource_ThrowsArgumentNull()
    {
        using DisposeScope scope = DisposeScope.BeginScope();
        Assert.Throws<ArgumentNullException>(() => ((IEnumerable<int>)null!).ToPooledListScope());
        Assert.Throws<ArgumentNullException>(() => ((IEnumerable<int>)null!).ToPooledStackScope());
        Assert.Throws<ArgumentNullException>(() => ((IEnumerable<int>)null!).ToPooledQueueScope());
        Assert.Equal(0, scope.Count);
    }

    [Fact]
    public void PoolLeaseScope_ReturnsTheObjectWhenTheScopeEnds()
    {
        using Pool<StringBuilder> pool = new(() => new StringBuilder());
        StringBuilder rented;
        using (DisposeScope.BeginScope())
        {
            Lease<StringBuilder> lease = pool.LeaseScope();
            rented = lease.Value;
            Assert.Equal(1, pool.LiveCount);
            Assert.Equal(0, pool.Count);
        }

        Assert.Equal(1, pool.Count);
        Assert.Same(rented, pool.Rent());
    }

    [Fact]
    public void PoolLeaseScope_WithoutAScope_ReturnsTheObjectThenThrows()
    {
        using Pool<StringBuilder> pool = new(() => new StringBuilder());
        Assert.Throws<InvalidOperationException>(() => pool.LeaseScope());
        Assert.Equal(1, pool.Count);
        Assert.Throws<ArgumentNullException>(() => ((Pool<StringBuilder>)null!).LeaseScope());
    }
}
