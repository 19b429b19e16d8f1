using System.Runtime.CompilerServices;

namespace Gen0.Collections;

/// <summary>
/// Entry-list constants and renting shared by <see cref="PooledDictionary{TKey, TValue}"/> and
/// <see cref="PooledHashSet{T}"/>.
/// </summary>
/// <remarks>Table sizes come from <see cref="HashHelpers"/>, the BCL's primes and growth rule.</remarks>
internal static class PooledHashing
{
    /// <summary>Encodes a free-list link in an entry's <c>next</c> field: <c>StartOfFreeList - next</c>.</summary>
    public const int StartOfFreeList = -3;

    /// <summary>A set built from a collection with duplicates is trimmed when capacity / count exceeds this.</summary>
    public const int ShrinkThreshold = 3;

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

    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    private static void ThrowPoolReturnedShortArray(object pool, int requested, int received) =>
        throw new InvalidOperationException(
            $"The array pool {pool.GetType().Name} returned an array of length {received} for a request of {requested}. An ArrayPool must return an array at least as long as requested; fix or replace the pool.");

    /// <summary>Throws the BCL's exception for a hash chain that loops, which only concurrent writers can cause.</summary>
    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    public static void ThrowConcurrentOperationsNotSupported() =>
        throw new InvalidOperationException("Operations that change non-concurrent collections must have exclusive access. A concurrent update was performed on this collection and corrupted its state. The collection's state is no longer correct.");
}
