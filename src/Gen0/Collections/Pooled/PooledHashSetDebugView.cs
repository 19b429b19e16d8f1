using System.Diagnostics;

namespace Gen0.Collections;

/// <summary>Shows a <see cref="PooledHashSet{T}"/> in the debugger as its elements.</summary>
internal sealed class PooledHashSetDebugView<T>
{
    private readonly PooledHashSet<T> _set;

    public PooledHashSetDebugView(PooledHashSet<T> set)
    {
        ArgumentNullException.ThrowIfNull(set);
        _set = set;
    }

    [DebuggerBrowsable(DebuggerBrowsableState.RootHidden)]
    public T[] Items
    {
        get
        {
            // A disposed set shows as empty rather than throwing inside the debugger.
            if (_set.Count == 0)
            {
                return [];
            }

            var items = new T[_set.Count];
            _set.CopyTo(items);
            return items;
        }
    }
}
