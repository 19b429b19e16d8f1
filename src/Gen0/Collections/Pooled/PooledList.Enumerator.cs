using System.Collections;
using System.Diagnostics.CodeAnalysis;

namespace Gen0.Collections;

/// <content>The struct enumerator.</content>
public partial class PooledList<T>
{
    /// <summary>Returns an enumerator over the list, in order.</summary>
    /// <returns>The enumerator.</returns>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public Enumerator GetEnumerator()
    {
        ThrowIfDisposed();
        return new Enumerator(this);
    }

    /// <summary>
    /// Enumerates a <see cref="PooledList{T}"/> like <see cref="List{T}.Enumerator"/>: it fails with
    /// <see cref="InvalidOperationException"/> once the list is modified, and with <see cref="ObjectDisposedException"/>
    /// (an <see cref="InvalidOperationException"/> too) once it is disposed.
    /// </summary>
    public struct Enumerator : IEnumerator<T>, IEnumerator
    {
        private readonly PooledList<T> _list;
        private readonly int _version;
        private int _index;
        private T? _current;

        internal Enumerator(PooledList<T> list)
        {
            _list = list;
            _index = 0;
            _version = list._buffer.Version;
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

                return Current;
            }
        }

        /// <summary>Does nothing; the enumerator holds nothing to release.</summary>
        public readonly void Dispose()
        {
        }

        /// <summary>Advances to the next element.</summary>
        /// <returns><see langword="false"/> at the end of the list.</returns>
        /// <exception cref="InvalidOperationException">The list was modified after the enumerator was created.</exception>
        public bool MoveNext()
        {
            PooledList<T> localList = _list;
            if (_version == localList._buffer.Version && ((uint)_index < (uint)localList._size))
            {
                _current = localList._buffer.Items[_index];
                _index++;
                return true;
            }

            // The rare path stays in this method and hands only the list to its throw helper: a call that took this
            // struct by reference would pin it to the stack and keep the JIT from enregistering a foreach loop.
            if (_version != localList._buffer.Version)
            {
                ThrowVersionFailed(localList);
            }

            _index = -1;
            _current = default;
            return false;
        }

        void IEnumerator.Reset()
        {
            if (_version != _list._buffer.Version)
            {
                ThrowVersionFailed(_list);
            }

            _index = 0;
            _current = default;
        }

        [DoesNotReturn]
        private static void ThrowVersionFailed(PooledList<T> list)
        {
            list.ThrowIfDisposed();
            throw new InvalidOperationException("Collection was modified; enumeration operation may not execute.");
        }
    }
}
