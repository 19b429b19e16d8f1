using System.Collections;
using System.Runtime.CompilerServices;

namespace Gen0.Collections;

public partial class PooledHashSet<T>
{
    /// <summary>Enumerates a <see cref="PooledHashSet{T}"/> without allocating.</summary>
    /// <remarks>
    /// Like the BCL's: invalidated by additions and <see cref="TrimExcess()"/>, not by removals or
    /// <see cref="Clear"/>; after the set is disposed it throws <see cref="ObjectDisposedException"/>.
    /// </remarks>
    public struct Enumerator : IEnumerator<T>
    {
        private readonly PooledHashSet<T> _set;
        private readonly int _version;
        private int _index;
        private T _current;

        internal Enumerator(PooledHashSet<T> set)
        {
            _set = set;
            _version = set._table._version;
            _index = 0;
            _current = default!;
        }

        /// <summary>Gets the element at the current position.</summary>
        public readonly T Current => _current;

        readonly object? IEnumerator.Current
        {
            get
            {
                if (_set._table.IsCursorOutside(_index))
                {
                    ThrowHelper.ThrowEnumOpCantHappen();
                }

                return _current;
            }
        }

        /// <summary>Advances to the next element.</summary>
        /// <returns><see langword="false"/> at the end.</returns>
        /// <exception cref="InvalidOperationException">The set was modified after the enumerator was created.</exception>
        /// <exception cref="ObjectDisposedException">The set was disposed.</exception>
        public bool MoveNext()
        {
            ref Entry entry = ref _set._table.MoveNext(_version, ref _index);
            if (!Unsafe.IsNullRef(ref entry))
            {
                _current = entry._value;
                return true;
            }

            _current = default!;
            return false;
        }

        /// <summary>Does nothing; the enumerator holds no resources.</summary>
        public readonly void Dispose()
        {
        }

        void IEnumerator.Reset()
        {
            _set._table.CheckVersion(_version);
            _index = 0;
            _current = default!;
        }
    }
}
