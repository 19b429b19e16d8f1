using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Gen0.IO;

namespace Gen0.Benchmarks.IO;

/// <summary>
/// Base64 of 10 MB (seed 004): <see cref="Convert.ToBase64String(byte[])"/> on the whole array (baseline; allocates
/// the 13.3 M-character string on the LOH), <see cref="Base64EncodingStream"/> fed in 64 KB writes into
/// <see cref="Stream.Null"/> and <see cref="TextWriter.Null"/>, and <see cref="ToBase64Transform"/> in a
/// <see cref="CryptoStream"/> fed the same way.
/// </summary>
public class Base64EncodingBenchmarks
{
    private const int ChunkSize = 64 * 1024;
#pragma warning disable GEN0001 // Deliberate: the payload, allocated once per benchmark run.
    private readonly byte[] _data = new byte[10 * 1024 * 1024];
#pragma warning restore GEN0001

    [GlobalSetup]
    public void GlobalSetup() => new Random(1).NextBytes(_data);

    [Benchmark(Baseline = true)]
    public int ConvertToBase64String() => Convert.ToBase64String(_data).Length;

    [Benchmark]
    public int Base64EncodingStream_ToStream()
    {
        using var stream = new Base64EncodingStream(Stream.Null);
        return WriteInChunks(stream);
    }

    [Benchmark]
    public int Base64EncodingStream_ToTextWriter()
    {
        using var stream = new Base64EncodingStream(TextWriter.Null);
        return WriteInChunks(stream);
    }

    [Benchmark]
    public int ToBase64Transform_CryptoStream()
    {
        using var transform = new ToBase64Transform();
        using var stream = new CryptoStream(Stream.Null, transform, CryptoStreamMode.Write);
        return WriteInChunks(stream);
    }

    private int WriteInChunks(Stream stream)
    {
        for (int offset = 0; offset < _data.Length; offset += ChunkSize)
        {
            stream.Write(_data, offset, Math.Min(ChunkSize, _data.Length - offset));
        }

        return _data.Length;
    }
}
