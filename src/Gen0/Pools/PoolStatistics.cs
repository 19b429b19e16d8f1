using System.Runtime.InteropServices;

namespace Gen0.Pools;

/// <summary>A snapshot of a <see cref="Pool{T}"/>'s counts, from <see cref="Pool{T}.GetStatistics"/>.</summary>
/// <remarks>
/// Rents and hits are not counted: that would put a shared write on the hot path. The counters here move only
/// on the slow paths (creation, drops, waits), so they cost nothing when the pool is warm.
/// </remarks>
/// <param name="Retained">Idle objects held by the pool (<see cref="Pool{T}.Count"/>).</param>
/// <param name="Live">Objects alive from the pool, idle or rented, counted against <see cref="PoolOptions{T}.MaxSize"/>.</param>
/// <param name="Outstanding">Objects rented and not yet returned, extras included.</param>
/// <param name="Created">Objects the factory created within the cap, since the pool was made.</param>
/// <param name="OverflowCreated">Extra objects created beyond the cap under <see cref="PoolExhaustedBehavior.Allocate"/>.</param>
/// <param name="Dropped">Objects dropped for any reason (full, reset, overflow, trimmed, disposed).</param>
/// <param name="Trimmed">Idle objects dropped by trimming.</param>
/// <param name="Waits">Rents that had to wait under <see cref="PoolExhaustedBehavior.Wait"/>.</param>
[StructLayout(LayoutKind.Auto)]
public readonly record struct PoolStatistics(
    int Retained,
    int Live,
    int Outstanding,
    long Created,
    long OverflowCreated,
    long Dropped,
    long Trimmed,
    long Waits)
{
    /// <summary>
    /// Gets the idle objects of <see cref="Trimmed"/> dropped because memory ran short: after a gen 2 collection found the
    /// process's committed memory close to the limit it runs under (or the machine's memory load close to the GC's
    /// high-load threshold). At medium pressure the pool drops what nobody reached for since the last look, at high
    /// pressure every idle object.
    /// </summary>
    public long TrimmedUnderPressure { get; init; }
}
