using System.Numerics;
using System.Runtime.CompilerServices;

namespace Gen0.Buffers;

/// <summary>
/// Maps requested array lengths to the size classes of a <see cref="ScalableArrayPool{T}"/> and back.
/// </summary>
/// <remarks>
/// Both layouts start at <see cref="MinimumLength"/>. <see cref="SizeClasses.PowerOfTwo"/> has one class per
/// doubling; <see cref="SizeClasses.Fine"/> splits every doubling <c>[2^k, 2^(k+1)]</c> at <c>5/4</c>, <c>6/4</c>
/// and <c>7/4</c> of <c>2^k</c>, so a class is at most 25 % longer than any request it serves. The class that holds
/// the maximum length is cut to exactly the maximum, so no class is longer than the pool allows (and none is longer
/// than <see cref="Array.MaxLength"/>). Both index functions are a <c>Log2</c> and a few shifts, with no table walk.
/// </remarks>
internal sealed class SizeClassTable
{
    /// <summary>The shortest class length.</summary>
    public const int MinimumLength = 16;

    private readonly bool _fine;
    private readonly int[] _lengths;

    public SizeClassTable(SizeClasses layout, int maxArrayLength)
    {
        _fine = layout == SizeClasses.Fine;
        int count = IndexOf(maxArrayLength) + 1;
        _lengths = new int[count];
        for (int i = 0; i < count; i++)
        {
            _lengths[i] = (int)Math.Min(RawLength(i), maxArrayLength);
        }
    }

    /// <summary>Gets the number of classes.</summary>
    public int Count => _lengths.Length;

    /// <summary>Gets the array length of every class, shortest first.</summary>
    public ReadOnlySpan<int> Lengths => _lengths;

    /// <summary>Returns the index of the shortest class that holds <paramref name="length"/> (1 to the maximum) elements.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int IndexOf(int length) => IndexOf(length, _fine);

    /// <summary>
    /// Returns the index of the shortest class that holds <paramref name="length"/> (1 to the maximum) elements in the
    /// layout <paramref name="fine"/> names, for callers that keep the flag next to their other hot fields.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int IndexOf(int length, bool fine)
    {
        uint value = (uint)(length - 1) | (MinimumLength - 1);
        int log = BitOperations.Log2(value);
        if (!fine)
        {
            return log - 3;
        }

        // Below 17 every request shares the first class; above, the two bits after the leading one of length - 1 pick
        // the quarter of the doubling (the OR above would have set them, so they are read from the plain value).
        return length <= MinimumLength ? 0 : ((log - 4) * 4) + (int)(((uint)(length - 1) >> (log - 2)) & 3) + 1;
    }

    /// <summary>Returns the array length of the class at <paramref name="index"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int LengthOf(int index) => _lengths[index];

    private long RawLength(int index)
    {
        if (!_fine)
        {
            return (long)MinimumLength << index;
        }

        if (index == 0)
        {
            return MinimumLength;
        }

        int step = index - 1;
        int log = (step / 4) + 4;
        return (long)(5 + (step % 4)) << (log - 2);
    }
}
