namespace Gen0.Collections;

/// <summary>
/// What <see cref="HashSetOperations{T, TCore}"/> needs of a set: its entries by index (live or free, in the order the
/// BCL's set would hold them), lookups that answer an entry index, adds and removes. Implemented by small struct views
/// of <see cref="PooledHashSet{T}"/> and <see cref="ChunkedHashSet{T}"/>, so that the JIT compiles the operations once
/// per set type with every call resolved, as if each set had its own copy.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
internal interface IHashSetCore<T>
{
    /// <summary>Gets the set itself (the operations short-cut an argument that is the set).</summary>
    object Owner { get; }

    /// <summary>Gets the number of elements.</summary>
    int Count { get; }

    /// <summary>Gets the number of entries used so far, live or free: the marks span <c>[0, EntryCount)</c>.</summary>
    int EntryCount { get; }

    /// <summary>Gets the comparer (the owner is known to be alive).</summary>
    IEqualityComparer<T> Comparer { get; }

    /// <summary>Returns whether entry <paramref name="index"/> is live, and its element.</summary>
    bool IsLive(int index, out T item);

    /// <summary>Returns the entry index of the element equal to <paramref name="item"/>, or -1.</summary>
    int FindIndex(T item);

    /// <summary>Adds <paramref name="item"/> unless present; <paramref name="location"/> is its entry index either way.</summary>
    bool AddIfNotPresent(T item, out int location);

    /// <summary>Removes the element equal to <paramref name="item"/>.</summary>
    bool Remove(T item);

    /// <summary>Removes every element.</summary>
    void Clear();

    /// <summary>Returns cleared marks for <paramref name="bitCount"/> entries, in <paramref name="stackBuffer"/> when they fit.</summary>
    EntryMarks CreateMarks(int bitCount, Span<int> stackBuffer);
}
