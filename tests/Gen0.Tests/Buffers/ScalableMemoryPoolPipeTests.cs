using System.Buffers;
using System.IO.Pipelines;
using Gen0.Buffers;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Buffers;

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

        (long fewest, long total, long segments) = Watchdog.Run(
            () =>
            {
                // Warm up (the pipe's segment pool, the thread's pool caches), then measure the rest of the gigabyte in
                // windows of 64 MB (16,384 segments each).
                const long window = 64L << 20;
                long segmentsBefore = 0;
                long fewestInWindow = long.MaxValue;
                long allocatedInAll = 0;
                long windowStart = 0;
                while (written < OneGigabyte)
                {
                    if (written == 16 * Chunk || (written > 16 * Chunk && (written - (16 * Chunk)) % window == 0))
                    {
                        long now = GC.GetAllocatedBytesForCurrentThread();
                        if (written == 16 * Chunk)
                        {
                            segmentsBefore = read / 4096;
                        }
                        else
                        {
                            fewestInWindow = Math.Min(fewestInWindow, now - windowStart);
                            allocatedInAll += now - windowStart;
                        }

                        windowStart = now;
                    }

                    written += WriteChunk(pipe.Writer, written);
                    Assert.True(pipe.Writer.FlushAsync().IsCompleted);
                    ValueTask<ReadResult> reading = pipe.Reader.ReadAsync();
                    Assert.True(reading.IsCompleted);
                    read += Verify(pipe.Reader, reading.Result, read);
                }

                allocatedInAll += GC.GetAllocatedBytesForCurrentThread() - windowStart;
                return (fewestInWindow, allocatedInAll, (read / 4096) - segmentsBefore);
            },
            TimeSpan.FromSeconds(120),
            "1 GB through a pipe on one thread");

        pipe.Writer.Complete();
        pipe.Reader.Complete();
        Assert.Equal(OneGigabyte, read);
        Assert.True(segments > 200_000, $"{segments} segments");
        // 0 B per segment: a per-segment allocation (at least 24 B) would show in every window of 16,384 segments. The
        // runtime's tiered compilation allocates a few hundred bytes to a few kilobytes on the thread once, at a moment
        // that depends on the load (3.4 KB in one window of CI's loaded pass), with any memory pool; so one window must
        // be clean and the whole run stays far below one byte per segment (see Allocations).
        Assert.True(fewest == 0, $"every 64 MB window allocated; the fewest {fewest} B");
        Assert.True(total < segments / 4, $"{total} B allocated over {segments} segments of 4 KiB");
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
