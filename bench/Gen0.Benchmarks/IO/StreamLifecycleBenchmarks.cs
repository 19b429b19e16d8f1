using BenchmarkDotNet.Attributes;
using Gen0.IO;
using Microsoft.IO;

namespace Gen0.Benchmarks.IO;

/// <summary>
/// Issue 26: what a stream's life costs now that <see cref="PooledMemoryStream"/> is a <see cref="MemoryStream"/> with
/// an id, events and leak detection: create, write 100 bytes, dispose. Baseline: RecyclableMemoryStream 4.0.1 (its
/// default manager; every stream has a <see cref="Guid"/> id and a finalizer it suppresses on dispose). Against it:
/// <see cref="MemoryStream"/>, <see cref="PooledMemoryStream"/> from the constructor (no listener, no leak watch), from a
/// <see cref="PooledMemoryStreamManager"/>, and from a manager with <see cref="PooledMemoryStreamOptions.DetectLeaks"/>
/// (a finalizable companion per stream). Goal: the first three at most 1.0x the baseline; the leak watch's price shown.
/// </summary>
public class StreamLifecycleBenchmarks
{
    private readonly byte[] _payload = new byte[100];
    private RecyclableMemoryStreamManager _recyclable = null!;
    private PooledMemoryStreamManager _manager = null!;
    private PooledMemoryStreamManager _watched = null!;

    [GlobalSetup]
    public void GlobalSetup()
    {
        _recyclable = new RecyclableMemoryStreamManager();
        _manager = new PooledMemoryStreamManager();
        _watched = new PooledMemoryStreamManager(new PooledMemoryStreamOptions { DetectLeaks = true });
    }

    [GlobalCleanup]
    public void GlobalCleanup()
    {
        _manager.Dispose();
        _watched.Dispose();
    }

    [Benchmark(Baseline = true)]
    public long RecyclableMemoryStream()
    {
        using RecyclableMemoryStream stream = _recyclable.GetStream();
        stream.Write(_payload, 0, _payload.Length);
        return stream.Length;
    }

    [Benchmark]
    public long MemoryStream()
    {
        using var stream = new MemoryStream();
        stream.Write(_payload, 0, _payload.Length);
        return stream.Length;
    }

    [Benchmark]
    public long PooledMemoryStream()
    {
        using var stream = new PooledMemoryStream();
        stream.Write(_payload, 0, _payload.Length);
        return stream.Length;
    }

    [Benchmark]
    public long PooledMemoryStream_Manager()
    {
        using PooledMemoryStream stream = _manager.GetStream();
        stream.Write(_payload, 0, _payload.Length);
        return stream.Length;
    }

    [Benchmark]
    public long PooledMemoryStream_DetectLeaks()
    {
        using PooledMemoryStream stream = _watched.GetStream();
        stream.Write(_payload, 0, _payload.Length);
        return stream.Length;
    }
}
