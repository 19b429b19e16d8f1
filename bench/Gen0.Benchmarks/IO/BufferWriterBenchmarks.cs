using System.Buffers;
using BenchmarkDotNet.Attributes;
using CommunityToolkit.HighPerformance.Buffers;
using Gen0.IO;

namespace Gen0.Benchmarks.IO;

/// <summary>
/// Issue 15's buffer writer row: write 1 MB through <see cref="IBufferWriter{T}"/> in spans of
/// <see cref="SpanSize"/> bytes (GetSpan, fill, Advance), one new writer per operation. Baseline: CommunityToolkit
/// 7.1.2 <see cref="ArrayPoolBufferWriter{T}"/> (one array from <see cref="ArrayPool{T}.Shared"/>, doubled and
/// copied); against it <see cref="PooledBufferWriter{T}"/> (chunks from the default pool, never copied) and, for
/// reference, the BCL's <see cref="ArrayBufferWriter{T}"/>. Goal: at most 1.0x the baseline's time, 0 B allocated per
/// operation beyond the writer object. Each writer is filled by its own compiled loop (a struct per writer type as the
/// generic argument): one loop over <see cref="IBufferWriter{T}"/> shared by the three cases let dynamic PGO, in one
/// process, devirtualise its calls for whichever writer it profiled first.
/// </summary>
public class BufferWriterBenchmarks
{
    private const int Total = 1024 * 1024;

    [Params(16, 128)]
    public int SpanSize { get; set; }

    [Benchmark(Baseline = true)]
    public long ArrayPoolBufferWriter()
    {
        using var writer = new ArrayPoolBufferWriter<byte>();
        Fill(new ToolkitWriter(writer));
        return writer.WrittenCount;
    }

    [Benchmark]
    public long PooledBufferWriter()
    {
        using var writer = new PooledBufferWriter<byte>();
        Fill(new Gen0Writer(writer));
        return writer.WrittenCount;
    }

    [Benchmark]
    public long ArrayBufferWriter()
    {
        var writer = new ArrayBufferWriter<byte>();
        Fill(new BclWriter(writer));
        return writer.WrittenCount;
    }

    private void Fill<TWriter>(TWriter writer)
        where TWriter : struct, IWriterCall
    {
        int spanSize = SpanSize;
        for (int written = 0; written < Total; written += spanSize)
        {
            Span<byte> span = writer.GetSpan(spanSize);
            span[..spanSize].Fill((byte)written);
            writer.Advance(spanSize);
        }
    }

    /// <summary>The two calls <see cref="Fill"/> makes, through a struct so each writer type gets its own loop.</summary>
    internal interface IWriterCall
    {
        Span<byte> GetSpan(int sizeHint);

        void Advance(int count);
    }

    private readonly struct ToolkitWriter(ArrayPoolBufferWriter<byte> writer) : IWriterCall
    {
        public Span<byte> GetSpan(int sizeHint) => writer.GetSpan(sizeHint);

        public void Advance(int count) => writer.Advance(count);
    }

    private readonly struct Gen0Writer(PooledBufferWriter<byte> writer) : IWriterCall
    {
        public Span<byte> GetSpan(int sizeHint) => writer.GetSpan(sizeHint);

        public void Advance(int count) => writer.Advance(count);
    }

    private readonly struct BclWriter(ArrayBufferWriter<byte> writer) : IWriterCall
    {
        public Span<byte> GetSpan(int sizeHint) => writer.GetSpan(sizeHint);

        public void Advance(int count) => writer.Advance(count);
    }
}
