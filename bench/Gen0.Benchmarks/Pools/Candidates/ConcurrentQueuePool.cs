using System.Collections.Concurrent;

namespace Gen0.Benchmarks.Pools.Candidates;

/// <summary>A naive pool over one <see cref="ConcurrentQueue{T}"/>.</summary>
public sealed class ConcurrentQueuePool(int size) : IArrayObjectPool
{
    private readonly ConcurrentQueue<byte[]> _queue = new();

    public byte[] Rent() => _queue.TryDequeue(out byte[]? item) ? item : new byte[size];

    public void Return(byte[] item) => _queue.Enqueue(item);
}
