using System.Runtime.CompilerServices;
using Gen0.Buffers;

namespace Gen0.IO;

/// <summary>
/// Grows and gives back the bookkeeping arrays of the chunked writers (a stream's block and start tables, a buffer
/// writer's chunk and length tables), renting them from the shared pools while they stay below the LOH, so that
/// building a stream or a writer of any size allocates no table in steady state.
/// </summary>
/// <remarks>
/// Invariant: a table is pooled exactly when its length is a power of two no longer than <see cref="MaxPooledLength"/>
/// (what the shared pools hand out for such rents); longer tables are allocated with the exact length that keeps them
/// below the LOH for as long as possible, then doubled, and left to the GC.
/// </remarks>
internal static class PooledTable
{
    /// <summary>The longest pooled table: the longest power of two whose array of 8-byte elements stays below the LOH.</summary>
    public static readonly int MaxPooledLength = LargeObjectHeap.MaxPowerOfTwoLength(sizeof(long));

    // The longest table of 8-byte elements that stays below the default LOH threshold.
    private const int MaxLengthBelowLoh = (LargeObjectHeap.DefaultThreshold - LargeObjectHeap.ArrayOverhead - 1) / sizeof(long);

    private const int InitialLength = 4;

    /// <summary>Returns a table longer than <paramref name="table"/> holding its first <paramref name="count"/> entries, and gives the old one back.</summary>
    public static T[] Grow<T>(T[] table, int count)
    {
        int length = table.Length == 0 ? InitialLength : (int)Math.Min(table.Length * 2L, Array.MaxLength);
        if (table.Length < MaxLengthBelowLoh && length > MaxLengthBelowLoh && length > MaxPooledLength)
        {
            length = MaxLengthBelowLoh;
        }

        T[] grown = length <= MaxPooledLength ? ScalableArrayPool<T>.Shared.Rent(length) : new T[length];
        Array.Copy(table, grown, count);
        Return(table);
        return grown;
    }

    /// <summary>Gives <paramref name="table"/> back to its pool if it came from one (cleared when it holds references).</summary>
    public static void Return<T>(T[] table)
    {
        int length = table.Length;
        if (length != 0 && length <= MaxPooledLength && (length & (length - 1)) == 0)
        {
            ScalableArrayPool<T>.Shared.Return(table, RuntimeHelpers.IsReferenceOrContainsReferences<T>());
        }
    }
}
