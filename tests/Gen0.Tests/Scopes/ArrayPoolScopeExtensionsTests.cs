using Gen0.Buffers;
using Gen0.Scopes;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Scopes;

[Collection(DisposeScopeCollection.Name)]
public class ArrayPoolScopeExtensionsTests
{
    [Fact]
    public void LeaseScope_ReturnsTheArrayExactlyOnceWhenTheScopeEnds()
    {
        GuardedArrayPool<int> pool = new();
        using (DisposeScope scope = DisposeScope.BeginScope())
        {
            ArrayLease<int> lease = pool.LeaseScope(100);
            Assert.Equal(100, lease.Length);
            lease.Span.Fill(7);
            ArrayLease<int> second = pool.LeaseScope(1_000);
            Assert.Equal(1_000, second.Length);
            Assert.Equal(2, pool.OutstandingCount);
            Assert.Equal(2, scope.Count);
        }

        Assert.Equal(0, pool.OutstandingCount);
        Assert.Equal(2, pool.ReturnCount);
        pool.AssertAllReturned();
    }

    [Fact]
    public void LeaseScope_WithoutAScope_ReturnsTheArrayThenThrows()
    {
        GuardedArrayPool<byte> pool = new();
        Assert.Throws<InvalidOperationException>(() => pool.LeaseScope(10));
        Assert.Equal(1, pool.RentCount);
        pool.AssertAllReturned();
    }

    [Fact]
    public void LeaseScope_InAnEndedScope_ReturnsTheArrayThenThrowsObjectDisposed()
    {
        GuardedArrayPool<byte> pool = new();
        DisposeScope scope = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
        Thread other = new(scope.Dispose);
        other.Start();
        Bounded.Join(other);
        try
        {
            Assert.Throws<ObjectDisposedException>(() => pool.LeaseScope(10));
            pool.AssertAllReturned();
        }
        finally
        {
            DisposeScope.BeginScope(DisposeScopeOption.RequiresNew).Dispose(); // restores the ambient past the ended scope
        }

        Assert.Null(DisposeScope.Current);
    }

    [Fact]
    public void LeaseScope_BadArguments_ThrowWithoutRenting()
    {
        GuardedArrayPool<byte> pool = new();
        using DisposeScope scope = DisposeScope.BeginScope();
        Assert.Throws<ArgumentNullException>(() => ((GuardedArrayPool<byte>)null!).LeaseScope(1));
        Assert.Throws<ArgumentOutOfRangeException>(() => pool.LeaseScope(-1));
        Assert.Equal(0, pool.RentCount);
        Assert.Equal(0, scope.Count);
    }

    [Fact]
    public void LeaseScope_NoScopeAndThrowingOff_ReturnsAnUnregisteredLeaseTheCallerOwns()
    {
        GuardedArrayPool<byte> pool = new();
        DisposeScope.ThrowExceptionWhenNotHaveDisposeScope = false;
        try
        {
            ArrayLease<byte> lease = pool.LeaseScope(10);
            Assert.Equal(1, pool.OutstandingCount);
            lease.Dispose();
        }
        finally
        {
            DisposeScope.ThrowExceptionWhenNotHaveDisposeScope = true;
        }

        pool.AssertAllReturned();
    }
}
