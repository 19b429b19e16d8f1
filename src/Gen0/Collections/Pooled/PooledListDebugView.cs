using System.Diagnostics;

namespace Gen0.Collections;

/// <summary>Shows a <see cref="PooledList{T}"/>'s elements, not its fields, in the debugger.</summary>
/// <typeparam name="T">The type of the elements.</typeparam>
internal sealed class PooledListDebugView<T>
{
    private readonly PooledList<T> _list;

    public PooledListDebugView(PooledList<T> list)
    {
        ArgumentNullException.ThrowIfNull(list);
        _list = list;
    }

    [DebuggerBrowsable(DebuggerBrowsableState.RootHidden)]
    public T[] Items => _list.IsDisposed ? [] : _list.ToArray();
}
