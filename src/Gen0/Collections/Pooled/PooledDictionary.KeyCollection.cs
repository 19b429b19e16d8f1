using System.Collections;
using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace Gen0.Collections;

public partial class PooledDictionary<TKey, TValue>
{
    /// <summary>A live, read-only view of the keys of a <see cref="PooledDictionary{TKey, TValue}"/>, in enumeration order.</summary>
    [DebuggerDisplay("Count = {Count}")]
    public sealed class KeyCollection : ICollection<TKey>, ICollection, IReadOnlyCollection<TKey>
    {
        private readonly PooledDictionary<TKey, TValue> _dictionary;

        /// <summary>Initializes a view of the keys of <paramref name="dictionary"/>.</summary>
        /// <param name="dictionary">The dictionary.</param>
        /// <exception cref="ArgumentNullException"><paramref name="dictionary"/> is <see langword="null"/>.</exception>
        public KeyCollection(PooledDictionary<TKey, TValue> dictionary)
        {
            if (dictionary is null)
            {
                ThrowHelper.ThrowArgumentNull(nameof(dictionary));
            }

            _dictionary = dictionary;
        }

        /// <summary>Gets the number of keys.</summary>
        public int Count => _dictionary.Count;

        bool ICollection<TKey>.IsReadOnly => true;

        bool ICollection.IsSynchronized => false;

        object ICollection.SyncRoot => ((ICollection)_dictionary).SyncRoot;

        /// <summary>Returns an enumerator over the keys.</summary>
        /// <returns>A struct enumerator.</returns>
        public Enumerator GetEnumerator()
        {
            _dictionary.ThrowIfDisposed();
            return new Enumerator(_dictionary);
        }

        /// <summary>Copies the keys into <paramref name="array"/> from <paramref name="index"/> on.</summary>
        /// <param name="array">The destination.</param>
        /// <param name="index">The first index written.</param>
        /// <exception cref="ArgumentNullException"><paramref name="array"/> is <see langword="null"/>.</exception>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is outside <paramref name="array"/>.</exception>
        /// <exception cref="ArgumentException">The keys do not fit.</exception>
        public void CopyTo(TKey[] array, int index) => _dictionary.CopyLive<TKey, KeyProjection>(array, index);

        /// <summary>Returns whether <paramref name="item"/> is a key of the dictionary.</summary>
        /// <param name="item">The key.</param>
        /// <returns><see langword="true"/> if the key is present.</returns>
        public bool Contains(TKey item) => _dictionary.ContainsKey(item);

        bool ICollection<TKey>.Contains(TKey item) => _dictionary.ContainsKey(item);

        void ICollection<TKey>.Add(TKey item) => ThrowReadOnly();

        void ICollection<TKey>.Clear() => ThrowReadOnly();

        bool ICollection<TKey>.Remove(TKey item)
        {
            ThrowReadOnly();
            return false;
        }

        IEnumerator<TKey> IEnumerable<TKey>.GetEnumerator()
        {
            _dictionary.ThrowIfDisposed();
            return Count == 0 ? CollectionGuards.EmptyEnumerator<TKey>() : GetEnumerator();
        }

        IEnumerator IEnumerable.GetEnumerator() => ((IEnumerable<TKey>)this).GetEnumerator();

        void ICollection.CopyTo(Array array, int index) => _dictionary.CopyLiveUntyped<TKey, KeyProjection>(array, index);

        [System.Diagnostics.CodeAnalysis.DoesNotReturn]
        private static void ThrowReadOnly() =>
            throw new NotSupportedException("Mutating a key collection derived from a dictionary is not allowed.");

        /// <summary>Enumerates the keys without allocating; versioned like the dictionary's enumerator.</summary>
        public struct Enumerator : IEnumerator<TKey>
        {
            private readonly PooledDictionary<TKey, TValue> _dictionary;
            private readonly int _version;
            private int _index;
            private TKey? _current;

            internal Enumerator(PooledDictionary<TKey, TValue> dictionary)
            {
                _dictionary = dictionary;
                _version = dictionary._table._version;
                _index = 0;
                _current = default;
            }

            /// <summary>Gets the key at the current position.</summary>
            public readonly TKey Current => _current!;

            readonly object? IEnumerator.Current
            {
                get
                {
                    if (_dictionary._table.IsCursorOutside(_index))
                    {
                        ThrowHelper.ThrowEnumOpCantHappen();
                    }

                    return _current;
                }
            }

            /// <summary>Advances to the next key.</summary>
            /// <returns><see langword="false"/> at the end.</returns>
            /// <exception cref="InvalidOperationException">The dictionary was modified after the enumerator was created.</exception>
            /// <exception cref="ObjectDisposedException">The dictionary was disposed.</exception>
            public bool MoveNext()
            {
                ref Entry entry = ref _dictionary._table.MoveNext(_version, ref _index);
                if (!Unsafe.IsNullRef(ref entry))
                {
                    _current = entry._key;
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
        }
    }
}
