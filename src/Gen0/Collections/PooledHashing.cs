using System.Runtime.CompilerServices;

namespace Gen0.Collections;

/// <summary>
/// Table sizes and bucket arithmetic shared by <see cref="PooledDictionary{TKey, TValue}"/> and
/// <see cref="PooledHashSet{T}"/>.
/// </summary>
/// <remarks>
/// The sizes are the BCL's: the same primes, the same growth rule. That is what makes <c>Capacity</c>,
/// <c>EnsureCapacity</c> and <c>TrimExcess</c> answer exactly as <see cref="Dictionary{TKey, TValue}"/> does, and
/// whether <c>TrimExcess</c> compacts the entries (which decides the order of later insertions) depends on them.
/// </remarks>
internal static class PooledHashing
{
    /// <summary>Encodes a free-list link in an entry's <c>next</c> field: <c>StartOfFreeList - next</c>.</summary>
    public const int StartOfFreeList = -3;

    /// <summary>A set built from a collection with duplicates is trimmed when capacity / count exceeds this.</summary>
    public const int ShrinkThreshold = 3;

    /// <summary>The largest prime below <see cref="Array.MaxLength"/>.</summary>
    public const int MaxPrimeArrayLength = 0x7FFFFFC3;

    private const int HashPrime = 101;

    // Roughly 1.2x apart, so that a requested capacity wastes little; past the table, primes are searched.
    private static ReadOnlySpan<int> Primes =>
    [
        3, 7, 11, 17, 23, 29, 37, 47, 59, 71, 89, 107, 131, 163, 197, 239, 293, 353, 431, 521, 631, 761, 919,
        1103, 1327, 1597, 1931, 2333, 2801, 3371, 4049, 4861, 5839, 7013, 8419, 10103, 12143, 14591,
        17519, 21023, 25229, 30293, 36353, 43627, 52361, 62851, 75431, 90523, 108631, 130363, 156437,
        187751, 225307, 270371, 324449, 389357, 467237, 560689, 672827, 807403, 968897, 1162687, 1395263,
        1674319, 2009191, 2411033, 2893249, 3471899, 4166287, 4999559, 5999471, 7199369,
    ];

    /// <summary>Returns the smallest table size at least <paramref name="min"/>.</summary>
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

    /// <summary>Returns the size to grow to from <paramref name="oldSize"/>: the first prime past twice the size.</summary>
    public static int ExpandPrime(int oldSize)
    {
        int newSize = 2 * oldSize;
        if ((uint)newSize > MaxPrimeArrayLength && MaxPrimeArrayLength > oldSize)
        {
            return MaxPrimeArrayLength;
        }

        return GetPrime(newSize);
    }

    /// <summary>Returns the multiplier that lets <see cref="FastMod"/> replace a division by <paramref name="divisor"/>.</summary>
    public static ulong GetFastModMultiplier(uint divisor) => (ulong.MaxValue / divisor) + 1;

    /// <summary>Returns <c>value % divisor</c> with two multiplications instead of a division (64-bit only).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint FastMod(uint value, uint divisor, ulong multiplier) =>
        (uint)(((((multiplier * value) >> 32) + 1) * divisor) >> 32);

    /// <summary>Rents an array of at least <paramref name="minimumLength"/>, failing loudly when a pool breaks that contract.</summary>
    public static T[] Rent<T>(System.Buffers.ArrayPool<T> pool, int minimumLength)
    {
        T[] array = pool.Rent(minimumLength);
        if (array.Length < minimumLength)
        {
            ThrowPoolReturnedShortArray(pool, minimumLength, array.Length);
        }

        return array;
    }

    /// <summary>Validates the arguments of <see cref="System.Collections.ICollection.CopyTo(Array, int)"/> as the BCL does.</summary>
    public static void ValidateCopyTo(Array array, int index, int count)
    {
        if (array is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(array));
        }

        if (array.Rank != 1)
        {
            throw new ArgumentException("Only single dimensional arrays are supported for the requested action.", nameof(array));
        }

        if (array.GetLowerBound(0) != 0)
        {
            throw new ArgumentException("The lower bound of target array must be zero.", nameof(array));
        }

        if ((uint)index > (uint)array.Length)
        {
            ThrowHelper.ThrowIndexOutOfRange(nameof(index));
        }

        if (array.Length - index < count)
        {
            ThrowHelper.ThrowArrayTooSmall();
        }
    }

    private static bool IsPrime(int candidate)
    {
        if ((candidate & 1) != 0)
        {
            int limit = (int)Math.Sqrt(candidate);
            for (int divisor = 3; divisor <= limit; divisor += 2)
            {
                if ((candidate % divisor) == 0)
                {
                    return false;
                }
            }

            return true;
        }

        return candidate == 2;
    }

    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    private static void ThrowPoolReturnedShortArray(object pool, int requested, int received) =>
        throw new InvalidOperationException(
            $"The array pool {pool.GetType().Name} returned an array of length {received} for a request of {requested}. An ArrayPool must return an array at least as long as requested; fix or replace the pool.");

    /// <summary>Throws the BCL's exception for a hash chain that loops, which only concurrent writers can cause.</summary>
    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    public static void ThrowConcurrentOperationsNotSupported() =>
        throw new InvalidOperationException("Operations that change non-concurrent collections must have exclusive access. A concurrent update was performed on this collection and corrupted its state. The collection's state is no longer correct.");
}
