using System.Collections;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Gen0.Collections;

/// <summary>The enumerator of <see cref="ChunkedList{T}"/>.</summary>
public sealed partial class ChunkedList<T>
{
    /// <summary>
    /// Enumerates a <see cref="ChunkedList{T}"/> in index order. It holds the current chunk and the end of the live
    /// part of it, so that a step costs what a step of <see cref="List{T}.Enumerator"/> costs: one version check, one
    /// compare and one read; it throws once the list has changed.
    /// </summary>
    [StructLayout(LayoutKind.Auto)]
    public struct Enumerator : IEnumerator<T>
    {
        private readonly ChunkedList<T> _list;
        private readonly int _version;
        private T[] _chunk;

        // The next position in _chunk and the end of the live elements in it: _offset < _end <= _chunk.Length.
        private int _offset;
        private int _end;

        // The number of the chunk to load next: 0 before the first MoveNext, -1 after the last (the marks
        // IEnumerator.Current checks, as List<T>'s enumerator checks its index).
        private int _nextChunk;
        private T? _current;

        internal Enumerator(ChunkedList<T> list)
        {
            _list = list;
            _version = list._version;
            _chunk = [];
            _offset = 0;
            _end = 0;
            _nextChunk = 0;
            _current = default;
        }

        /// <summary>Gets the element at the current position.</summary>
        public readonly T Current => _current!;

        readonly object? IEnumerator.Current
        {
            get
            {
                if (_nextChunk <= 0)
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
            int offset = _offset;
            if (offset < _end && _version == _list._version)
            {
                // _end never exceeds the length of the chunk this enumerator holds (LoadNextChunk), and an array's
                // length cannot change, so no change to the list, even a racing one, can make this read escape it.
                _current = Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(_chunk), (nint)(uint)offset);
                _offset = offset + 1;
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

            _chunk = [];
            _offset = 0;
            _end = 0;
            _nextChunk = 0;
            _current = default;
        }

        // Inlined together with MoveNext, and never called through this struct's address: an enumerator whose
        // address escapes to a call cannot live in registers, and the loop would then run through the stack.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private bool MoveNextRare()
        {
            (T[]? chunk, int end) = LoadChunk(_list, _version, _nextChunk);
            if (chunk is not null)
            {
                _chunk = chunk;
                _end = end;
                _nextChunk++;
                _current = chunk[0];
                _offset = 1;
                return true;
            }

            _nextChunk = -1;
            _chunk = [];
            _offset = 0;
            _end = 0;
            _current = default;
            return false;
        }

        // Returns chunk number chunkIndex and the number of live elements in it (at least 1, at most its length),
        // or null past the last element or once chunkIndex is -1.
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static (T[]? Chunk, int End) LoadChunk(ChunkedList<T> list, int version, int chunkIndex)
        {
            if (version != list._version)
            {
                list.ThrowEnumeratorInvalid();
            }

            if (chunkIndex >= 0)
            {
                long start = (long)chunkIndex << list._items.Shift;
                if (start < list._size)
                {
                    T[] chunk = list._items.GetChunk(chunkIndex);
                    return (chunk, (int)Math.Min(Math.Min(list._size - start, list._items.ChunkLength), chunk.Length));
                }
            }

            return (null, 0);
        }
    }
}
