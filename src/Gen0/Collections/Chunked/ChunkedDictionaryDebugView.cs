using System.Diagnostics;

namespace Gen0.Collections;

/// <summary>Shows a chunked dictionary in the debugger as an array of its first 10,000 pairs.</summary>
/// <typeparam name="TKey">The key type.</typeparam>
/// <typeparam name="TValue">The value type.</typeparam>
internal sealed class ChunkedDictionaryDebugView<TKey, TValue>
    where TKey : notnull
{
    private readonly ChunkedDictionary<TKey, TValue> _dictionary;

    public ChunkedDictionaryDebugView(ChunkedDictionary<TKey, TValue> dictionary)
    {
        ArgumentNullException.ThrowIfNull(dictionary);
        _dictionary = dictionary;
    }

    [DebuggerBrowsable(DebuggerBrowsableState.RootHidden)]
    public KeyValuePair<TKey, TValue>[] Items => _dictionary.Take(10_000).ToArray();
}
