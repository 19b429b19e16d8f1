using System.Runtime.CompilerServices;

namespace Gen0.Collections;

/// <summary>
/// The longest arrays the chunked collections may allocate without reaching the large object heap of the GC in use.
/// </summary>
/// <remarks>
/// <para>CoreCLR and .NET Framework put objects of 85,000 bytes or more on the LOH (<see cref="LargeObjectHeap"/>).
/// Mono's SGen GC allocates every object larger than 8,000 bytes (its <c>SGEN_MAX_SMALL_OBJ_SIZE</c>) in its large
/// object space, which only a major collection frees: the same hazard at a tenth of the size. A Mono array is its
/// header (vtable and sync pointers, bounds pointer, pointer-sized length: 32 bytes on 64-bit) plus its elements, so a
/// <c>byte[7968]</c> is the longest small one (measured with <c>GC.GetGeneration</c>, which reports 1, SGen's old
/// generation, for an object born in the large object space).</para>
/// <para>SGen is recognized by its generation count: it has two (<see cref="GC.MaxGeneration"/> is 1), CoreCLR's and
/// .NET Framework's GCs three. That holds for Mono itself (the netstandard2.0 asset) and for .NET on the Mono runtime
/// (WebAssembly, Android, iOS), and needs no reflection.</para>
/// </remarks>
internal static class ChunkedArrayLimit
{
    /// <summary>The largest object SGen allocates outside its large object space, in bytes.</summary>
    public const int SGenMaxSmallObjectSize = 8_000;

    /// <summary>Bytes a Mono array occupies before its first element on a 64-bit runtime.</summary>
    public const int SGenArrayOverhead = 32;

    /// <summary>Gets whether the GC is Mono's SGen.</summary>
    public static bool IsSGen { get; } = GC.MaxGeneration == 1;

    /// <summary>
    /// Returns the largest power of two <c>n</c> such that a <typeparamref name="T"/>[n] stays out of the large object
    /// heap (or space) of the GC in use.
    /// </summary>
    public static int MaxPowerOfTwoLength<T>() => IsSGen ? SGenMaxPowerOfTwoLength(Unsafe.SizeOf<T>()) : LargeObjectHeap.MaxPowerOfTwoLength<T>();

    /// <summary>Returns the largest power of two <c>n</c> such that an array of n elements of <paramref name="elementSize"/> bytes stays small on SGen.</summary>
    public static int SGenMaxPowerOfTwoLength(int elementSize)
    {
        int limit = (SGenMaxSmallObjectSize - SGenArrayOverhead) / Math.Max(1, elementSize);
        int length = 1;
        while (length * 2 <= limit)
        {
            length *= 2;
        }

        return length;
    }
}
