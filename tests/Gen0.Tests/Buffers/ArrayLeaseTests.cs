using System.Buffers;
using Gen0.Buffers;

namespace Gen0.Tests.Buffers;

public class ArrayLeaseTests
{
    [Fact]
    public void Lease_ExposesExactlyTheRequestedLength()
    {
        var pool = new GuardedArrayPool<byte>();
        using (ArrayLease<byte> lease = pool.Lease(100))
        {
            Assert.Equal(100, lease.Length);
            Assert.Equal(100, lease.Span.Length);
            Assert.Equal(100, lease.Memory.Length);
            Assert.Equal(100, lease.Segment.Count);
            Assert.True(lease.Array.Length >= 100);
            lease.Span.Fill(1);
            Assert.Equal(1, pool.OutstandingCount);
        }

        Assert.Equal(0, pool.OutstandingCount);
        pool.AssertAllReturned();
    }

    [Fact]
    public void Dispose_Twice_ReturnsOnce()
    {
        var pool = new GuardedArrayPool<int>();
        ArrayLease<int> lease = pool.Lease(10);
        lease.Dispose();
        lease.Dispose();
        Assert.True(lease.IsDisposed);
        Assert.Equal(1, pool.ReturnCount);
    }

    [Fact]
    public void Members_AfterDispose_ThrowObjectDisposed()
    {
        ArrayLease<int> lease = ArrayPool<int>.Shared.Lease(10);
        lease.Dispose();
        Assert.Throws<ObjectDisposedException>(() => lease.Array);
        Assert.Throws<ObjectDisposedException>(() => lease.Span.Length);
        Assert.Throws<ObjectDisposedException>(() => lease.Memory);
        Assert.Throws<ObjectDisposedException>(() => lease.Segment);
        Assert.Equal(10, lease.Length);
    }

    [Fact]
    public void Default_IsEmptyAndDisposable()
    {
        ArrayLease<int> lease = default;
        Assert.Equal(0, lease.Length);
        Assert.True(lease.Span.IsEmpty);
        Assert.False(lease.IsDisposed);
        lease.Dispose();
    }

    [Fact]
    public void ClearOnReturn_ClearsTheArray()
    {
        var pool = new GuardedArrayPool<int>();
        ArrayLease<int> lease = pool.Lease(8, clearOnReturn: true);
        lease.Span.Fill(5);
        int[] array = lease.Array;
        lease.Dispose();
        int[] again = pool.Rent(8);
        if (ReferenceEquals(array, again))
        {
            Assert.All(again, x => Assert.Equal(0, x));
        }

        pool.Return(again);
    }

    [Fact]
    public void BadArguments_ThrowTheBclTypes()
    {
        Assert.Throws<ArgumentNullException>(() => ArrayPoolExtensions.Lease<int>(null!, 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => ArrayPool<int>.Shared.Lease(-1));
        using ArrayLease<int> empty = ArrayPool<int>.Shared.Lease(0);
        Assert.True(empty.Span.IsEmpty);
    }
}
