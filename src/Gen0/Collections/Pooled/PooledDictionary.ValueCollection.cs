using System.Collections;
using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace Gen0.Collections;

public partial class PooledDictionary<TKey, TValue>
{
    /// <summary>A live, read-only view of the values of a <see cref="PooledDictionary{TKey, TValue}"/>, in enumeration order.</summary>
    [DebuggerDisplay("Count = {Count}")]
    public sealed class ValueCollection : ICollection<TValue>, ICollection, IReadOnlyCollection<TValue>
    {
        private readonly PooledDictionary<TKey, TValue> _dictionary;

        /// <summary>Initializes a view of the values of <paramref name="dictionary"/>.</summary>
        /// <param name="dictionary">The dictionary.</param>
        /// <exception cref="ArgumentNullException"><paramref name="dictionary"/> is <see langword="null"/>.</exception>
        public ValueCollection(PooledDictionary<TKey, TValue> dictionary)
        {
            if (dictionary is null)
            {
                ThrowHelper.ThrowArgumentNull(nameof(dictionary));
            }

            _dictionary = dictionary;
        }

        /// <summary>Gets the number of values.</summary>
        public int Count => _dictionary.Count;

        bool ICollection<TValue>.IsReadOnly => true;

        bool ICollection.IsSynchronized => false;

        object ICollection.SyncRoot => ((ICollection)_dictionary).SyncRoot;

        /// <summary>Returns an enumerator over the values.</summary>
        /// <returns>A struct enumerator.</returns>
        public Enumerator GetEnumerator()
        {
            _dictionary.ThrowIfDisposed();
            return new Enumerator(_dictionary);
        }

        /// <summary>Copies the values into <paramref name="array"/> from <paramref name="index"/> on.</summary>
        /// <param name="array">The destination.</param>
        /// <param name="index">The first index written.</param>
        /// <exception cref="ArgumentNullException"><paramref name="array"/> is <see langword="null"/>.</exception>
        /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is outside <paramref name="array"/>.</exception>
        /// <exception cref="ArgumentException">The values do not fit.</exception>
        public void CopyTo(TValue[] array, int index) => _dictionary.CopyLive<TValue, ValueProjection>(array, index);

        bool ICollection<TValue>.Contains(TValue item) => _dictionary.ContainsValue(item);

        void ICollection<TValue>.Add(TValue item) => ThrowReadOnly();

        void ICollection<TValue>.Clear() => ThrowReadOnly();

        bool ICollection<TValue>.Remove(TValue item)
        {
            ThrowReadOnly();
            return false;
        }

        IEnumerator<TValue> IEnumerable<TValue>.GetEnumerator()
        {
            _dictionary.ThrowIfDisposed();
            return Count == 0 ? CollectionGuards.EmptyEnumerator<TValue>() : GetEnumerator();
        }

        IEnumerator IEnumerable.GetEnumerator() => ((IEnumerable<TValue>)this).GetEnumerator();

        void ICollection.CopyTo(Array array, int index) => _dictionary.CopyLiveUntyped<TValue, ValueProjection>(array, index);

        [System.Diagnostics.CodeAnalysis.DoesNotReturn]
        private static void ThrowReadOnly() =>
            throw new NotSupportedException("Mutating a value collection derived from a dictionary is not allowed.");

        /// <summary>Enumerates the values without allocating; versioned like the dictionary's enumerator.</summary>
        public struct Enumerator : IEnumerator<TValue>
        {
            private readonly PooledDictionary<TKey, TValue> _dictionary;
            private readonly int _version;
            private int _index;
            private TValue? _current;

            internal Enumerator(PooledDictionary<TKey, TValue> dictionary)
            {
                _dictionary = dictionary;
                _version = dictionary._table._version;
                _index = 0;
                _current = default;
            }

            /// <summary>Gets the value at the current position.</summary>
            public readonly TValue Current => _current!;

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

            /// <summary>Advances to the next value.</summary>
            /// <returns><see langword="false"/> at the end.</returns>
            /// <exception cref="InvalidOperationException">The dictionary was modified after the enumerator was created.</exception>
            /// <exception cref="ObjectDisposedException">The dictionary was disposed.</exception>
            public bool MoveNext()
            {
                ref Entry entry = ref _dictionary._table.MoveNext(_version, ref _index);
                if (!Unsafe.IsNullRef(ref entry))
                {
                    _current = entry._value;
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
