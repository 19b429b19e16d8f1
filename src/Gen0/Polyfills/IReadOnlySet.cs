using Microsoft.CodeAnalysis;

namespace System.Collections.Generic;

/// <summary>
/// netstandard2.0 polyfill of .NET 5's read-only set interface, so that the set types declare the same interface list
/// on every target. Internal: on netstandard2.0 the sets are not visible as <c>IReadOnlySet&lt;T&gt;</c> to callers.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
[Embedded]
internal interface IReadOnlySet<T> : IReadOnlyCollection<T>
{
    /// <summary>Determines whether the set contains <paramref name="item"/>.</summary>
    /// <param name="item">The item.</param>
    /// <returns>Whether it is in the set.</returns>
    bool Contains(T item);

    /// <summary>Determines whether the set is a proper subset of <paramref name="other"/>.</summary>
    /// <param name="other">The other collection.</param>
    /// <returns>The result.</returns>
    bool IsProperSubsetOf(IEnumerable<T> other);

    /// <summary>Determines whether the set is a proper superset of <paramref name="other"/>.</summary>
    /// <param name="other">The other collection.</param>
    /// <returns>The result.</returns>
    bool IsProperSupersetOf(IEnumerable<T> other);

    /// <summary>Determines whether the set is a subset of <paramref name="other"/>.</summary>
    /// <param name="other">The other collection.</param>
    /// <returns>The result.</returns>
    bool IsSubsetOf(IEnumerable<T> other);

    /// <summary>Determines whether the set is a superset of <paramref name="other"/>.</summary>
    /// <param name="other">The other collection.</param>
    /// <returns>The result.</returns>
    bool IsSupersetOf(IEnumerable<T> other);

    /// <summary>Determines whether the set and <paramref name="other"/> share an element.</summary>
    /// <param name="other">The other collection.</param>
    /// <returns>The result.</returns>
    bool Overlaps(IEnumerable<T> other);

    /// <summary>Determines whether the set and <paramref name="other"/> hold the same elements.</summary>
    /// <param name="other">The other collection.</param>
    /// <returns>The result.</returns>
    bool SetEquals(IEnumerable<T> other);
}
