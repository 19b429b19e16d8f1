using System.Collections;
using System.Diagnostics;
using System.Runtime.InteropServices;

namespace Gen0.Collections;

/// <summary>The key view of <see cref="ChunkedDictionary{TKey, TValue}"/>.</summary>
public sealed partial class ChunkedDictionary<TKey, TValue>
{
    /// <summary>A live, read-only view of the dictionary's keys, in the dictionary's enumeration order.</summary>
    [DebuggerDisplay("Count = {Count}")]
    [DebuggerTypeProxy(typeof(ChunkedCollectionDebugView<>))]
    public sealed class KeyCollection : ICollection<TKey>, IReadOnlyCollection<TKey>, ICollection
    {
        private readonly ChunkedDictionary<TKey, TValue> _dictionary;

        /// <summary>Initializes a view of <paramref name="dictionary"/>.</summary>
        /// <param name="dictionary">The dictionary.</param>
        /// <exception cref="ArgumentNullException"><paramref name="dictionary"/> is <see langword="null"/>.</exception>
        public KeyCollection(ChunkedDictionary<TKey, TValue> dictionary)
        {
            ArgumentNullException.ThrowIfNull(dictionary);
            _dictionary = dictionary;
        }

        /// <summary>Gets the number of keys.</summary>
        public int Count => _dictionary.Count;

        bool ICollection<TKey>.IsReadOnly => true;

        bool ICollection.IsSynchronized => false;

        object ICollection.SyncRoot => ((ICollection)_dictionary).SyncRoot;

        /// <summary>Returns whether the dictionary has the key <paramref name="item"/>.</summary>
        /// <param name="item">The key.</param>
        /// <returns><see langword="true"/> when present.</returns>
        public bool Contains(TKey item) => _dictionary.ContainsKey(item);

        /// <summary>Copies the keys into <paramref name="array"/> from <paramref name="index"/>.</summary>
        /// <param name="array">The destination.</param>
        /// <param name="index">Where in <paramref name="array"/> to start.</param>
        /// <exception cref="ArgumentNullException"><paramref name="array"/> is <see langword="null"/>.</exception>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is outside <paramref name="array"/>.</exception>
        /// <exception cref="ArgumentException"><paramref name="array"/> is too short.</exception>
        public void CopyTo(TKey[] array, int index)
        {
            _dictionary.CheckCopyTo(array, index);
            ref ChunkedHashTable<TKey, ChunkedDictionaryEntry<TKey, TValue>> table = ref _dictionary._table;
            for (int i = 0; i < table.EntryCount; i++)
            {
                ref ChunkedDictionaryEntry<TKey, TValue> entry = ref table.EntryAt(i);
                if (entry.Next >= -1)
                {
                    array[index++] = entry.Key;
                }
            }
        }

        void ICollection.CopyTo(Array array, int index)
        {
            if (array is TKey[] typed)
            {
                CopyTo(typed, index);
                return;
            }

            _dictionary.CheckCopyTo(array, index);
            try
            {
                foreach (TKey item in this)
                {
                    array.SetValue(item, index++);
                }
            }
            catch (InvalidCastException)
            {
                throw new ArgumentException("Target array type is not compatible with the type of items in the collection.", nameof(array));
            }
        }

        /// <summary>Returns an enumerator over the keys.</summary>
        /// <returns>The enumerator.</returns>
        public Enumerator GetEnumerator()
        {
            _dictionary.ThrowIfDisposed();
            return new Enumerator(_dictionary);
        }

        IEnumerator<TKey> IEnumerable<TKey>.GetEnumerator() => Count == 0 ? _dictionary.EmptyEnumerator<TKey>() : GetEnumerator();

        IEnumerator IEnumerable.GetEnumerator() => ((IEnumerable<TKey>)this).GetEnumerator();

        void ICollection<TKey>.Add(TKey item) => throw new NotSupportedException("Mutating a key collection derived from a dictionary is not allowed.");

        void ICollection<TKey>.Clear() => throw new NotSupportedException("Mutating a key collection derived from a dictionary is not allowed.");

        bool ICollection<TKey>.Contains(TKey item) => Contains(item);

        bool ICollection<TKey>.Remove(TKey item) => throw new NotSupportedException("Mutating a key collection derived from a dictionary is not allowed.");

        /// <summary>Enumerates the keys; throws once a pair has been added to the dictionary.</summary>
        [StructLayout(LayoutKind.Auto)]
        public struct Enumerator : IEnumerator<TKey>
        {
            private readonly ChunkedDictionary<TKey, TValue> _dictionary;
            private readonly int _version;
            private int _index;
            private TKey? _current;

            internal Enumerator(ChunkedDictionary<TKey, TValue> dictionary)
            {
                _dictionary = dictionary;
                _version = dictionary._table.Version;
                _index = 0;
                _current = default;
            }

            /// <summary>Gets the key at the current position.</summary>
            public readonly TKey Current => _current!;

            readonly object? IEnumerator.Current
            {
                get
                {
                    if (_index == 0 || _index == _dictionary._table.EntryCount + 1)
                    {
                        ThrowHelper.ThrowEnumOpCantHappen();
                    }

                    return _current;
                }
            }

            /// <summary>Advances to the next key.</summary>
            /// <returns><see langword="false"/> at the end.</returns>
            /// <exception cref="InvalidOperationException">A pair was added to the dictionary.</exception>
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
                    _current = table.EntryAt(found).Key;
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
        }
    }
}
