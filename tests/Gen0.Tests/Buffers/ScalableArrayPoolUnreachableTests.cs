using System.Runtime.CompilerServices;
using Gen0.Buffers;
using Gen0.Pools;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Buffers;

/// <summary>
/// Issue 44: arrays and objects that nothing but a pool's bookkeeping references must be collectable. A pool nobody
/// disposed left what it kept in the threads' caches, which the threads' statics still reach after the pool is collected (eight such
/// pools held 36 MiB, counted nowhere); and a thread kept a strong reference to the last array it returned straight to
/// a shard, after another thread had rented it and let it go, until the next trim.
/// </summary>
[Collection(GcSensitiveCollection.Name)]
public sealed class ScalableArrayPoolUnreachableTests
{
    [Fact]
    public void APoolThatIsNotDisposed_LetsGoOfItsThreadsArrays_WhenItIsCollected()
    {
        // Three pools on this thread: the first cache is found through the thread's last-used cache, the others
        // through its table of instance caches.
        WeakReference[] arrays = UseUndisposedPools(3);
        CollectFully();
        AssertCollected(arrays, "array");

        // The thread's statics still point at the emptied caches; other pools are not confused by them.
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { TrimAfter = Timeout.InfiniteTimeSpan });
        byte[] rented = pool.Rent(65_536);
        pool.Return(rented);
        Assert.Same(rented, pool.Rent(65_536));
    }

    [Fact]
    public void AnObjectPoolThatIsNotDisposed_LetsGoOfItsThreadsObjects_WhenItIsCollected()
    {
        WeakReference[] objects = UseUndisposedObjectPools(3);
        CollectFully();
        AssertCollected(objects, "object");

        // The slot index the collected pools gave back serves a new pool on this thread.
        using var pool = new Pool<object>(() => new object());
        object rented = pool.Rent();
        pool.Return(rented);
        Assert.Same(rented, pool.Rent());
    }

    [Fact]
    public void AnArrayReturnedStraightToAShard_IsNotKeptByTheReturningThread_AfterAnotherRentsItAndLetsItGo()
    {
        // No thread-local tier: every return goes to the shard, and the thread remembers the last one for its
        // double-return check.
        using var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions
        {
            ThreadLocalCache = false,
            ShardCount = 1,
            TrimAfter = Timeout.InfiniteTimeSpan,
        });
        WeakReference array = ReturnThenLoseOnAnotherThread(pool);
        CollectFully();
        Assert.False(array.IsAlive, "The returning thread kept the array it last pushed to a shard.");

        // The double-return check still works for the arrays the shard holds.
        byte[] again = pool.Rent(4096);
        pool.Return(again);
        pool.Return(again);
        Assert.Equal(1, pool.GetStatistics().DropsDoubleReturn);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static WeakReference[] UseUndisposedPools(int count)
    {
        var arrays = new WeakReference[count];
        for (int i = 0; i < count; i++)
        {
#pragma warning disable CA2000 // not disposed on purpose: the finalizer's case
            var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { TrimAfter = Timeout.InfiniteTimeSpan });
#pragma warning restore CA2000
            byte[] array = pool.Rent(65_536);
            pool.Return(array);
            arrays[i] = new WeakReference(array);
        }

        return arrays;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static WeakReference[] UseUndisposedObjectPools(int count)
    {
        var objects = new WeakReference[count];
        for (int i = 0; i < count; i++)
        {
#pragma warning disable CA2000 // not disposed on purpose: the finalizer's case
            var pool = new Pool<object>(() => new object());
#pragma warning restore CA2000
            object item = pool.Rent();
            pool.Return(item); // into this thread's slot
            objects[i] = new WeakReference(item);
        }

        return objects;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static WeakReference ReturnThenLoseOnAnotherThread(ScalableArrayPool<byte> pool)
    {
        byte[] array = pool.Rent(4096);
        var weak = new WeakReference(array);
        pool.Return(array);
        OtherThread.Run(() => Assert.NotNull(pool.Rent(4096))); // rented there and never returned
        return weak;
    }

    /// <summary>
    /// Every one collected; on Mono, whose collector scans stacks conservatively, one may stay alive through a stale
    /// stack slot (before the fix all three stayed).
    /// </summary>
    private static void AssertCollected(WeakReference[] references, string what)
    {
        int alive = references.Count(reference => reference.IsAlive);
        Assert.True(alive <= (TestPlatform.IsMono ? 1 : 0), $"{alive} of {references.Length} undisposed pools' {what}s outlived their pools.");
    }

    private static void CollectFully()
    {
        for (int i = 0; i < 3; i++)
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
        }
    }
}
