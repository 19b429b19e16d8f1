namespace Gen0.Collections;

/// <summary>
/// A fixed-length set of bits over caller-provided storage (stack or a rented array), used by the set operations of
/// <see cref="PooledHashSet{T}"/> to mark entry indexes. Positions past the end are ignored, as the BCL's set
/// operations rely on: entries added during the operation lie beyond the marked range.
/// </summary>
internal readonly ref struct PooledHashingBitSet
{
    /// <summary>The number of <see cref="int"/>s below which the storage lives on the stack.</summary>
    public const int StackAllocThreshold = 100;

    private readonly Span<int> _span;

    /// <summary>Wraps <paramref name="span"/> and clears it.</summary>
    public PooledHashingBitSet(Span<int> span)
    {
        span.Clear();
        _span = span;
    }

    /// <summary>Returns the number of <see cref="int"/>s that hold <paramref name="bitCount"/> bits.</summary>
    public static int ToIntArrayLength(int bitCount) => bitCount > 0 ? ((bitCount - 1) / 32) + 1 : 0;

    /// <summary>Sets bit <paramref name="position"/>, if it is in range.</summary>
    public void Mark(int position)
    {
        uint index = (uint)position / 32;
        if (index < (uint)_span.Length)
        {
            _span[(int)index] |= 1 << (int)((uint)position % 32);
        }
    }

    /// <summary>Returns whether bit <paramref name="position"/> is set; <see langword="false"/> when out of range.</summary>
    public bool IsMarked(int position)
    {
        uint index = (uint)position / 32;
        return index < (uint)_span.Length && (_span[(int)index] & (1 << (int)((uint)position % 32))) != 0;
    }
}
