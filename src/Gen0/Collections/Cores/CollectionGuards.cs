using System.Diagnostics.CodeAnalysis;

namespace Gen0.Collections;

/// <summary>The enumeration rules every collection shares: what a stale enumerator throws, and the empty enumerator.</summary>
internal static class CollectionGuards
{
    /// <summary>
    /// Throws for an enumerator whose collection changed: <see cref="ObjectDisposedException"/> once the collection
    /// (of type <paramref name="collectionType"/>) is disposed, the BCL's "collection was modified" otherwise.
    /// </summary>
    [DoesNotReturn]
    public static void ThrowEnumeratorInvalid(bool disposed, Type collectionType)
    {
        if (disposed)
        {
            ThrowHelper.ThrowObjectDisposed(collectionType);
        }

        ThrowHelper.ThrowEnumFailedVersion();
    }

    /// <summary>
    /// Returns the shared empty enumerator, as the BCL twins do for an empty collection since .NET 8: no later change
    /// breaks it (its <c>MoveNext</c> keeps returning <see langword="false"/>), and it allocates nothing.
    /// </summary>
    public static IEnumerator<T> EmptyEnumerator<T>() => ((IEnumerable<T>)Array.Empty<T>()).GetEnumerator();

    /// <summary>
    /// Validates the arguments of <see cref="System.Collections.ICollection.CopyTo(Array, int)"/> as the BCL twin
    /// does: the exception types, the parameter names and, for a destination that is too short, the twin's message
    /// (<see cref="Stack{T}"/> and <see cref="Queue{T}"/> report an invalid offset and length, the dictionaries and
    /// sets an array that is too small).
    /// </summary>
    /// <param name="array">The destination.</param>
    /// <param name="index">Where in <paramref name="array"/> the copy starts.</param>
    /// <param name="count">How many elements will be copied.</param>
    /// <param name="indexName">The twin's name for the index parameter.</param>
    /// <param name="tooShortIsInvalidOffset">Whether a short destination is reported as an invalid offset and length.</param>
    public static void ValidateCopyTo(Array array, int index, int count, string indexName = "index", bool tooShortIsInvalidOffset = false)
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
            ThrowHelper.ThrowIndexOutOfRange(indexName);
        }

        if (array.Length - index < count)
        {
            if (tooShortIsInvalidOffset)
            {
                ThrowHelper.ThrowInvalidOffsetLength();
            }

            ThrowHelper.ThrowArrayTooSmall();
        }
    }

    /// <summary>
    /// Throws what <c>GetAlternateLookup</c> throws when the collection's comparer cannot compare the alternate type
    /// with the key type, as the BCL does.
    /// </summary>
    [DoesNotReturn]
    public static void ThrowIncompatibleComparer() =>
        ThrowHelper.ThrowInvalidOperation("The collection's comparer does not support the requested operation: it does not implement IAlternateEqualityComparer<TAlternate, TKey> for this alternate type. Create the collection with a comparer that does (StringComparer.Ordinal, StringComparer.OrdinalIgnoreCase, or the default string comparer for ReadOnlySpan<char>).");
}
