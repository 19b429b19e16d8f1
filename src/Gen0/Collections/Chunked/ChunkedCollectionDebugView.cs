using System.Diagnostics;

namespace Gen0.Collections;

/// <summary>Shows a chunked list or set in the debugger as an array of its first 10,000 elements (a longer array would itself land on the LOH).</summary>
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
