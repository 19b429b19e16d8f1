namespace Gen0.Diagnostics.Internal;

/// <summary>
/// A FIFO with indexed access from the oldest item, for the monitor's sliding windows: append at the end, drop from
/// the front, read any position. It grows by doubling up to a fixed maximum and never beyond, so that no window can
/// grow without bound or put its array on the large object heap; callers decide what to drop when it is full.
/// Not thread-safe.
/// </summary>
internal sealed class RingBuffer<T>
{
    private readonly int _maxCapacity;
    private T[] _items;
    private int _head;
    private int _count;

    public RingBuffer(int initialCapacity, int maxCapacity)
    {
        _maxCapacity = Math.Max(maxCapacity, 4);
        _items = new T[Math.Clamp(initialCapacity, 4, _maxCapacity)];
    }

    public int Count => _count;

    /// <summary>The most items the buffer ever holds.</summary>
    public int MaxCapacity => _maxCapacity;

    /// <summary>Whether the buffer holds <see cref="MaxCapacity"/> items: <see cref="Add"/> would throw.</summary>
    public bool IsFull => _count == _maxCapacity;

    /// <summary>The length of the array behind the buffer (tests check it stays below the LOH threshold).</summary>
    internal int ArrayLength => _items.Length;

    public T this[int index] => _items[(_head + index) % _items.Length];

    public T First => this[0];

    public T Last => this[_count - 1];

    public void Add(T item)
    {
        if (_count == _items.Length)
        {
            if (_items.Length == _maxCapacity)
            {
                throw new InvalidOperationException("The ring buffer is full; drop an item first.");
            }

            var grown = new T[Math.Min(_items.Length * 2, _maxCapacity)];
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

    /// <summary>Overwrites the newest item.</summary>
    public void ReplaceLast(T item) => _items[(_head + _count - 1) % _items.Length] = item;

    public void RemoveFirst()
    {
        _items[_head] = default!;
        _head = (_head + 1) % _items.Length;
        _count--;
    }
}
