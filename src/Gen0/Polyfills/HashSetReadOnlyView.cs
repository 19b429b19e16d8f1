namespace Gen0.Collections;

/// <summary>
/// netstandard2.0: a <see cref="HashSet{T}"/> seen as the (polyfilled) <see cref="IReadOnlySet{T}"/>, so that
/// <see cref="ChunkedHashSet{T}"/>'s set operations take the same path with a <see cref="HashSet{T}"/> argument as on .NET
/// (where <see cref="HashSet{T}"/> implements it), and produce the same element order.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
internal sealed class HashSetReadOnlyView<T>(HashSet<T> set) : IReadOnlySet<T>
{
    public int Count => set.Count;

    public bool Contains(T item) => set.Contains(item);

    public bool IsProperSubsetOf(IEnumerable<T> other) => set.IsProperSubsetOf(other);

    public bool IsProperSupersetOf(IEnumerable<T> other) => set.IsProperSupersetOf(other);

    public bool IsSubsetOf(IEnumerable<T> other) => set.IsSubsetOf(other);

    public bool IsSupersetOf(IEnumerable<T> other) => set.IsSupersetOf(other);

    public bool Overlaps(IEnumerable<T> other) => set.Overlaps(other);

    public bool SetEquals(IEnumerable<T> other) => set.SetEquals(other);

    public HashSet<T>.Enumerator GetEnumerator() => set.GetEnumerator();

    IEnumerator<T> IEnumerable<T>.GetEnumerator() => set.GetEnumerator();

    System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => set.GetEnumerator();
}
