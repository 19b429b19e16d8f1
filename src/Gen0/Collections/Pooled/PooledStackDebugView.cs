using System.Diagnostics;

namespace Gen0.Collections;

/// <summary>Shows a <see cref="PooledStack{T}"/>'s elements, top first, in the debugger.</summary>
/// <typeparam name="T">The type of the elements.</typeparam>
internal sealed class PooledStackDebugView<T>
{
    private readonly PooledStack<T> _stack;

    public PooledStackDebugView(PooledStack<T> stack)
    {
        ArgumentNullException.ThrowIfNull(stack);
        _stack = stack;
    }

    [DebuggerBrowsable(DebuggerBrowsableState.RootHidden)]
    public T[] Items => _stack.IsDisposed ? [] : _stack.ToArray();
}
