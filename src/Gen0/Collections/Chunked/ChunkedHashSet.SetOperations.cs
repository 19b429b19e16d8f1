namespace Gen0.Collections;

/// <summary>
/// The set operations of <see cref="ChunkedHashSet{T}"/>: <see cref="HashSetOperations{T, TCore}"/>, the BCL's
/// algorithms and fast paths shared with <see cref="PooledHashSet{T}"/>, so that they change the set in the same order
/// (which decides where later additions land) and answer the same.
/// </summary>
public sealed partial class ChunkedHashSet<T>
{
    /// <summary>Adds every element of <paramref name="other"/> that the set lacks.</summary>
    /// <param name="other">The elements to add.</param>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public void UnionWith(IEnumerable<T> other) => HashSetOperations<T, Core>.UnionWith(Checked(other), other);

    /// <summary>Keeps only the elements that <paramref name="other"/> also contains.</summary>
    /// <param name="other">The elements to keep.</param>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public void IntersectWith(IEnumerable<T> other) => HashSetOperations<T, Core>.IntersectWith(Checked(other), other);

    /// <summary>Removes every element that <paramref name="other"/> contains.</summary>
    /// <param name="other">The elements to remove.</param>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public void ExceptWith(IEnumerable<T> other) => HashSetOperations<T, Core>.ExceptWith(Checked(other), other);

    /// <summary>Keeps the elements that are in exactly one of the set and <paramref name="other"/>.</summary>
    /// <param name="other">The other elements.</param>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public void SymmetricExceptWith(IEnumerable<T> other) => HashSetOperations<T, Core>.SymmetricExceptWith(Checked(other), other);

    /// <summary>Returns whether every element of the set is in <paramref name="other"/>.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> when the set is a subset.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool IsSubsetOf(IEnumerable<T> other) => HashSetOperations<T, Core>.IsSubsetOf(Checked(other), other);

    /// <summary>Returns whether the set is a subset of <paramref name="other"/> and smaller.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> when the set is a proper subset.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool IsProperSubsetOf(IEnumerable<T> other) => HashSetOperations<T, Core>.IsProperSubsetOf(Checked(other), other);

    /// <summary>Returns whether the set contains every element of <paramref name="other"/>.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> when the set is a superset.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool IsSupersetOf(IEnumerable<T> other) => HashSetOperations<T, Core>.IsSupersetOf(Checked(other), other);

    /// <summary>Returns whether the set is a superset of <paramref name="other"/> and larger.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> when the set is a proper superset.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool IsProperSupersetOf(IEnumerable<T> other) => HashSetOperations<T, Core>.IsProperSupersetOf(Checked(other), other);

    /// <summary>Returns whether the set and <paramref name="other"/> share an element.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> when they overlap.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool Overlaps(IEnumerable<T> other) => HashSetOperations<T, Core>.Overlaps(Checked(other), other);

    /// <summary>Returns whether the set and <paramref name="other"/> hold the same elements.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> when they are equal as sets.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool SetEquals(IEnumerable<T> other) => HashSetOperations<T, Core>.SetEquals(Checked(other), other);

    /// <summary>Checks the set operations' preconditions (alive first, then the argument) and returns the core they run on.</summary>
    private Core Checked(IEnumerable<T> other)
    {
        ThrowIfDisposed();
        if (other is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(other));
        }

        return new Core(this);
    }
}
