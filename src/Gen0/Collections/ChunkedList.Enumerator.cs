using System.Collections;
using System.Runtime.InteropServices;

namespace Gen0.Collections;

/// <summary>The enumerator of <see cref="ChunkedList{T}"/>.</summary>
public sealed partial class ChunkedList<T>
{
    /// <summary>
    /// Enumerates a <see cref="ChunkedList{T}"/> in index order. It keeps the current chunk, so that stepping costs
    /// one version check and one array read; it throws once the list has changed.
    /// </summary>
    [StructLayout(LayoutKind.Auto)]
    public struct Enumerator : IEnumerator<T>
    {
        private readonly ChunkedList<T> _list;
        private readonly int _version;
        private readonly int _mask;
        private T[] _chunk;
        private int _index;
        private int _offset;
        private T? _current;

        internal Enumerator(ChunkedList<T> list)
        {
            _list = list;
            _version = list._version;
            _mask = list._items.Mask;
            _chunk = [];
            _index = 0;
            _offset = _mask + 1;
            _current = default;
        }

        /// <summary>Gets the element at the current position.</summary>
        public readonly T Current => _current!;

        readonly object? IEnumerator.Current
        {
            get
            {
                if (_index == 0 || _index == _list._size + 1)
                {
                    ThrowHelper.ThrowEnumOpCantHappen();
                }

                return _current;
            }
        }

        /// <summary>Advances to the next element.</summary>
        /// <returns><see langword="false"/> at the end.</returns>
        /// <exception cref="InvalidOperationException">The list changed.</exception>
        public bool MoveNext()
        {
            ChunkedList<T> list = _list;
            if (_version == list._version && (uint)_index < (uint)list._size)
            {
                int offset = _offset;
                if (offset > _mask)
                {
                    _chunk = list._items.GetChunk(_index >> list._items.Shift);
                    offset = 0;
                }

                _current = _chunk[offset];
                _offset = offset + 1;
                _index++;
                return true;
            }

            return MoveNextRare();
        }

        /// <summary>Does nothing: the enumerator holds no resources.</summary>
        public readonly void Dispose()
        {
        }

        void IEnumerator.Reset()
        {
            if (_version != _list._version)
            {
                ThrowHelper.ThrowEnumFailedVersion();
            }

            _index = 0;
            _offset = _mask + 1;
            _chunk = [];
            _current = default;
        }

        private bool MoveNextRare()
        {
            if (_version != _list._version)
            {
                ThrowHelper.ThrowEnumFailedVersion();
            }

            _index = _list._size + 1;
            _current = default;
            return false;
        }
    }
}
