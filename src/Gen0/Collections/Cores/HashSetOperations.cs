namespace Gen0.Collections;

/// <summary>
/// The set operations of <see cref="PooledHashSet{T}"/> and <see cref="ChunkedHashSet{T}"/>, once, over either
/// set's core: the BCL's algorithms and fast paths, so that a set changes in the same order as
/// <see cref="HashSet{T}"/> (which decides where later additions land) and answers the same. A
/// <see cref="HashSet{T}"/>, <see cref="PooledHashSet{T}"/> or <see cref="ChunkedHashSet{T}"/> argument with an equal
/// comparer takes the paths the BCL takes for a <see cref="HashSet{T}"/> with its comparer. The callers have checked
/// that the set is alive and the argument not null.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
/// <typeparam name="TCore">The set's core view.</typeparam>
internal static class HashSetOperations<T, TCore>
    where TCore : struct, IHashSetCore<T>
{
    public static void UnionWith(TCore set, IEnumerable<T> other)
    {
        if (other is T[] array)
        {
            foreach (T item in array)
            {
                set.AddIfNotPresent(item, out _);
            }

            return;
        }

        foreach (T item in other)
        {
            set.AddIfNotPresent(item, out _);
        }
    }

    public static void IntersectWith(TCore set, IEnumerable<T> other)
    {
        if (set.Count == 0 || ReferenceEquals(other, set.Owner))
        {
            return;
        }

        if (other is ICollection<T> collection)
        {
            if (collection.Count == 0)
            {
                set.Clear();
                return;
            }

            if (IsSetWithSameComparer(set, other))
            {
                for (int i = 0; i < set.EntryCount; i++)
                {
                    if (set.IsLive(i, out T item) && !SetContains(other, item))
                    {
                        set.Remove(item);
                    }
                }

                return;
            }
        }

        int originalCount = set.EntryCount;
        Span<int> stack = stackalloc int[EntryMarks.StackAllocThreshold];
        EntryMarks marks = set.CreateMarks(originalCount, stack);
        try
        {
            foreach (T item in other)
            {
                int location = set.FindIndex(item);
                if (location >= 0)
                {
                    marks.Mark(location);
                }
            }

            for (int i = 0; i < originalCount; i++)
            {
                if (set.IsLive(i, out T item) && !marks.IsMarked(i))
                {
                    set.Remove(item);
                }
            }
        }
        finally
        {
            marks.Dispose();
        }
    }

    public static void ExceptWith(TCore set, IEnumerable<T> other)
    {
        if (set.Count == 0)
        {
            return;
        }

        if (ReferenceEquals(other, set.Owner))
        {
            set.Clear();
            return;
        }

        foreach (T item in other)
        {
            set.Remove(item);
        }
    }

    public static void SymmetricExceptWith(TCore set, IEnumerable<T> other)
    {
        if (set.Count == 0)
        {
            UnionWith(set, other);
            return;
        }

        if (ReferenceEquals(other, set.Owner))
        {
            set.Clear();
            return;
        }

        if (IsSetWithSameComparer(set, other))
        {
            // Elements of a set with this comparer are unique: toggle each one.
            foreach (T item in other)
            {
                if (!set.Remove(item))
                {
                    set.AddIfNotPresent(item, out _);
                }
            }

            return;
        }

        int originalCount = set.EntryCount;
        Span<int> toRemoveStack = stackalloc int[EntryMarks.StackAllocThreshold / 2];
        Span<int> addedStack = stackalloc int[EntryMarks.StackAllocThreshold / 2];
        EntryMarks toRemove = set.CreateMarks(originalCount, toRemoveStack);
        try
        {
            EntryMarks added = set.CreateMarks(originalCount, addedStack);
            try
            {
                foreach (T item in other)
                {
                    if (set.AddIfNotPresent(item, out int location))
                    {
                        // Added now: must survive even if it appears again in other. Beyond the original range, ignored.
                        added.Mark(location);
                    }
                    else if (location < originalCount && !added.IsMarked(location))
                    {
                        toRemove.Mark(location);
                    }
                }

                for (int i = 0; i < originalCount; i++)
                {
                    if (toRemove.IsMarked(i) && set.IsLive(i, out T item))
                    {
                        set.Remove(item);
                    }
                }
            }
            finally
            {
                added.Dispose();
            }
        }
        finally
        {
            toRemove.Dispose();
        }
    }

    public static bool IsSubsetOf(TCore set, IEnumerable<T> other)
    {
        if (set.Count == 0 || ReferenceEquals(other, set.Owner))
        {
            return true;
        }

        if (IsSetWithSameComparer(set, other))
        {
            return set.Count <= ((ICollection<T>)other).Count && IsContainedIn(set, other);
        }

        (int uniqueCount, int unfoundCount) = CheckUniqueAndUnfoundElements(set, other, returnIfUnfound: false);
        return uniqueCount == set.Count && unfoundCount >= 0;
    }

    public static bool IsProperSubsetOf(TCore set, IEnumerable<T> other)
    {
        if (ReferenceEquals(other, set.Owner))
        {
            return false;
        }

        if (other is ICollection<T> collection)
        {
            if (collection.Count == 0)
            {
                return false;
            }

            if (set.Count == 0)
            {
                return collection.Count > 0;
            }

            if (IsSetWithSameComparer(set, other))
            {
                return set.Count < collection.Count && IsContainedIn(set, other);
            }
        }

        (int uniqueCount, int unfoundCount) = CheckUniqueAndUnfoundElements(set, other, returnIfUnfound: false);
        return uniqueCount == set.Count && unfoundCount > 0;
    }

    public static bool IsSupersetOf(TCore set, IEnumerable<T> other)
    {
        if (ReferenceEquals(other, set.Owner))
        {
            return true;
        }

        if (other is ICollection<T> collection)
        {
            if (collection.Count == 0)
            {
                return true;
            }

            if (IsSetWithSameComparer(set, other) && collection.Count > set.Count)
            {
                return false;
            }
        }

        return ContainsAll(set, other);
    }

    public static bool IsProperSupersetOf(TCore set, IEnumerable<T> other)
    {
        if (set.Count == 0 || ReferenceEquals(other, set.Owner))
        {
            return false;
        }

        if (other is ICollection<T> collection)
        {
            if (collection.Count == 0)
            {
                return true;
            }

            if (IsSetWithSameComparer(set, other))
            {
                return collection.Count < set.Count && ContainsAll(set, other);
            }
        }

        (int uniqueCount, int unfoundCount) = CheckUniqueAndUnfoundElements(set, other, returnIfUnfound: true);
        return uniqueCount < set.Count && unfoundCount == 0;
    }

    public static bool Overlaps(TCore set, IEnumerable<T> other)
    {
        if (set.Count == 0)
        {
            return false;
        }

        if (ReferenceEquals(other, set.Owner))
        {
            return true;
        }

        foreach (T item in other)
        {
            if (set.FindIndex(item) >= 0)
            {
                return true;
            }
        }

        return false;
    }

    public static bool SetEquals(TCore set, IEnumerable<T> other)
    {
        if (ReferenceEquals(other, set.Owner))
        {
            return true;
        }

        if (IsSetWithSameComparer(set, other))
        {
            return set.Count == ((ICollection<T>)other).Count && ContainsAll(set, other);
        }

        if (set.Count == 0 && other is ICollection<T> collection && collection.Count > 0)
        {
            return false;
        }

        (int uniqueCount, int unfoundCount) = CheckUniqueAndUnfoundElements(set, other, returnIfUnfound: true);
        return uniqueCount == set.Count && unfoundCount == 0;
    }

    /// <summary>Returns whether every element of <paramref name="set"/> is in <paramref name="other"/>, a set with the same comparer.</summary>
    public static bool IsContainedIn(TCore set, IEnumerable<T> other)
    {
        for (int i = 0; i < set.EntryCount; i++)
        {
            if (set.IsLive(i, out T item) && !SetContains(other, item))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// Recognizes the arguments whose elements are unique under the set's comparer (a <see cref="HashSet{T}"/>, a
    /// <see cref="PooledHashSet{T}"/> or a <see cref="ChunkedHashSet{T}"/> with an equal comparer), where the BCL
    /// takes its fast paths.
    /// </summary>
    private static bool IsSetWithSameComparer(TCore set, IEnumerable<T> other) => other switch
    {
        HashSet<T> bcl => bcl.Comparer.Equals(set.Comparer),
        PooledHashSet<T> pooled => pooled.Comparer.Equals(set.Comparer),
        ChunkedHashSet<T> chunked => chunked.Comparer.Equals(set.Comparer),
        _ => false,
    };

    /// <summary>Membership in a set that <see cref="IsSetWithSameComparer"/> accepted, without allocating a delegate.</summary>
    private static bool SetContains(IEnumerable<T> other, T item) => other switch
    {
        HashSet<T> bcl => bcl.Contains(item),
        PooledHashSet<T> pooled => pooled.Contains(item),
        _ => ((ChunkedHashSet<T>)other).Contains(item),
    };

    private static bool ContainsAll(TCore set, IEnumerable<T> other)
    {
        foreach (T item in other)
        {
            if (set.FindIndex(item) < 0)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>Counts the distinct elements of <paramref name="other"/> found in the set, and the ones not found.</summary>
    private static (int UniqueCount, int UnfoundCount) CheckUniqueAndUnfoundElements(TCore set, IEnumerable<T> other, bool returnIfUnfound)
    {
        if (set.EntryCount == 0)
        {
            int otherCount = 0;
            foreach (T item in other)
            {
                otherCount++;
                break;
            }

            return (0, otherCount);
        }

        Span<int> stack = stackalloc int[EntryMarks.StackAllocThreshold];
        EntryMarks found = set.CreateMarks(set.EntryCount, stack);
        try
        {
            int unfoundCount = 0;
            int uniqueFoundCount = 0;
            foreach (T item in other)
            {
                int location = set.FindIndex(item);
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
