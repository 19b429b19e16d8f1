namespace Gen0.Collections;

/// <summary>
/// Table sizes for the pooled and chunked hash collections: the same prime sequence as the BCL's hash tables, so that
/// a Gen0 set or dictionary grows, trims and reuses freed entries at exactly the moments its BCL twin does (which is
/// what makes their enumeration orders identical), plus the 64-bit "fast mod" that replaces a division.
/// </summary>
internal static class HashHelpers
{
    /// <summary>The largest prime a table grows to.</summary>
    public const int MaxPrimeArrayLength = 0x7FFFFFC3;

    private const int HashPrime = 101;

    private static ReadOnlySpan<int> Primes =>
    [
        3, 7, 11, 17, 23, 29, 37, 47, 59, 71, 89, 107, 131, 163, 197, 239, 293, 353, 431, 521, 631, 761, 919,
        1103, 1327, 1597, 1931, 2333, 2801, 3371, 4049, 4861, 5839, 7013, 8419, 10103, 12143, 14591,
        17519, 21023, 25229, 30293, 36353, 43627, 52361, 62851, 75431, 90523, 108631, 130363, 156437,
        187751, 225307, 270371, 324449, 389357, 467237, 560689, 672827, 807403, 968897, 1162687, 1395263,
        1674319, 2009191, 2411033, 2893249, 3471899, 4166287, 4999559, 5999471, 7199369,
    ];

    /// <summary>Returns the smallest table size of the sequence that is at least <paramref name="min"/>.</summary>
    public static int GetPrime(int min)
    {
        if (min < 0)
        {
            ThrowHelper.ThrowNeedNonNegative("capacity");
        }

        foreach (int prime in Primes)
        {
            if (prime >= min)
            {
                return prime;
            }
        }

        for (int candidate = min | 1; candidate < int.MaxValue; candidate += 2)
        {
            if (IsPrime(candidate) && ((candidate - 1) % HashPrime != 0))
            {
                return candidate;
            }
        }

        return min;
    }

    /// <summary>Returns the size a full table of <paramref name="oldSize"/> grows to: about twice as large.</summary>
    public static int ExpandPrime(int oldSize)
    {
        int newSize = 2 * oldSize;
        if ((uint)newSize > MaxPrimeArrayLength && MaxPrimeArrayLength > oldSize)
        {
            return MaxPrimeArrayLength;
        }

        return GetPrime(newSize);
    }

    /// <summary>Returns the multiplier <see cref="FastMod"/> needs for <paramref name="divisor"/>.</summary>
    public static ulong GetFastModMultiplier(uint divisor) => (ulong.MaxValue / divisor) + 1;

    /// <summary>Returns <c>value % divisor</c> without a division (Lemire's method).</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public static uint FastMod(uint value, uint divisor, ulong multiplier) =>
        (uint)(((((multiplier * value) >> 32) + 1) * divisor) >> 32);

    private static bool IsPrime(int candidate)
    {
        if ((candidate & 1) != 0)
        {
            int limit = (int)Math.Sqrt(candidate);
            for (int divisor = 3; divisor <= limit; divisor += 2)
            {
                if (candidate % divisor == 0)
                {
                    return false;
                }
            }

            return true;
        }

        return candidate == 2;
    }
}
