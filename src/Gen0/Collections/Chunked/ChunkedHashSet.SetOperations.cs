namespace Gen0.Collections;

/// <summary>
/// The set operations of <see cref="ChunkedHashSet{T}"/>, with the BCL's algorithms and fast paths, so that they
/// change the set in the same order (which decides where later additions land) and answer the same.
/// </summary>
public sealed partial class ChunkedHashSet<T>
{
    /// <summary>Adds every element of <paramref name="other"/> that the set lacks.</summary>
    /// <param name="other">The elements to add.</param>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public void UnionWith(IEnumerable<T> other)
    {
        ArgumentNullException.ThrowIfNull(other);
        ThrowIfDisposed();
        if (other is T[] array)
        {
            foreach (T item in array)
            {
                _table.FindOrAdd(item, out _);
            }

            return;
        }

        foreach (T item in other)
        {
            _table.FindOrAdd(item, out _);
        }
    }

    /// <summary>Keeps only the elements that <paramref name="other"/> also contains.</summary>
    /// <param name="other">The elements to keep.</param>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public void IntersectWith(IEnumerable<T> other)
    {
        ArgumentNullException.ThrowIfNull(other);
        ThrowIfDisposed();
        if (Count == 0 || ReferenceEquals(other, this))
        {
            return;
        }

        if (other is ICollection<T> collection)
        {
            if (collection.Count == 0)
            {
                Clear();
                return;
            }

            if (AsSetWithSameComparer(other) is { } set)
            {
                for (int i = 0; i < _table.EntryCount; i++)
                {
                    ref ChunkedSetEntry<T> entry = ref _table.EntryAt(i);
                    if (entry.Next >= -1)
                    {
                        T item = entry.Key;
                        if (!set.Contains(item))
                        {
                            _table.Remove(item, out _);
                        }
                    }
                }

                return;
            }
        }

        int originalCount = _table.EntryCount;
        ChunkedBitArray marks = new(originalCount);
        try
        {
            foreach (T item in other)
            {
                int location = _table.FindIndex(item);
                if (location >= 0)
                {
                    marks.Mark(location);
                }
            }

            for (int i = 0; i < originalCount; i++)
            {
                ref ChunkedSetEntry<T> entry = ref _table.EntryAt(i);
                if (entry.Next >= -1 && !marks.IsMarked(i))
                {
                    _table.Remove(entry.Key, out _);
                }
            }
        }
        finally
        {
            marks.Dispose();
        }
    }

    /// <summary>Removes every element that <paramref name="other"/> contains.</summary>
    /// <param name="other">The elements to remove.</param>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public void ExceptWith(IEnumerable<T> other)
    {
        ArgumentNullException.ThrowIfNull(other);
        ThrowIfDisposed();
        if (Count == 0)
        {
            return;
        }

        if (ReferenceEquals(other, this))
        {
            Clear();
            return;
        }

        foreach (T item in other)
        {
            _table.Remove(item, out _);
        }
    }

    /// <summary>Keeps the elements that are in exactly one of the set and <paramref name="other"/>.</summary>
    /// <param name="other">The other elements.</param>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public void SymmetricExceptWith(IEnumerable<T> other)
    {
        ArgumentNullException.ThrowIfNull(other);
        ThrowIfDisposed();
        if (Count == 0)
        {
            UnionWith(other);
            return;
        }

        if (ReferenceEquals(other, this))
        {
            Clear();
            return;
        }

        if (AsSetWithSameComparer(other) is not null)
        {
            foreach (T item in other)
            {
                if (!_table.Remove(item, out _))
                {
                    _table.FindOrAdd(item, out _);
                }
            }

            return;
        }

        int originalCount = _table.EntryCount;
        ChunkedBitArray toRemove = new(originalCount);
        ChunkedBitArray added = new(originalCount);
        try
        {
            foreach (T item in other)
            {
                if (_table.FindOrAdd(item, out int location))
                {
                    added.Mark(location);
                }
                else if (location < originalCount && !added.IsMarked(location))
                {
                    toRemove.Mark(location);
                }
            }

            for (int i = 0; i < originalCount; i++)
            {
                if (toRemove.IsMarked(i))
                {
                    _table.Remove(_table.EntryAt(i).Key, out _);
                }
            }
        }
        finally
        {
            toRemove.Dispose();
            added.Dispose();
        }
    }

    /// <summary>Returns whether every element of the set is in <paramref name="other"/>.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> when the set is a subset.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool IsSubsetOf(IEnumerable<T> other)
    {
        ArgumentNullException.ThrowIfNull(other);
        ThrowIfDisposed();
        if (Count == 0 || ReferenceEquals(other, this))
        {
            return true;
        }

        if (AsSetWithSameComparer(other) is { } set)
        {
            return Count <= set.Count && ContainedIn(set);
        }

        (int uniqueCount, int unfoundCount) = CheckUniqueAndUnfoundElements(other, returnIfUnfound: false);
        return uniqueCount == Count && unfoundCount >= 0;
    }

