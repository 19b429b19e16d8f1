namespace Gen0.Pools;

/// <summary>
/// What <see cref="Pool{T}.Rent"/> does when the pool holds no idle object and <see cref="PoolOptions{T}.MaxSize"/>
/// objects from it are already alive.
/// </summary>
public enum PoolExhaustedBehavior
{
    /// <summary>
    /// Create an extra, untracked object that does not count against <see cref="PoolOptions{T}.MaxSize"/>.
    /// When it comes back it is dropped (<see cref="ReturnResult.DroppedOverflow"/>), never retained, so the
    /// cap on what the pool keeps alive holds. The cap becomes a soft one on what is in use.
    /// </summary>
    Allocate,

    /// <summary>
    /// Wait until an object is returned or dropped (waiters are served first come, first served).
    /// <see cref="Pool{T}.Rent"/> blocks up to <see cref="PoolOptions{T}.WaitTimeout"/>, then throws
    /// <see cref="TimeoutException"/>; <see cref="Pool{T}.RentAsync"/> waits without blocking a thread.
    /// </summary>
    Wait,

    /// <summary>Throw <see cref="InvalidOperationException"/> saying the pool is exhausted.</summary>
    Throw,
}
