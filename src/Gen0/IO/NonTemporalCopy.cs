using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Gen0.IO;

/// <summary>
/// Copies many blocks into one big destination with non-temporal (cache-bypassing) stores, as the C library's
/// <c>memmove</c> does on its own for one big copy.
/// </summary>
/// <remarks>
/// <para>
/// Why: <see cref="MemoryStream.ToArray"/> copies 16 MB with one <c>memmove</c>, which past the C library's
/// non-temporal threshold switches to non-temporal stores: the destination is written without first being read into
/// the cache, and the cache is not flushed of everything else. <see cref="PooledMemoryStream.ToArray"/> copies the same
/// bytes as 256 copies of 64 KiB, each too small for <c>memmove</c> to make that choice, so every destination line is
/// read before it is written. Deciding on the total instead of on each block gives the big copy back its bandwidth.
/// Only on x86 with AVX; elsewhere (and for small totals, whose result is better left in the cache) the ordinary copy.
/// </para>
/// <para>
/// The threshold is not glibc's: glibc takes three quarters of its per-thread share of the last-level cache, which a
/// virtual machine may report as hundreds of megabytes (so its <c>memmove</c> never streams a 16 MB copy there). Our
/// destination is a new array, not in the cache anyway, and an A/B of <c>ToArray</c> on such a machine (2-core Zen 4
/// VM, 32 MB L3, under load, alternating rounds) measured the non-temporal block copy against a <c>memmove</c> per
/// block at about 0.9x for 4 MB and 0.6-0.95x for 8 to 100 MB, and <c>ToArray</c> at 16 MB at 0.65-0.86x of
/// <see cref="MemoryStream.ToArray"/> (also when the result is read right after), 1.05x in a run where every new
/// array was faulted in page by page. The case it loses is a destination already in the cache:
/// <see cref="PooledMemoryStream.CopyTo(Span{byte})"/> into the same 4 MB buffer again and again ran 1.4x slower than
/// a <c>memmove</c> per block, because the stores bypass lines that were there; from 16 MB on it won there too.
/// </para>
/// </remarks>
internal static partial class NonTemporalCopy
{
    /// <summary>Gets whether this machine has the non-temporal path.</summary>
    public static bool IsSupported => Avx.IsSupported;

    /// <summary>
    /// Copies <paramref name="source"/> into <paramref name="destination"/> (at least as long) with non-temporal
    /// stores. The two must not overlap. Call <see cref="Fence"/> after the last block, before anyone reads the result.
    /// </summary>
    public static unsafe void Copy(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        nuint length = (nuint)source.Length;
        if (length < 256 || !Avx.IsSupported)
        {
            source.CopyTo(destination);
            return;
        }

        fixed (byte* sourceStart = source)
        fixed (byte* destinationStart = destination)
        {
            byte* from = sourceStart;
            byte* to = destinationStart;

            // Aligned stores need a 32-byte aligned destination: one unaligned vector covers the head, the loop starts
            // at the next boundary (re-writing up to 31 bytes with the same values).
            nuint head = (nuint)(32 - ((nint)to & 31)) & 31;
            if (head != 0)
            {
                Vector256.Store(Vector256.Load(from), to);
                from += head;
                to += head;
                length -= head;
            }

            while (length >= 128)
            {
                Vector256<byte> a = Vector256.Load(from);
                Vector256<byte> b = Vector256.Load(from + 32);
                Vector256<byte> c = Vector256.Load(from + 64);
                Vector256<byte> d = Vector256.Load(from + 96);
                Avx.StoreAlignedNonTemporal(to, a);
                Avx.StoreAlignedNonTemporal(to + 32, b);
                Avx.StoreAlignedNonTemporal(to + 64, c);
                Avx.StoreAlignedNonTemporal(to + 96, d);
                from += 128;
                to += 128;
                length -= 128;
            }

            while (length >= 32)
            {
                Avx.StoreAlignedNonTemporal(to, Vector256.Load(from));
                from += 32;
                to += 32;
                length -= 32;
            }

            // The tail: one unaligned vector ending at the last byte (the copy is at least 256 bytes long).
            if (length != 0)
            {
                Vector256.Store(Vector256.Load(from + length - 32), to + length - 32);
            }
        }
    }

    /// <summary>Orders the non-temporal stores before any later store (and so before the result is published).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Fence()
    {
        if (Sse.IsSupported)
        {
            Sse.StoreFence();
        }
    }
}
