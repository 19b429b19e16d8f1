using System.Diagnostics;

namespace Gen0.Collections;

/// <summary>Shows a <see cref="PooledDictionary{TKey, TValue}"/> in the debugger as its pairs.</summary>
internal sealed class PooledDictionaryDebugView<TKey, TValue>
    where TKey : notnull
{
    private readonly PooledDictionary<TKey, TValue> _dictionary;

    public PooledDictionaryDebugView(PooledDictionary<TKey, TValue> dictionary)
    {
        ArgumentNullException.ThrowIfNull(dictionary);
        _dictionary = dictionary;
    }

    [DebuggerBrowsable(DebuggerBrowsableState.RootHidden)]
    public KeyValuePair<TKey, TValue>[] Items
    {
        get
        {
            // A disposed dictionary shows as empty rather than throwing inside the debugger.
            if (_dictionary.Count == 0)
            {
                return [];
            }

            var items = new KeyValuePair<TKey, TValue>[_dictionary.Count];
            ((ICollection<KeyValuePair<TKey, TValue>>)_dictionary).CopyTo(items, 0);
            return items;
        }
    }
}
