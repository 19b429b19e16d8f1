namespace Gen0.Benchmarks.Pools.Candidates;

/// <summary>A stack per thread through <see cref="ThreadLocal{T}"/> (seed 002's ThreadLocObjectPool): works for instances, unlike [ThreadStatic].</summary>
public sealed class ThreadLocalStackPool(int size) : IArrayObjectPool, IDisposable
{
    private readonly ThreadLocal<Stack<byte[]>> _stacks = new(() => new Stack<byte[]>());

    public byte[] Rent() => _stacks.Value!.TryPop(out byte[]? item) ? item : new byte[size];

    public void Return(byte[] item) => _stacks.Value!.Push(item);

    public void Dispose() => _stacks.Dispose();
}
