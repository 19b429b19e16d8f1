using System.Runtime.InteropServices;

namespace Gen0.Collections;

/// <summary>The chunk-by-chunk view of <see cref="ChunkedList{T}"/>.</summary>
public sealed partial class ChunkedList<T>
{
    /// <summary>
    /// Returns the list's elements as a sequence of read-only spans, one per chunk, in index order, so that a loop
    /// over the list can run over plain spans (vectorized <see cref="MemoryExtensions"/> calls, tight <c>for</c>
    /// loops without an indexer per element).
    /// </summary>
    /// <returns>An enumerator of the chunks, for <c>foreach (ReadOnlySpan&lt;T&gt; chunk in list.GetChunks())</c>.</returns>
    /// <remarks>
    /// Every span but the last holds <see cref="ChunkLength"/> elements; the last holds the rest (there are no empty
    /// spans, and none at all for an empty list). Like <see cref="System.Text.StringBuilder.GetChunks"/>, the spans are views of
    /// the list's storage: they are only meaningful until the list next changes, after which
    /// <see cref="ChunkEnumerator.MoveNext"/> throws and spans already taken may show the change or, for a pooled
    /// list, an array back in its pool.
    /// </remarks>
    /// <exception cref="ObjectDisposedException">The list has been disposed.</exception>
    public ChunkEnumerator GetChunks()
    {
        ThrowIfDisposed();
        return new ChunkEnumerator(this);
    }

    /// <summary>
    /// Enumerates the chunks of a <see cref="ChunkedList{T}"/> as read-only spans (see <see cref="GetChunks"/>); it
    /// throws once the list has changed.
    /// </summary>
    [StructLayout(LayoutKind.Auto)]
    public struct ChunkEnumerator
    {
        private readonly ChunkedList<T> _list;
        private readonly int _version;
        private T[] _chunk;
        private int _length;

        // The number of the chunk to load next; -1 after the last.
        private int _nextChunk;

        internal ChunkEnumerator(ChunkedList<T> list)
        {
            _list = list;
            _version = list._version;
            _chunk = [];
            _length = 0;
            _nextChunk = 0;
        }

        /// <summary>Gets the current chunk: empty before the first <see cref="MoveNext"/> and after the last.</summary>
        public readonly ReadOnlySpan<T> Current => new(_chunk, 0, _length);

        /// <summary>Returns this enumerator, so that <c>foreach</c> works over <see cref="GetChunks"/>.</summary>
        /// <returns>A copy of this enumerator.</returns>
        public readonly ChunkEnumerator GetEnumerator() => this;

        /// <summary>Advances to the next chunk.</summary>
        /// <returns><see langword="false"/> at the end.</returns>
        /// <exception cref="InvalidOperationException">The list changed or was disposed.</exception>
        public bool MoveNext()
        {
            ChunkedList<T> list = _list;
            if (_version != list._version)
            {
                list.ThrowEnumeratorInvalid();
            }

            int chunkIndex = _nextChunk;
            if (chunkIndex >= 0)
            {
                long start = (long)chunkIndex << list._items.Shift;
                if (start < list._size)
                {
                    T[] chunk = list._items.GetChunk(chunkIndex);
                    _length = (int)Math.Min(Math.Min(list._size - start, list._items.ChunkLength), chunk.Length);
                    _chunk = chunk;
                    _nextChunk = chunkIndex + 1;
                    return true;
                }
            }

            _nextChunk = -1;
            _chunk = [];
            _length = 0;
            return false;
        }
    }
}
