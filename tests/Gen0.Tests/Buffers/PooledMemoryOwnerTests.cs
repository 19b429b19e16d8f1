using System.Buffers;
using Gen0.Buffers;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Buffers;

/// <summary>
/// Issue 26: <c>pool.RentOwner(length)</c> on any <see cref="ArrayPool{T}"/> is an exact-length
/// <see cref="IMemoryOwner{T}"/> that returns its array once, throws <see cref="ObjectDisposedException"/> after
/// dispose, and shrugs off double disposes, even racing ones. Every pool here sits under a
/// <see cref="GuardedArrayPool{T}"/>, which throws on a second return of the same array.
/// </summary>
public class PooledMemoryOwnerTests
{
    public static TheoryData<string, int> PoolsAndLengths()
    {
        var data = new TheoryData<string, int>();
        foreach (string pool in new[] { "ArrayPool.Shared", "ArrayPool.Create", "ScalableArrayPool.Shared", "ScalableArrayPool" })
        {
            foreach (int length in new[] { 0, 1, 2, 15, 16, 17, 4095, 4096, 4097, 84_999, 85_000, 1 << 20, (1 << 20) + 1 })
            {
                data.Add(pool, length);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(PoolsAndLengths))]
    public void RentOwner_IsExactLength_ReturnsOnce_ThrowsAfterDispose(string which, int length)
    {
        using var scalable = new ScalableArrayPool<int>(new ScalableArrayPoolOptions { Name = "owners" });
        ArrayPool<int> inner = which switch
        {
            "ArrayPool.Shared" => ArrayPool<int>.Shared,
            "ArrayPool.Create" => ArrayPool<int>.Create(),
            "ScalableArrayPool.Shared" => ScalableArrayPool<int>.Shared,
            _ => scalable,
        };
        var pool = new GuardedArrayPool<int>(inner, captureStackTraces: false);

        PooledMemoryOwner<int> owner = pool.RentOwner(length);
        IMemoryOwner<int> asInterface = owner;
        Assert.Equal(length, owner.Length);
        Assert.Equal(length, asInterface.Memory.Length);
        Assert.Equal(length, owner.Span.Length);
        Assert.Equal(length, owner.Segment.Count);
        Assert.Equal(0, owner.Segment.Offset);
        Assert.False(owner.IsDisposed);
        owner.Span.Fill(7);
        SpanAssert.AllEqual(asInterface.Memory.Span, 7);
        int pooled = length == 0 ? 0 : 1; // the empty array of a 0-length rent is not tracked
        Assert.Equal(pooled, pool.OutstandingCount);

        owner.Dispose();
        owner.Dispose();
        asInterface.Dispose();
        Assert.True(owner.IsDisposed);
        Assert.Equal(0, pool.OutstandingCount);
        Assert.Equal(pooled, pool.ReturnCount);
        Assert.Throws<ObjectDisposedException>(() => asInterface.Memory);
        Assert.Throws<ObjectDisposedException>(() => owner.Span.Length);
        Assert.Throws<ObjectDisposedException>(() => owner.Segment);
        Assert.Equal(length, owner.Length);
        pool.AssertAllReturned();
    }

    [Fact]
    public void ConcurrentDisposes_ReturnTheArrayOnce()
    {
        // Over a pool of its own: over ArrayPool<byte>.Shared, any other test renting from Shared in this process writes
        // into an array this pool has poisoned, which it then reports as a write after return (issue 41).
        var pool = new GuardedArrayPool<byte>(ArrayPool<byte>.Create(), captureStackTraces: false);
        int threads = Math.Max(4, Environment.ProcessorCount * 2);
        Watchdog.Run(() =>
        {
            for (int round = 0; round < 200; round++)
            {
                PooledMemoryOwner<byte> owner = pool.RentOwner(100);
                using var start = new Barrier(threads);
                Parallel.For(0, threads, new ParallelOptions { MaxDegreeOfParallelism = threads }, _ =>
                {
                    start.SignalAndWait(TimeSpan.FromSeconds(10));
                    owner.Dispose();
                });
            }
        });

        Assert.Equal(200, pool.ReturnCount);
        pool.AssertAllReturned();
    }

    [Fact]
    public void ClearOnReturn_ClearsTheWholeArray()
    {
        var backing = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = "clear", ThreadLocalCache = true });
        PooledMemoryOwner<byte> owner = backing.RentOwner(10, clearOnReturn: true);
        byte[] array = owner.Segment.Array!;
        array.AsSpan().Fill(0xFF);
        owner.Dispose();
        Assert.All(array, b => Assert.Equal(0, b));
        backing.Dispose();
    }

    [Fact]
    public void BadArguments_BclExceptions()
    {
        Assert.Throws<ArgumentNullException>(() => ((ArrayPool<byte>)null!).RentOwner(1));
        Assert.Throws<ArgumentOutOfRangeException>(() => ArrayPool<byte>.Shared.RentOwner(-1));
        Assert.Throws<ArgumentOutOfRangeException>(() => ArrayPool<byte>.Shared.RentOwner(int.MinValue));

        using var disposed = new ScalableArrayPool<byte>();
        disposed.Dispose();
        Assert.Throws<ObjectDisposedException>(() => disposed.RentOwner(10));
    }

    [Fact]
    public void AnOwnerCostsOneSmallObjectPerRent_TheArrayComesFromThePool()
    {
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = "owner cost" });
        long perRent = Watchdog.Run(() =>
        {
            for (int i = 0; i < 100; i++)
            {
                pool.RentOwner(1000).Dispose();
            }

            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 1_000; i++)
            {
                pool.RentOwner(1000).Dispose();
            }

            return (GC.GetAllocatedBytesForCurrentThread() - before) / 1_000;
        });

        Assert.True(perRent <= 48, $"a rent allocated {perRent} B: more than the owner object");
    }
}
