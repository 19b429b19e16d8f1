using System.Collections;

namespace Gen0.Collections;

public partial class PooledDictionary<TKey, TValue>
{
    /// <summary>Reads an entry's key (the keys view and its copies).</summary>
    private readonly struct KeyProjection : IPooledEntryProjection<Entry, TKey>
    {
        public TKey Project(ref Entry entry) => entry._key;
    }

    /// <summary>Reads an entry's value (the values view and its copies).</summary>
    private readonly struct ValueProjection : IPooledEntryProjection<Entry, TValue>
    {
        public TValue Project(ref Entry entry) => entry._value;
    }

    /// <summary>Reads an entry as a key/value pair.</summary>
    private readonly struct PairProjection : IPooledEntryProjection<Entry, KeyValuePair<TKey, TValue>>
    {
        public KeyValuePair<TKey, TValue> Project(ref Entry entry) => new(entry._key, entry._value);
    }

    /// <summary>Reads an entry as a non-generic <see cref="DictionaryEntry"/>.</summary>
    private readonly struct ValueWriter : IPooledEntryWriter<Entry, TValue>
    {
        public void Write(ref Entry entry, TValue value) => entry._value = value;
    }

    private readonly struct DictionaryEntryProjection : IPooledEntryProjection<Entry, DictionaryEntry>
    {
        public DictionaryEntry Project(ref Entry entry) => new(entry._key, entry._value);
    }
}
