namespace Gen0.Pools;

/// <summary>
/// The pool's handle on one object: the object and its generation, which says whether it is idle (even) or
/// rented (odd) and changes on every rent and return, so that a stale <see cref="Lease{T}"/> or a second
/// return is recognised by one compare-and-swap, whatever the type of the object.
/// </summary>
/// <typeparam name="T">The type of the pooled object.</typeparam>
internal sealed class PoolEntry<T>
    where T : class
{
    public PoolEntry(T? value, bool isOverflow)
    {
        Value = value;
        IsOverflow = isOverflow;
    }

    /// <summary>The object; <see langword="null"/> while the entry is a spare detached from its object.</summary>
    public T? Value;

    /// <summary>Even: idle (or a detached spare). Odd: rented. Wraps harmlessly.</summary>
    public int Generation;

    /// <summary>The object was created beyond <see cref="PoolOptions{T}.MaxSize"/> and is dropped when it comes back.</summary>
    public readonly bool IsOverflow;
}
