using System.Buffers;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using CommunityToolkit.HighPerformance.Buffers;
using Gen0.Buffers;
using Gen0.IO;
using Microsoft.IO;

namespace Gen0.Benchmarks.IO;

/// <summary>
/// Serializes a 50,000-element object graph (about 4.5 MB of JSON) with a <see cref="Utf8JsonWriter"/> into each
/// destination: over <see cref="MemoryStream"/> as a <see cref="Stream"/> (baseline), and over the
/// <see cref="IBufferWriter{T}"/> of RecyclableMemoryStream, <see cref="ArrayPoolBufferWriter{T}"/> and
/// <see cref="PooledMemoryStream"/>.
/// </summary>
public class Utf8JsonWriterBenchmarks
{
    private Item[] _graph = null!;
    private RecyclableMemoryStreamManager _manager = null!;
    private ScalableArrayPool<byte> _sizedPool = null!;

    [GlobalSetup]
    public void GlobalSetup()
    {
        _graph = Enumerable.Range(0, 50_000)
            .Select(i => new Item(i, $"item-{i}", i * 0.5, i % 3 == 0, [$"tag{i % 7}", $"tag{i % 11}"]))
            .ToArray();
        _manager = new RecyclableMemoryStreamManager();

        // A pool whose budget fits the largest payload (256 MiB), as RecyclableMemoryStream's unbounded pool does.
        _sizedPool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = "io-bench-blocks", MaxArraysPerShard = 2048, MaxRetainedBytes = 256L << 20 });
    }

    [Benchmark(Baseline = true)]
    public long MemoryStream()
    {
        using var stream = new MemoryStream();
        using (var writer = new Utf8JsonWriter(stream))
        {
            JsonSerializer.Serialize(writer, _graph);
        }

        return stream.Length;
    }

    [Benchmark]
    public long RecyclableMemoryStream()
    {
        using RecyclableMemoryStream stream = _manager.GetStream();
        using (var writer = new Utf8JsonWriter((IBufferWriter<byte>)stream))
        {
            JsonSerializer.Serialize(writer, _graph);
        }

        return stream.Length;
    }

    [Benchmark]
    public long ArrayPoolBufferWriter()
    {
        using var buffer = new ArrayPoolBufferWriter<byte>();
        using (var writer = new Utf8JsonWriter(buffer))
        {
            JsonSerializer.Serialize(writer, _graph);
        }

        return buffer.WrittenCount;
    }

    [Benchmark]
    public long PooledMemoryStream()
    {
        using var stream = new PooledMemoryStream();
        using (var writer = new Utf8JsonWriter((IBufferWriter<byte>)stream))
        {
            JsonSerializer.Serialize(writer, _graph);
        }

        return stream.Length;
    }

    [Benchmark]
    public long PooledMemoryStream_SizedPool()
    {
        using var stream = new PooledMemoryStream(_sizedPool);
        using (var writer = new Utf8JsonWriter((IBufferWriter<byte>)stream))
        {
            JsonSerializer.Serialize(writer, _graph);
        }

        return stream.Length;
    }

    public sealed record Item(int Id, string Name, double Price, bool Active, string[] Tags);
}
