using System.Collections;
using System.Diagnostics.CodeAnalysis;

namespace Gen0.Collections;

/// <content>The struct enumerator.</content>
public partial class PooledStack<T>
{
    /// <summary>
    /// Enumerates a <see cref="PooledStack{T}"/> from the top down like <see cref="Stack{T}.Enumerator"/>: it fails with
    /// <see cref="InvalidOperationException"/> once the stack is modified, and with <see cref="ObjectDisposedException"/>
    /// once it is disposed.
    /// </summary>
    public struct Enumerator : IEnumerator<T>, IEnumerator
    {
        private const int NotStarted = -2;
        private const int Ended = -1;

        private readonly PooledStack<T> _stack;
        private readonly int _version;
        private int _index;
        private T? _currentElement;

        internal Enumerator(PooledStack<T> stack)
        {
            _stack = stack;
            _version = stack._buffer.Version;
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
        }

        /// <summary>Advances to the next element, from the top down.</summary>
        /// <returns><see langword="false"/> at the bottom of the stack.</returns>
        /// <exception cref="InvalidOperationException">The stack was modified after the enumerator was created.</exception>
        public bool MoveNext()
        {
            bool retval;
            if (_version != _stack._buffer.Version)
            {
                ThrowVersionFailed(_stack);
            }

            if (_index == NotStarted)
            {
                _index = _stack._size - 1;
                retval = _index >= 0;
                if (retval)
                {
                    _currentElement = _stack._buffer.Items[_index];
                }

                return retval;
            }

            if (_index == Ended)
            {
                return false;
            }

            retval = --_index >= 0;
            _currentElement = retval ? _stack._buffer.Items[_index] : default;
            return retval;
        }

        void IEnumerator.Reset()
        {
            if (_version != _stack._buffer.Version)
            {
                ThrowVersionFailed(_stack);
            }

            _index = NotStarted;
            _currentElement = default;
        }

        // Static, so that no call takes the enumerator by reference and pins it to the stack in a foreach loop.
        [DoesNotReturn]
        private static void ThrowVersionFailed(PooledStack<T> collection)
        {
            collection.ThrowIfDisposed();
            throw new InvalidOperationException("Collection was modified; enumeration operation may not execute.");
        }
    }
}