    /// <summary>Returns whether the set is a subset of <paramref name="other"/> and smaller.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> when the set is a proper subset.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool IsProperSubsetOf(IEnumerable<T> other)
    {
        ArgumentNullException.ThrowIfNull(other);
        ThrowIfDisposed();
        if (ReferenceEquals(other, this))
        {
            return false;
        }

        if (other is ICollection<T> collection)
        {
            if (collection.Count == 0)
            {
                return false;
            }

            if (Count == 0)
            {
                return collection.Count > 0;
            }

            if (AsSetWithSameComparer(other) is { } set)
            {
                return Count < set.Count && ContainedIn(set);
            }
        }

        (int uniqueCount, int unfoundCount) = CheckUniqueAndUnfoundElements(other, returnIfUnfound: false);
        return uniqueCount == Count && unfoundCount > 0;
    }

    /// <summary>Returns whether the set contains every element of <paramref name="other"/>.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> when the set is a superset.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool IsSupersetOf(IEnumerable<T> other)
    {
        ArgumentNullException.ThrowIfNull(other);
        ThrowIfDisposed();
        if (ReferenceEquals(other, this))
        {
            return true;
        }

        if (other is ICollection<T> collection)
        {
            if (collection.Count == 0)
            {
                return true;
            }

            if (AsSetWithSameComparer(other) is { } set && set.Count > Count)
            {
                return false;
            }
        }

        return ContainsAll(other);
    }

    /// <summary>Returns whether the set is a superset of <paramref name="other"/> and larger.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> when the set is a proper superset.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool IsProperSupersetOf(IEnumerable<T> other)
    {
        ArgumentNullException.ThrowIfNull(other);
        ThrowIfDisposed();
        if (Count == 0 || ReferenceEquals(other, this))
        {
            return false;
        }

        if (other is ICollection<T> collection)
        {
            if (collection.Count == 0)
            {
                return true;
            }

            if (AsSetWithSameComparer(other) is { } set)
            {
                return set.Count < Count && ContainsAll(set);
            }
        }

        (int uniqueCount, int unfoundCount) = CheckUniqueAndUnfoundElements(other, returnIfUnfound: true);
        return uniqueCount < Count && unfoundCount == 0;
    }

    /// <summary>Returns whether the set and <paramref name="other"/> share an element.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> when they overlap.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool Overlaps(IEnumerable<T> other)
    {
        ArgumentNullException.ThrowIfNull(other);
        ThrowIfDisposed();
        if (Count == 0)
        {
            return false;
        }

        if (ReferenceEquals(other, this))
        {
            return true;
        }

        foreach (T item in other)
        {
            if (_table.FindIndex(item) >= 0)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Returns whether the set and <paramref name="other"/> hold the same elements.</summary>
    /// <param name="other">The other elements.</param>
    /// <returns><see langword="true"/> when they are equal as sets.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="other"/> is <see langword="null"/>.</exception>
    public bool SetEquals(IEnumerable<T> other)
    {
        ArgumentNullException.ThrowIfNull(other);
        ThrowIfDisposed();
        if (ReferenceEquals(other, this))
        {
            return true;
        }

        if (AsSetWithSameComparer(other) is { } set)
        {
            return Count == set.Count && ContainsAll(set);
        }

        if (Count == 0 && other is ICollection<T> collection && collection.Count > 0)
        {
            return false;
        }

        (int uniqueCount, int unfoundCount) = CheckUniqueAndUnfoundElements(other, returnIfUnfound: true);
        return uniqueCount == Count && unfoundCount == 0;
    }

    /// <summary>Returns <paramref name="other"/> as a set of unique elements by this set's equality, or <see langword="null"/>.</summary>
    private IReadOnlySet<T>? AsSetWithSameComparer(IEnumerable<T> other) => other switch
    {
#if NETSTANDARD2_0 // netstandard2.0's HashSet<T> is no IReadOnlySet<T> (Polyfills/HashSetReadOnlyView.cs).
        HashSet<T> set when set.Comparer.Equals(Comparer) => new HashSetReadOnlyView<T>(set),
#else
        HashSet<T> set when set.Comparer.Equals(Comparer) => set,
#endif
        ChunkedHashSet<T> set when set.Comparer.Equals(Comparer) => set,
        _ => null,
    };

    private bool ContainedIn(IReadOnlySet<T> set)
    {
        for (int i = 0; i < _table.EntryCount; i++)
        {
            ref ChunkedSetEntry<T> entry = ref _table.EntryAt(i);
            if (entry.Next >= -1 && !set.Contains(entry.Key))
            {
                return false;
            }
        }

        return true;
    }

    private bool ContainsAll(IEnumerable<T> other)
    {
        foreach (T item in other)
        {
            if (_table.FindIndex(item) < 0)
            {
                return false;
            }
        }

        return true;
    }

    private (int UniqueCount, int UnfoundCount) CheckUniqueAndUnfoundElements(IEnumerable<T> other, bool returnIfUnfound)
    {
        if (_table.EntryCount == 0)
        {
            int otherCount = 0;
            foreach (T item in other)
            {
                otherCount++;
                break;
            }

            return (0, otherCount);
        }

        ChunkedBitArray found = new(_table.EntryCount);
        try
        {
            int unfoundCount = 0;
            int uniqueFoundCount = 0;
            foreach (T item in other)
            {
                int location = _table.FindIndex(item);
                if (location >= 0)
                {
                    if (!found.IsMarked(location))
                    {
                        found.Mark(location);
                        uniqueFoundCount++;
                    }
                }
                else
                {
                    unfoundCount++;
                    if (returnIfUnfound)
                    {
                        break;
                    }
                }
            }

            return (uniqueFoundCount, unfoundCount);
        }
        finally
        {
            found.Dispose();
        }
    }
}
