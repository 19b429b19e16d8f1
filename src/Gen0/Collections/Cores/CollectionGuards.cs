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
    /// Throws what <c>GetAlternateLookup</c> throws when the collection's comparer cannot compare the alternate type
    /// with the key type, as the BCL does.
    /// </summary>
    [DoesNotReturn]
    public static void ThrowIncompatibleComparer() =>
        ThrowHelper.ThrowInvalidOperation("The collection's comparer does not support the requested operation: it does not implement IAlternateEqualityComparer<TAlternate, TKey> for this alternate type. Create the collection with a comparer that does (StringComparer.Ordinal, StringComparer.OrdinalIgnoreCase, or the default string comparer for ReadOnlySpan<char>).");
}
