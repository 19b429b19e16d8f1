using System.Diagnostics;

namespace Gen0.Collections;

/// <summary>Shows a chunked list or set in the debugger as a flat array of its elements.</summary>
/// <typeparam name="T">The element type.</typeparam>
internal sealed class ChunkedCollectionDebugView<T>
{
    private readonly ICollection<T> _collection;

    public ChunkedCollectionDebugView(ICollection<T> collection)
    {
        ArgumentNullException.ThrowIfNull(collection);
        _collection = collection;
    }

    [DebuggerBrowsable(DebuggerBrowsableState.RootHidden)]
    public T[] Items => _collection.Take(10_000).ToArray();
}
