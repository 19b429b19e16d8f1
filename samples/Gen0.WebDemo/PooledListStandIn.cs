// TEMPORARY stand-in until Gen0.Collections.PooledList<T> lands on main; removed on merge.
using System.Buffers;
using System.Collections;

namespace Gen0.Collections;

public sealed class PooledList<T> : IReadOnlyList<T>, IDisposable
{
    private T[] _items = [];
    private int _count;

    public int Count => _count;

    public T this[int index] => _items[index];

    public void Add(T item)
    {
        if (_count == _items.Length)
        {
            T[] grown = ArrayPool<T>.Shared.Rent(Math.Max(4, _count * 2));
            Array.Copy(_items, grown, _count);
            if (_items.Length > 0)
            {
                ArrayPool<T>.Shared.Return(_items, true);
            }

            _items = grown;
        }

        _items[_count++] = item;
    }

    public void Dispose()
    {
        if (_items.Length > 0)
        {
            ArrayPool<T>.Shared.Return(_items, true);
        }

        _items = [];
        _count = 0;
    }

    public IEnumerator<T> GetEnumerator()
    {
        for (int i = 0; i < _count; i++)
        {
            yield return _items[i];
        }
    }

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
}
