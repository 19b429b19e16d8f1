using System.Collections;
using System.Diagnostics.CodeAnalysis;

namespace Gen0.Collections;

/// <content>The struct enumerator.</content>
public partial class PooledQueue<T>
{
    /// <summary>
    /// Enumerates a <see cref="PooledQueue{T}"/> in FIFO order like <see cref="Queue{T}.Enumerator"/>: it fails with
    /// <see cref="InvalidOperationException"/> once the queue is modified, and with <see cref="ObjectDisposedException"/>
    /// once it is disposed.
    /// </summary>
    public struct Enumerator : IEnumerator<T>, IEnumerator
    {
        private const int NotStarted = -1;
        private const int Ended = -2;

        private readonly PooledQueue<T> _queue;
        private readonly int _version;
        private int _index;
        private T? _currentElement;

        internal Enumerator(PooledQueue<T> queue)
        {
            _queue = queue;
            _version = queue._buffer.Version;
            _index = NotStarted;
            _currentElement = default;
        }

        /// <summary>
        /// Gets the element at the current position; <c>default</c> before the first <see cref="MoveNext"/> and after
        /// the end (as in .NET 10, where it no longer throws).
        /// </summary>
        public readonly T Current => _currentElement!;

        readonly object? IEnumerator.Current => Current;

        /// <summary>Ends the enumeration.</summary>
        public void Dispose()
        {
            _index = Ended;
            _currentElement = default;
        }

        /// <summary>Advances to the next element.</summary>
        /// <returns><see langword="false"/> at the end of the queue.</returns>
        /// <exception cref="InvalidOperationException">The queue was modified after the enumerator was created.</exception>
        public bool MoveNext()
        {
            if (_version != _queue._buffer.Version)
            {
                ThrowVersionFailed(_queue);
            }

            if (_index == Ended)
            {
                return false;
            }

            _index++;
            if (_index == _queue._size)
            {
                _index = Ended;
                _currentElement = default;
                return false;
            }

            T[] array = _queue._buffer.Items;
            uint capacity = (uint)array.Length;
            uint arrayIndex = (uint)(_queue._head + _index);
            if (arrayIndex >= capacity)
            {
                arrayIndex -= capacity;
            }

            _currentElement = array[arrayIndex];
            return true;
        }

        void IEnumerator.Reset()
        {
            if (_version != _queue._buffer.Version)
            {
                ThrowVersionFailed(_queue);
            }

            _index = NotStarted;
            _currentElement = default;
        }

        // Static, so that no call takes the enumerator by reference and pins it to the stack in a foreach loop.
        [DoesNotReturn]
        private static void ThrowVersionFailed(PooledQueue<T> collection)
        {
            collection.ThrowIfDisposed();
            throw new InvalidOperationException("Collection was modified; enumeration operation may not execute.");
        }
    }
}
