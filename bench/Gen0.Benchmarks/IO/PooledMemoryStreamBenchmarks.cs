using System.Buffers;
using BenchmarkDotNet.Attributes;
using CommunityToolkit.HighPerformance.Buffers;
using Gen0.Buffers;
using Gen0.IO;
using Microsoft.IO;

namespace Gen0.Benchmarks.IO;

/// <summary>
/// Writes <see cref="Size"/> bytes in 4 KB writes, then reads them back in 4 KB reads: <see cref="MemoryStream"/>
/// (baseline), RecyclableMemoryStream 4.0.1 (default manager: 128 KiB blocks, unbounded pool),
/// CommunityToolkit's <see cref="ArrayPoolBufferWriter{T}"/> and <see cref="PooledMemoryStream"/> on the default
/// (bounded) pool and on a pool whose budget fits the payload.
/// </summary>
public class PooledMemoryStreamBenchmarks
{
    private const int ChunkSize = 4096;

    private readonly byte[] _chunk = new byte[ChunkSize];
    private readonly byte[] _readBuffer = new byte[ChunkSize];
    private RecyclableMemoryStreamManager _manager = null!;
    private ScalableArrayPool<byte> _sizedPool = null!;

    [Params(100, 1_000, 10_000, 1_000_000, 100_000_000)]
    public int Size { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        new Random(1).NextBytes(_chunk);
        _manager = new RecyclableMemoryStreamManager();

        // A pool whose budget fits the largest payload (256 MiB), as RecyclableMemoryStream's unbounded pool does.
        _sizedPool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = "io-bench-blocks", MaxArraysPerShard = 2048, MaxRetainedBytes = 256L << 20 });
    }

    [Benchmark(Baseline = true)]
    public long MemoryStream()
    {
        using var stream = new MemoryStream();
        return WriteThenRead(stream);
    }

    [Benchmark]
    public long RecyclableMemoryStream()
    {
        using RecyclableMemoryStream stream = _manager.GetStream();
        return WriteThenRead(stream);
    }

    [Benchmark]
    public long ArrayPoolBufferWriter()
    {
        using var writer = new ArrayPoolBufferWriter<byte>();
        for (int written = 0; written < Size; written += ChunkSize)
        {
            writer.Write(_chunk.AsSpan(0, Math.Min(ChunkSize, Size - written)));
        }

        long sum = 0;
        ReadOnlySpan<byte> data = writer.WrittenSpan;
        for (int read = 0; read < data.Length; read += ChunkSize)
        {
            ReadOnlySpan<byte> slice = data.Slice(read, Math.Min(ChunkSize, data.Length - read));
            slice.CopyTo(_readBuffer);
            sum += _readBuffer[0];
        }

        return sum;
    }

    [Benchmark]
    public long PooledMemoryStream()
    {
        using var stream = new PooledMemoryStream();
        return WriteThenRead(stream);
    }

    [Benchmark]
    public long PooledMemoryStream_SizedPool()
    {
        using var stream = new PooledMemoryStream(_sizedPool);
        return WriteThenRead(stream);
    }

    private long WriteThenRead(Stream stream) => StreamWorkload.WriteThenRead(stream, Size, _chunk, _readBuffer);
}
