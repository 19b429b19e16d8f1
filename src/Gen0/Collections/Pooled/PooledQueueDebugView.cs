using System.Diagnostics;

namespace Gen0.Collections;

/// <summary>Shows a <see cref="PooledQueue{T}"/>'s elements, front first, in the debugger.</summary>
/// <typeparam name="T">The type of the elements.</typeparam>
internal sealed class PooledQueueDebugView<T>
{
    private readonly PooledQueue<T> _queue;

    public PooledQueueDebugView(PooledQueue<T> queue)
    {
        ArgumentNullException.ThrowIfNull(queue);
        _queue = queue;
    }

    [DebuggerBrowsable(DebuggerBrowsableState.RootHidden)]
    public T[] Items => _queue.IsDisposed ? [] : _queue.ToArray();
}
