namespace Gen0.Diagnostics.Internal;

/// <summary>
/// A growable FIFO with indexed access from the oldest item, for the monitor's sliding windows: append at the end,
/// drop from the front, read any position, no allocation once it has grown to the window's size. Not thread-safe.
/// </summary>
internal sealed class RingBuffer<T>
{
    private T[] _items;
    private int _head;
    private int _count;

    public RingBuffer(int capacity) => _items = new T[Math.Max(capacity, 4)];

    public int Count => _count;

    public T this[int index] => _items[(_head + index) % _items.Length];

    public T First => this[0];

    public T Last => this[_count - 1];

    public void Add(T item)
    {
        if (_count == _items.Length)
        {
            var grown = new T[_items.Length * 2];
            for (int i = 0; i < _count; i++)
            {
                grown[i] = this[i];
            }

            _items = grown;
            _head = 0;
        }

        _items[(_head + _count) % _items.Length] = item;
        _count++;
    }

    public void RemoveFirst()
    {
        _items[_head] = default!;
        _head = (_head + 1) % _items.Length;
        _count--;
    }
}
