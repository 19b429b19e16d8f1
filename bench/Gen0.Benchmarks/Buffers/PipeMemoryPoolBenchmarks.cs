using System.Buffers;
using System.IO.Pipelines;
using BenchmarkDotNet.Attributes;
using Gen0.Buffers;

namespace Gen0.Benchmarks.Buffers;

/// <summary>
/// Issue 26: a <see cref="Pipe"/> pumping <see cref="Size"/> bytes in 64 KiB flushes (4 KiB segments) on one thread,
/// writer and reader alternating, with <see cref="PipeOptions.Pool"/> set to <see cref="MemoryPool{T}.Shared"/>
/// (baseline: what a pipe uses by default) and to <see cref="ScalableMemoryPool{T}.Shared"/>. Goal: at most 1.0x the
/// baseline's time, 0 B per operation beyond the pipe itself.
/// </summary>
public class PipeMemoryPoolBenchmarks
{
    private const int Chunk = 64 * 1024;
    private readonly byte[] _source = new byte[4096];

    [Params(1024 * 1024, 16 * 1024 * 1024)]
    public int Size { get; set; }

    [Benchmark(Baseline = true)]
    public long MemoryPoolShared() => Pump(MemoryPool<byte>.Shared);

    [Benchmark]
    public long ScalableMemoryPoolShared() => Pump(ScalableMemoryPool<byte>.Shared);

    private long Pump(MemoryPool<byte> pool)
    {
        var pipe = new Pipe(new PipeOptions(pool, minimumSegmentSize: 4096, pauseWriterThreshold: 0, useSynchronizationContext: false));
        long total = 0;
        for (int written = 0; written < Size; written += Chunk)
        {
            for (int done = 0; done < Chunk; done += _source.Length)
            {
                pipe.Writer.Write(_source);
            }

            _ = pipe.Writer.FlushAsync().GetAwaiter().GetResult();
            ReadResult result = pipe.Reader.ReadAsync().GetAwaiter().GetResult();
            total += result.Buffer.Length;
            pipe.Reader.AdvanceTo(result.Buffer.End);
        }

        pipe.Writer.Complete();
        pipe.Reader.Complete();
        return total;
    }
}
