using System.Collections;
using System.Runtime.InteropServices;

namespace Gen0.Collections;

/// <summary>The pair enumerator of <see cref="ChunkedDictionary{TKey, TValue}"/>.</summary>
public sealed partial class ChunkedDictionary<TKey, TValue>
{
    /// <summary>Enumerates the pairs in entry order (the BCL twin's order); throws once a pair has been added.</summary>
    [StructLayout(LayoutKind.Auto)]
    public struct Enumerator : IEnumerator<KeyValuePair<TKey, TValue>>, IDictionaryEnumerator
    {
        internal const int DictEntryKind = 1;
        internal const int KeyValuePairKind = 2;

        private readonly ChunkedDictionary<TKey, TValue> _dictionary;
        private readonly int _version;
        private readonly int _kind;
        private int _index;
        private KeyValuePair<TKey, TValue> _current;

        internal Enumerator(ChunkedDictionary<TKey, TValue> dictionary, int kind)
        {
            _dictionary = dictionary;
            _version = dictionary._table.Version;
            _kind = kind;
            _index = 0;
            _current = default;
        }

        /// <summary>Gets the pair at the current position.</summary>
        public readonly KeyValuePair<TKey, TValue> Current => _current;

        readonly object? IEnumerator.Current
        {
            get
            {
                CheckPosition();
                return _kind == DictEntryKind ? new DictionaryEntry(_current.Key, _current.Value) : _current;
            }
        }

        readonly DictionaryEntry IDictionaryEnumerator.Entry
        {
            get
            {
                CheckPosition();
                return new DictionaryEntry(_current.Key, _current.Value);
            }
        }

        readonly object IDictionaryEnumerator.Key
        {
            get
            {
                CheckPosition();
                return _current.Key;
            }
        }

        readonly object? IDictionaryEnumerator.Value
        {
            get
            {
                CheckPosition();
                return _current.Value;
            }
        }

        /// <summary>Advances to the next pair.</summary>
        /// <returns><see langword="false"/> at the end.</returns>
        /// <exception cref="InvalidOperationException">A pair was added.</exception>
        public bool MoveNext()
        {
            ref ChunkedHashTable<TKey, ChunkedDictionaryEntry<TKey, TValue>> table = ref _dictionary._table;
            if (_version != table.Version)
            {
                _dictionary.ThrowEnumeratorInvalid();
            }

            int found = table.NextLiveEntry(_index);
            if (found >= 0)
            {
                _index = found + 1;
                ref ChunkedDictionaryEntry<TKey, TValue> entry = ref table.EntryAt(found);
                _current = new KeyValuePair<TKey, TValue>(entry.Key, entry.Value);
                return true;
            }

            _index = table.EntryCount + 1;
            _current = default;
            return false;
        }

        /// <summary>Does nothing: the enumerator holds no resources.</summary>
        public readonly void Dispose()
        {
        }

        void IEnumerator.Reset()
        {
            if (_version != _dictionary._table.Version)
            {
                _dictionary.ThrowEnumeratorInvalid();
            }

            _index = 0;
            _current = default;
        }

        private readonly void CheckPosition()
        {
            if (_index == 0 || _index == _dictionary._table.EntryCount + 1)
            {
                ThrowHelper.ThrowEnumOpCantHappen();
            }
        }
    }
}
