using System.Collections;
using System.Runtime.InteropServices;

namespace Gen0.Collections;

/// <summary>The enumerator of <see cref="ChunkedHashSet{T}"/>.</summary>
public sealed partial class ChunkedHashSet<T>
{
    /// <summary>Enumerates a <see cref="ChunkedHashSet{T}"/> in entry order (the BCL twin's order); throws once the set has changed.</summary>
    [StructLayout(LayoutKind.Auto)]
    public struct Enumerator : IEnumerator<T>
    {
        private readonly ChunkedHashSet<T> _set;
        private readonly int _version;
        private int _index;
        private T? _current;

        internal Enumerator(ChunkedHashSet<T> set)
        {
            _set = set;
            _version = set._table.Version;
            _index = 0;
            _current = default;
        }

        /// <summary>Gets the element at the current position.</summary>
        public readonly T Current => _current!;

        readonly object? IEnumerator.Current
        {
            get
            {
                if (_index == 0 || _index == _set._table.EntryCount + 1)
                {
                    ThrowHelper.ThrowEnumOpCantHappen();
                }

                return _current;
            }
        }

        /// <summary>Advances to the next element.</summary>
        /// <returns><see langword="false"/> at the end.</returns>
        /// <exception cref="InvalidOperationException">The set changed.</exception>
        public bool MoveNext()
        {
            ref ChunkedHashTable<T, ChunkedSetEntry<T>> table = ref _set._table;
            if (_version != table.Version)
            {
                _set.ThrowEnumeratorInvalid();
            }

            int found = table.NextLiveEntry(_index);
            if (found >= 0)
            {
                _index = found + 1;
                ref ChunkedSetEntry<T> entry = ref table.EntryAt(found);
                _current = entry.Key;
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
            if (_version != _set._table.Version)
            {
                _set.ThrowEnumeratorInvalid();
            }

            _index = 0;
            _current = default;
        }
    }
}
