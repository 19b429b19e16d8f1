using System.Buffers;
using System.Runtime.CompilerServices;

namespace Gen0.Collections;

/// <summary>
/// One bit per entry for the set operations: in a stack buffer when it fits, otherwise in an int array rented from a
/// pool (a pooled set: the BCL's choice) or in pooled chunks (a chunked set: nothing on the LOH, however many
/// entries). Positions past the end are ignored, as the BCL's set operations rely on: entries added during an
/// operation lie beyond the marked range.
/// </summary>
internal ref struct EntryMarks
{
    /// <summary>The number of <see cref="int"/>s a caller's stack buffer holds (3,200 entries).</summary>
    public const int StackAllocThreshold = 100;

    private readonly Span<int> _words;
    private readonly int[]? _rented;
    private readonly ArrayPool<int>? _pool;
    private ChunkedBitArray _chunked;
    private readonly bool _isChunked;

    private EntryMarks(Span<int> words, int[]? rented, ArrayPool<int>? pool)
    {
        words.Clear();
        _words = words;
        _rented = rented;
        _pool = pool;
        _chunked = default;
        _isChunked = false;
    }

    private EntryMarks(int bitCount)
    {
        _words = default;
        _rented = null;
        _pool = null;
        _chunked = new ChunkedBitArray(bitCount);
        _isChunked = true;
    }

    /// <summary>Marks in <paramref name="stackBuffer"/>, or in an array rented from <paramref name="pool"/> when they do not fit.</summary>
    public static EntryMarks InStackOrArray(int bitCount, Span<int> stackBuffer, ArrayPool<int> pool)
    {
        int words = WordsFor(bitCount);
        if (words <= stackBuffer.Length)
        {
            return new EntryMarks(stackBuffer[..words], null, null);
        }

        int[] rented = PooledHashing.Rent(pool, words);
        return new EntryMarks(rented.AsSpan(0, words), rented, pool);
    }

    /// <summary>Marks in <paramref name="stackBuffer"/>, or in pooled chunks when they do not fit.</summary>
    public static EntryMarks InStackOrChunks(int bitCount, Span<int> stackBuffer)
    {
        int words = WordsFor(bitCount);
        return words <= stackBuffer.Length ? new EntryMarks(stackBuffer[..words], null, null) : new EntryMarks(bitCount);
    }

    /// <summary>Sets bit <paramref name="position"/>, if it is in range.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Mark(int position)
    {
        if (_isChunked)
        {
            MarkChunked(ref _chunked, position);
            return;
        }

        uint index = (uint)position / 32;
        if (index < (uint)_words.Length)
        {
            _words[(int)index] |= 1 << (int)((uint)position % 32);
        }
    }

    /// <summary>Returns whether bit <paramref name="position"/> is set; <see langword="false"/> when out of range.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly bool IsMarked(int position)
    {
        if (_isChunked)
        {
            return IsMarkedChunked(in _chunked, position);
        }

        uint index = (uint)position / 32;
        return index < (uint)_words.Length && (_words[(int)index] & (1 << (int)((uint)position % 32))) != 0;
    }

    /// <summary>Gives back what was rented.</summary>
    public void Dispose()
    {
        if (_isChunked)
        {
            _chunked.Dispose();
        }
        else if (_rented is not null)
        {
            _pool!.Return(_rented);
        }
    }

    // The chunked marks (sets of more than 3,200 entries) stay out of line, so that the span path above inlines into
    // the operations' loops as the BCL's bit helper does.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void MarkChunked(ref ChunkedBitArray marks, int position) => marks.Mark(position);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static bool IsMarkedChunked(in ChunkedBitArray marks, int position) => marks.IsMarked(position);

    private static int WordsFor(int bitCount) => bitCount > 0 ? ((bitCount - 1) / 32) + 1 : 0;
}
