using System.Collections.Concurrent;

namespace Gen0.Benchmarks.Pools.Candidates;

/// <summary>A naive pool over one <see cref="ConcurrentStack{T}"/> (a node allocated per push).</summary>
public sealed class ConcurrentStackPool(int size) : IArrayObjectPool
{
    private readonly ConcurrentStack<byte[]> _stack = new();

    public byte[] Rent() => _stack.TryPop(out byte[]? item) ? item : new byte[size];

    public void Return(byte[] item) => _stack.Push(item);
}
