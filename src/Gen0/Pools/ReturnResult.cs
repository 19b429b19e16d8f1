namespace Gen0.Pools;

/// <summary>What <see cref="Pool{T}.Return"/> did with the object it was given.</summary>
public enum ReturnResult
{
    /// <summary>The object stays in service: it was retained for the next renter or handed to a waiting one.</summary>
    Kept,

    /// <summary>The pool already retained <see cref="PoolOptions{T}.MaxRetained"/> objects; this one was dropped.</summary>
    Dropped,

    /// <summary><see cref="PoolOptions{T}.Reset"/> returned <see langword="false"/>; the object was dropped.</summary>
    DroppedByReset,

    /// <summary>
    /// The object was an extra one created by <see cref="PoolExhaustedBehavior.Allocate"/> beyond
    /// <see cref="PoolOptions{T}.MaxSize"/>; extras are never retained.
    /// </summary>
    DroppedOverflow,

    /// <summary>The pool has been disposed; the object was dropped.</summary>
    DroppedPoolDisposed,
}
