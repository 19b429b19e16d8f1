using System.Collections;
using System.Runtime.CompilerServices;
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
        // Five fields, so that the JIT keeps the enumerator of a foreach loop in registers.
        private readonly ChunkedList<T> _list;
        private readonly int _version;
        private T[] _chunk;
        private int _index;
        private T? _current;

        internal Enumerator(ChunkedList<T> list)
        {
            _list = list;
            _version = list._version;
            _chunk = [];
            _index = 0;
            _current = default;
        }

        /// <summary>Gets the element at the current position.</summary>
        public readonly T Current => _current!;

        readonly object? IEnumerator.Current
        {
            get
            {
                // 0 before the first MoveNext, -1 after the last: List<T>'s marks, which no later change can move.
                if (_index <= 0)
                {
                    ThrowHelper.ThrowEnumOpCantHappen();
                }

                return _current;
            }
        }

        /// <summary>Advances to the next element.</summary>
        /// <returns><see langword="false"/> at the end.</returns>
        /// <exception cref="InvalidOperationException">The list changed.</exception>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool MoveNext()
        {
            ChunkedList<T> list = _list;
            int index = _index;
            if (_version == list._version && (uint)index < (uint)list._size)
            {
                int offset = index & list._items.Mask;
                if (offset == 0)
                {
                    // Out of line, so that the per-element path stays small enough to inline into the loop.
                    LoadChunk(list, index);
                }

                _current = _chunk[offset];
                _index = index + 1;
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
                _list.ThrowEnumeratorInvalid();
            }

            _index = 0;
            _chunk = [];
            _current = default;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private void LoadChunk(ChunkedList<T> list, int index) => _chunk = list._items.GetChunk(index >> list._items.Shift);

        private bool MoveNextRare()
        {
            if (_version != _list._version)
            {
                _list.ThrowEnumeratorInvalid();
            }

            _index = -1;
            _current = default;
            return false;
        }
    }
}
