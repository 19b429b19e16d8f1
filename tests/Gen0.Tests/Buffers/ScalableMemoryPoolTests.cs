using System.Buffers;
using System.Collections.Concurrent;
using System.IO.Pipelines;
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
            long before = GC.GetAllocatedBytesForCurrentThread();
            Cycle(pool, held, 1_000);
            return GC.GetAllocatedBytesForCurrentThread() - before;
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
                        if (taken.Owner.Memory.Span.IndexOfAnyExcept(taken.Stamp) >= 0)
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
            Assert.True(rest.Owner.Memory.Span.IndexOfAnyExcept(rest.Stamp) < 0);
            rest.Owner.Dispose();
        }

        Assert.Equal(0, corrupted);
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.DoubleDisposals);
        ScalableArrayPoolStatistics statistics = arrayPool.GetStatistics();
        Assert.Equal(statistics.Rents, statistics.Returns);
    }
}

/// <summary>
/// Issue 26: System.IO.Pipelines accepts the memory pool as <see cref="PipeOptions.Pool"/>; 1 GB goes through a pipe
/// with no allocation per segment in steady state and nothing outstanding at the end. Bounded in time: each pump runs
/// under a watchdog and takes a second or two on a 2-core machine.
/// </summary>
public class ScalableMemoryPoolPipeTests
{
    private const long OneGigabyte = 1L << 30;
    private const int Chunk = 64 * 1024;
    private const int PatternPeriod = 251;

    private static readonly byte[] s_pattern = CreatePattern();

    [Fact]
    public void Pipe_Pumps1GB_OnOneThread_ZeroBytesPerSegment_NothingOutstanding()
    {
        using var arrayPool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = "pipe" });
        using ScalableMemoryPool<byte> pool = arrayPool.AsMemoryPool();
        var pipe = new Pipe(new PipeOptions(pool, minimumSegmentSize: 4096, pauseWriterThreshold: 0, useSynchronizationContext: false));
        long written = 0;
        long read = 0;

        (long allocated, long segments) = Watchdog.Run(
            () =>
            {
                // Warm up (the pipe's segment pool, the thread's pool caches), then measure the rest of the gigabyte.
                long segmentsBefore = 0;
                long before = 0;
                while (written < OneGigabyte)
                {
                    if (written == 16 * Chunk)
                    {
                        segmentsBefore = read / 4096;
                        before = GC.GetAllocatedBytesForCurrentThread();
                    }

                    written += WriteChunk(pipe.Writer, written);
                    Assert.True(pipe.Writer.FlushAsync().IsCompleted);
                    ValueTask<ReadResult> reading = pipe.Reader.ReadAsync();
                    Assert.True(reading.IsCompleted);
                    read += Verify(pipe.Reader, reading.Result, read);
                }

                return (GC.GetAllocatedBytesForCurrentThread() - before, (read / 4096) - segmentsBefore);
            },
            TimeSpan.FromSeconds(120),
            "1 GB through a pipe on one thread");

        pipe.Writer.Complete();
        pipe.Reader.Complete();
        Assert.Equal(OneGigabyte, read);
        Assert.True(segments > 200_000, $"{segments} segments");
        // 0 B per segment. The runtime's tiered compilation allocates a few hundred bytes on the thread once, at some
        // point of the run, with any memory pool (MemoryPool<byte>.Shared too); with DOTNET_TieredCompilation=0 the
        // whole gigabyte allocates 0 B. A per-segment allocation would be at least 24 B x 200,000 segments.
        Assert.True(allocated < 1024, $"{allocated} B allocated over {segments} segments of 4 KiB");
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.DoubleDisposals);
        ScalableArrayPoolStatistics statistics = arrayPool.GetStatistics();
        Assert.Equal(statistics.Rents, statistics.Returns);
    }

    [Fact]
    public async Task Pipe_Pumps1GB_WriterAndReaderOnTwoThreads_DataIntact_NothingOutstanding()
    {
        using var arrayPool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = "pipe2" });
        using ScalableMemoryPool<byte> pool = arrayPool.AsMemoryPool();
        var pipe = new Pipe(new PipeOptions(pool, minimumSegmentSize: 4096, pauseWriterThreshold: 8 << 20, resumeWriterThreshold: 4 << 20, useSynchronizationContext: false));

        await Watchdog.RunAsync(
            async () =>
            {
                Task writer = Task.Run(async () =>
                {
                    long written = 0;
                    while (written < OneGigabyte)
                    {
                        written += WriteChunk(pipe.Writer, written);
                        await pipe.Writer.FlushAsync();
                    }

                    await pipe.Writer.CompleteAsync();
                });

                Task<long> reader = Task.Run(async () =>
                {
                    long read = 0;
                    while (true)
                    {
                        ReadResult result = await pipe.Reader.ReadAsync();
                        read += Verify(pipe.Reader, result, read);
                        if (result.IsCompleted)
                        {
                            await pipe.Reader.CompleteAsync();
                            return read;
                        }
                    }
                });

                await writer;
                Assert.Equal(OneGigabyte, await reader);
            },
            TimeSpan.FromSeconds(120),
            "1 GB through a pipe on two threads");

        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.DoubleDisposals);
        ScalableArrayPoolStatistics statistics = arrayPool.GetStatistics();
        Assert.Equal(statistics.Rents, statistics.Returns);
    }

    /// <summary>Writes 64 KiB of the pattern at stream offset <paramref name="offset"/>, through 4 KiB spans.</summary>
    private static int WriteChunk(PipeWriter writer, long offset)
    {
        int done = 0;
        while (done < Chunk)
        {
            Span<byte> span = writer.GetSpan(4096);
            int count = Math.Min(Math.Min(span.Length, 4096), Chunk - done);
            s_pattern.AsSpan((int)((offset + done) % PatternPeriod), count).CopyTo(span);
            writer.Advance(count);
            done += count;
        }

        return done;
    }

    /// <summary>Checks what was read against the pattern from stream offset <paramref name="offset"/>, consumes it, and returns its length.</summary>
    private static long Verify(PipeReader reader, ReadResult result, long offset)
    {
        ReadOnlySequence<byte> buffer = result.Buffer;
        long position = offset;
        foreach (ReadOnlyMemory<byte> segment in buffer)
        {
            ReadOnlySpan<byte> span = segment.Span;
            while (!span.IsEmpty)
            {
                int count = Math.Min(span.Length, 4096);
                if (!span[..count].SequenceEqual(s_pattern.AsSpan((int)(position % PatternPeriod), count)))
                {
                    Assert.Fail($"the pipe returned wrong bytes at offset {position} (read {offset}, segment {segment.Length}): {string.Join(",", span[..Math.Min(8, count)].ToArray())}");
                }

                span = span[count..];
                position += count;
            }
        }

        // The length is read first: after AdvanceTo the segments are back in the pipe's pool and the sequence is stale.
        long length = buffer.Length;
        reader.AdvanceTo(buffer.End);
        return length;
    }

    private static byte[] CreatePattern()
    {
        byte[] pattern = new byte[4096 + PatternPeriod];
        for (int i = 0; i < pattern.Length; i++)
        {
            pattern[i] = (byte)(i % PatternPeriod);
        }

        return pattern;
    }
}
