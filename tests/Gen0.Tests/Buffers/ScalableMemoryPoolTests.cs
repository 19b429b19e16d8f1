using System.Buffers;
using System.Collections.Concurrent;
using System.Runtime.InteropServices;
using Gen0.Buffers;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Buffers;

/// <summary>
/// Issue 26: a <see cref="MemoryPool{T}"/> over <see cref="ScalableArrayPool{T}"/>: MemoryPool's contract (sizes,
/// -1, disposal), pooled owners that allocate nothing in steady state, misuse counted without corrupting the pool, and
/// System.IO.Pipelines running on it.
/// </summary>
public class ScalableMemoryPoolTests
{
    [Fact]
    public void Rent_SizesAsMemoryPoolShared()
    {
        using var arrayPool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = "memory", MaxArrayLength = 1 << 20 });
        using ScalableMemoryPool<byte> pool = arrayPool.AsMemoryPool();
        Assert.Equal(1 << 20, pool.MaxBufferSize);
        Assert.Same(arrayPool, pool.ArrayPool);

        foreach (int size in new[] { -1, 0, 1, 15, 16, 17, 4095, 4096, 4097, 85_000, (1 << 20) - 1, 1 << 20 })
        {
            using IMemoryOwner<byte> owner = pool.Rent(size);
            using IMemoryOwner<byte> bcl = MemoryPool<byte>.Shared.Rent(size);
            int wanted = size == -1 ? 4096 : size;
            Assert.True(owner.Memory.Length >= wanted, $"Rent({size}) gave {owner.Memory.Length}");
            Assert.True(bcl.Memory.Length >= wanted);

            // The whole rented array, as MemoryPool<T>.Shared hands out.
            Assert.True(MemoryMarshal.TryGetArray<byte>(owner.Memory, out ArraySegment<byte> segment));
            Assert.Equal(segment.Array!.Length, owner.Memory.Length);
        }

        using (ScalableMemoryPool<long> longs = new ScalableArrayPool<long>().AsMemoryPool())
        using (IMemoryOwner<long> owner = longs.Rent())
        {
            Assert.True(owner.Memory.Length >= 512, "-1 means 4 KiB worth of elements");
        }

        Assert.Throws<ArgumentOutOfRangeException>(() => pool.Rent(-2));
        Assert.Throws<ArgumentOutOfRangeException>(() => pool.Rent(int.MinValue));
        Assert.Throws<ArgumentOutOfRangeException>(() => pool.Rent((1 << 20) + 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => pool.Rent(int.MaxValue));
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public void Dispose_ReturnsTheArrayOnce_DoubleDisposeIsCountedAndHarmless()
    {
        using var arrayPool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = "double" });
        using ScalableMemoryPool<byte> pool = arrayPool.AsMemoryPool();
        IMemoryOwner<byte> owner = pool.Rent(100);
        Assert.Equal(1, pool.Outstanding);
        owner.Memory.Span.Fill(1);
        owner.Dispose();
        owner.Dispose();
        owner.Dispose();
        Assert.Equal(2, pool.DoubleDisposals);
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(1, arrayPool.GetStatistics().Returns);
        Assert.Throws<ObjectDisposedException>(() => owner.Memory);

        // The pool is intact: two live owners never share an array.
        IMemoryOwner<byte> first = pool.Rent(100);
        IMemoryOwner<byte> second = pool.Rent(100);
        Assert.Same(owner, first);
        Assert.False(first.Memory.Span.Overlaps(second.Memory.Span));
        first.Dispose();
        second.Dispose();
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public void RentAndDispose_InSteadyState_AllocateNothing()
    {
        using var arrayPool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = "steady" });
        using ScalableMemoryPool<byte> pool = arrayPool.AsMemoryPool();
        var held = new IMemoryOwner<byte>[16];
        long allocated = Watchdog.Run(() =>
        {
            Cycle(pool, held, 10);
            return Allocations.FewestBytes(() => Cycle(pool, held, 1_000));
        });

        Assert.Equal(0, allocated);
        Assert.Equal(0, pool.Outstanding);

        static void Cycle(ScalableMemoryPool<byte> pool, IMemoryOwner<byte>[] held, int rounds)
        {
            for (int round = 0; round < rounds; round++)
            {
                for (int i = 0; i < held.Length; i++)
                {
                    held[i] = pool.Rent(4096);
                }

                for (int i = 0; i < held.Length; i++)
                {
                    held[i].Dispose();
                }
            }
        }
    }

    [Fact]
    public void Disposal_StopsRents_OwnersRentedBeforeStillGoBack()
    {
        using var arrayPool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = "disposal" });
        ScalableMemoryPool<byte> pool = arrayPool.AsMemoryPool();
        IMemoryOwner<byte> owner = pool.Rent(10);
        pool.Rent(10).Dispose();
        pool.Dispose();
        pool.Dispose();
        Assert.Throws<ObjectDisposedException>(() => pool.Rent(10));
        owner.Dispose();
        Assert.Equal(0, pool.Outstanding);
        ScalableArrayPoolStatistics statistics = arrayPool.GetStatistics();
        Assert.Equal(statistics.Rents, statistics.Returns);

        // The array pool was not disposed with it.
        arrayPool.Return(arrayPool.Rent(10));

        // A disposed array pool refuses rents through the memory pool too.
        var gone = new ScalableArrayPool<byte>();
        using ScalableMemoryPool<byte> overGone = gone.AsMemoryPool();
        gone.Dispose();
        Assert.Throws<ObjectDisposedException>(() => overGone.Rent(10));
        Assert.Equal(0, overGone.Outstanding);
    }

    [Fact]
    public void Shared_IsOverTheSharedArrayPool_AndCannotBeDisposed()
    {
        Assert.Same(ScalableArrayPool<byte>.Shared, ScalableMemoryPool<byte>.Shared.ArrayPool);
        Assert.Same(ScalableMemoryPool<byte>.Shared, ScalableArrayPool<byte>.Shared.AsMemoryPool());
        ScalableMemoryPool<byte>.Shared.Dispose();
        using (IMemoryOwner<byte> owner = ScalableMemoryPool<byte>.Shared.Rent())
        {
            Assert.True(owner.Memory.Length >= 4096);
        }

        using var instance = new ScalableArrayPool<byte>();
        Assert.NotSame(instance.AsMemoryPool(), instance.AsMemoryPool());
        Assert.Throws<ArgumentNullException>(() => ((ScalableArrayPool<byte>)null!).AsMemoryPool());
        Assert.Throws<ArgumentNullException>(() => new ScalableMemoryPool<byte>(null!));
    }

    [Fact]
    public void ManyThreads_RentWriteVerifyDispose_AcrossThreads_NothingShared_NothingOutstanding()
    {
        using var arrayPool = new ScalableArrayPool<int>(new ScalableArrayPoolOptions { Name = "stress", MaxArraysPerShard = 4 });
        using ScalableMemoryPool<int> pool = arrayPool.AsMemoryPool();
        int threads = Math.Max(8, Environment.ProcessorCount * 4);
        var handOff = new ConcurrentQueue<(IMemoryOwner<int> Owner, int Stamp)>();
        int corrupted = 0;
        Watchdog.Run(
            () => Parallel.For(0, threads, new ParallelOptions { MaxDegreeOfParallelism = threads }, t =>
            {
                var random = new Random(t);
                for (int i = 0; i < 2_000; i++)
                {
                    int stamp = (t * 1_000_000) + i;
                    IMemoryOwner<int> owner = pool.Rent(random.Next(1, 3_000));
                    owner.Memory.Span.Fill(stamp);
                    handOff.Enqueue((owner, stamp));

                    // Dispose someone's owner (often another thread's) after checking nobody wrote into it meanwhile.
                    if (random.Next(3) > 0 && handOff.TryDequeue(out (IMemoryOwner<int> Owner, int Stamp) taken))
                    {
                        if (!AllAre(taken.Owner.Memory.Span, taken.Stamp))
                        {
                            Interlocked.Increment(ref corrupted);
                        }

                        taken.Owner.Dispose();
                    }
                }
            }),
            TimeSpan.FromSeconds(120),
            "memory pool stress");

        while (handOff.TryDequeue(out (IMemoryOwner<int> Owner, int Stamp) rest))
        {
            Assert.True(AllAre(rest.Owner.Memory.Span, rest.Stamp));
            rest.Owner.Dispose();
        }

        Assert.Equal(0, corrupted);
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.DoubleDisposals);
        ScalableArrayPoolStatistics statistics = arrayPool.GetStatistics();
        Assert.Equal(statistics.Rents, statistics.Returns);
    }

    private static bool AllAre(Span<int> span, int value)
    {
        foreach (int item in span)
        {
            if (item != value)
            {
                return false;
            }
        }

        return true;
    }
}
