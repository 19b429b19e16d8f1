#if NET9_0_OR_GREATER
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace Gen0.Collections;

public partial class PooledHashSet<T>
{
    /// <summary>
    /// Returns a view of the set that takes elements of type <typeparamref name="TAlternate"/>, as
    /// <see cref="HashSet{T}.GetAlternateLookup{TAlternate}"/> does: for example <c>string</c> elements looked up by
    /// a <c>ReadOnlySpan&lt;char&gt;</c>, without allocating a string.
    /// </summary>
    /// <typeparam name="TAlternate">The alternate element type.</typeparam>
    /// <returns>The view.</returns>
    /// <exception cref="InvalidOperationException">The comparer does not implement <see cref="IAlternateEqualityComparer{TAlternate, T}"/> for <typeparamref name="TAlternate"/> and <typeparamref name="T"/>.</exception>
    /// <exception cref="ObjectDisposedException">The set has been disposed.</exception>
    public AlternateLookup<TAlternate> GetAlternateLookup<TAlternate>()
        where TAlternate : allows ref struct
    {
        if (!TryGetAlternateLookup(out AlternateLookup<TAlternate> lookup))
        {
            CollectionGuards.ThrowIncompatibleComparer();
        }

        return lookup;
    }

    /// <summary>Gets a view of the set that takes elements of type <typeparamref name="TAlternate"/>, if the comparer supports it.</summary>
    /// <typeparam name="TAlternate">The alternate element type.</typeparam>
    /// <param name="lookup">The view, or the default when the comparer does not support <typeparamref name="TAlternate"/>.</param>
    /// <returns><see langword="true"/> if the comparer supports <typeparamref name="TAlternate"/>.</returns>
    /// <exception cref="ObjectDisposedException">The set has been disposed.</exception>
    public bool TryGetAlternateLookup<TAlternate>(out AlternateLookup<TAlternate> lookup)
        where TAlternate : allows ref struct
    {
        ThrowIfDisposed();
        if (_table.SupportsAlternate<TAlternate>())
        {
            lookup = new AlternateLookup<TAlternate>(this);
            return true;
        }

        lookup = default;
        return false;
    }

    /// <summary>
    /// A view of a <see cref="PooledHashSet{T}"/> that takes elements of type <typeparamref name="TAlternate"/>; it
    /// behaves as <see cref="HashSet{T}.AlternateLookup{TAlternate}"/>.
    /// </summary>
    /// <typeparam name="TAlternate">The alternate element type.</typeparam>
    public readonly struct AlternateLookup<TAlternate>
        where TAlternate : allows ref struct
    {
        internal AlternateLookup(PooledHashSet<T> set) => Set = set;

        /// <summary>Gets the set this view reads and writes.</summary>
        public PooledHashSet<T> Set { get; }

        /// <summary>Adds the element the comparer creates from <paramref name="item"/> unless an equal one is present.</summary>
        /// <param name="item">The alternate element.</param>
        /// <returns><see langword="true"/> if it was added.</returns>
        /// <exception cref="ObjectDisposedException">The set has been disposed.</exception>
        public bool Add(TAlternate item)
        {
            Set._table.FindOrAdd(item, rejectNullKey: false, out bool found);
            return !found;
        }

        /// <summary>Removes the element equal to <paramref name="item"/>.</summary>
        /// <param name="item">The alternate element.</param>
        /// <returns><see langword="true"/> if it was present.</returns>
        /// <exception cref="ObjectDisposedException">The set has been disposed.</exception>
        public bool Remove(TAlternate item) => !Unsafe.IsNullRef(ref Set._table.Remove(item, out _));

        /// <summary>Returns whether an element equal to <paramref name="item"/> is present.</summary>
        /// <param name="item">The alternate element.</param>
        /// <returns><see langword="true"/> if present.</returns>
        /// <exception cref="ObjectDisposedException">The set has been disposed.</exception>
        public bool Contains(TAlternate item) => !Unsafe.IsNullRef(ref Set._table.FindEntry(item));

        /// <summary>Finds the stored element equal to <paramref name="equalValue"/>.</summary>
        /// <param name="equalValue">The alternate element to look for.</param>
        /// <param name="actualValue">The stored element, or the default when none is equal.</param>
        /// <returns><see langword="true"/> if found.</returns>
        /// <exception cref="ObjectDisposedException">The set has been disposed.</exception>
        public bool TryGetValue(TAlternate equalValue, [MaybeNullWhen(false)] out T actualValue)
        {
            ref Entry entry = ref Set._table.FindEntry(equalValue);
            if (!Unsafe.IsNullRef(ref entry))
            {
                actualValue = entry._value;
                return true;
            }

            actualValue = default;
            return false;
        }
    }
}
#endif
