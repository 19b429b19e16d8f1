using System.Collections;
using System.Runtime.CompilerServices;

namespace Gen0.Collections;

public partial class PooledDictionary<TKey, TValue>
{
    /// <summary>Enumerates the pairs of a <see cref="PooledDictionary{TKey, TValue}"/> without allocating.</summary>
    /// <remarks>
    /// Like the BCL's: invalidated by additions, <see cref="TrimExcess()"/> and growth through
    /// <see cref="EnsureCapacity(int)"/>, not by removals, <see cref="Clear"/> or overwriting a value; after the
    /// dictionary is disposed it throws <see cref="ObjectDisposedException"/>.
    /// </remarks>
    public struct Enumerator : IEnumerator<KeyValuePair<TKey, TValue>>, IDictionaryEnumerator
    {
        internal const int DictEntryKind = 1;
        internal const int KeyValuePairKind = 2;

        private readonly PooledDictionary<TKey, TValue> _dictionary;
        private readonly int _version;
        private readonly int _kind;
        private int _index;
        private KeyValuePair<TKey, TValue> _current;

        internal Enumerator(PooledDictionary<TKey, TValue> dictionary, int kind)
        {
            _dictionary = dictionary;
            _version = dictionary._table._version;
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
                ThrowIfNotOnItem();
                return _kind == DictEntryKind ? new DictionaryEntry(_current.Key, _current.Value) : _current;
            }
        }

        readonly DictionaryEntry IDictionaryEnumerator.Entry
        {
            get
            {
                ThrowIfNotOnItem();
                return new DictionaryEntry(_current.Key, _current.Value);
            }
        }

        readonly object IDictionaryEnumerator.Key
        {
            get
            {
                ThrowIfNotOnItem();
                return _current.Key;
            }
        }

        readonly object? IDictionaryEnumerator.Value
        {
            get
            {
                ThrowIfNotOnItem();
                return _current.Value;
            }
        }

        /// <summary>Advances to the next pair.</summary>
        /// <returns><see langword="false"/> at the end.</returns>
        /// <exception cref="InvalidOperationException">The dictionary was modified after the enumerator was created.</exception>
        /// <exception cref="ObjectDisposedException">The dictionary was disposed.</exception>
        public bool MoveNext()
        {
            ref Entry entry = ref _dictionary._table.MoveNext(_version, ref _index);
            if (!Unsafe.IsNullRef(ref entry))
            {
                _current = new KeyValuePair<TKey, TValue>(entry._key, entry._value);
                return true;
            }

            _current = default;
            return false;
        }

        /// <summary>Does nothing; the enumerator holds no resources.</summary>
        public readonly void Dispose()
        {
        }

        void IEnumerator.Reset()
        {
            _dictionary._table.CheckVersion(_version);
            _index = 0;
            _current = default;
        }

        private readonly void ThrowIfNotOnItem()
        {
            if (_dictionary._table.IsCursorOutside(_index))
            {
                ThrowHelper.ThrowEnumOpCantHappen();
            }
        }
    }
}
