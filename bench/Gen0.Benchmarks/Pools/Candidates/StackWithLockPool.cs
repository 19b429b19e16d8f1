namespace Gen0.Benchmarks.Pools.Candidates;

/// <summary>One global <see cref="Stack{T}"/> under a lock, optionally with a single shared fast slot in front (seed 002).</summary>
public sealed class StackWithLockPool(int size, bool withSlot) : IArrayObjectPool
{
    private readonly Stack<byte[]> _stack = new();
    private readonly object _lock = new();
    private byte[]? _fastItem;

    public byte[] Rent()
    {
        if (withSlot)
        {
            byte[]? item = _fastItem;
            if (item is not null && Interlocked.CompareExchange(ref _fastItem, null, item) == item)
            {
                return item;
            }
        }

        lock (_lock)
        {
            if (_stack.TryPop(out byte[]? item))
            {
                return item;
            }
        }

        return new byte[size];
    }

    public void Return(byte[] item)
    {
        if (withSlot && _fastItem is null && Interlocked.CompareExchange(ref _fastItem, item, null) is null)
        {
            return;
        }

        lock (_lock)
        {
            _stack.Push(item);
        }
    }
}
