using Gen0.Buffers;

namespace Gen0.Collections;

/// <summary>
/// A bit per entry for the set operations of <see cref="ChunkedHashSet{T}"/>, in pooled chunks, so that marking
/// the entries of a set of millions allocates nothing on the LOH (the BCL rents one int array from the shared pool,
/// which allocates fresh ones past a million ints).
/// </summary>
internal struct ChunkedBitArray : IDisposable
{
    private readonly int _length;
    private ChunkedStorage<int> _words;

    /// <summary>Initializes <paramref name="length"/> cleared bits.</summary>
    public ChunkedBitArray(int length)
    {
        _length = length;
        _words = new ChunkedStorage<int>(ChunkedStorage<int>.DefaultChunkLength, ChunkedStorage<int[]>.DefaultDirectoryLength, DefaultArrayPool<int>.Instance);
        int words = (int)(((long)length + 31) >> 5);
        if (words > 0)
        {
            _words.Grow(words, geometric: false);
            _words.Clear(0, words);
        }
    }

    /// <summary>Sets bit <paramref name="index"/>; indexes beyond the length are ignored, as the BCL's bit helper does.</summary>
    public readonly void Mark(int index)
    {
        if ((uint)index < (uint)_length)
        {
            _words[index >> 5] |= 1 << (index & 31);
        }
    }

    /// <summary>Returns whether bit <paramref name="index"/> is set (false beyond the length).</summary>
    public readonly bool IsMarked(int index) => (uint)index < (uint)_length && (_words[index >> 5] & (1 << (index & 31))) != 0;

    /// <summary>Returns the chunks to the pool.</summary>
    public void Dispose() => _words.Release();
}
