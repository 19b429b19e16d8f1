using System.Collections.Concurrent;

namespace Gen0.Benchmarks.Pools.Candidates;

/// <summary>A naive pool over one <see cref="ConcurrentBag{T}"/> (thread-local lists inside).</summary>
public sealed class ConcurrentBagPool(int size) : IArrayObjectPool
{
    private readonly ConcurrentBag<byte[]> _bag = [];

    public byte[] Rent() => _bag.TryTake(out byte[]? item) ? item : new byte[size];

    public void Return(byte[] item) => _bag.Add(item);
}
