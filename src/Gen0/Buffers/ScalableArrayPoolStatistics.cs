using System.Diagnostics;

namespace Gen0.Buffers;

/// <summary>
/// A snapshot of a <see cref="ScalableArrayPool{T}"/>'s counters, from <see cref="ScalableArrayPool{T}.GetStatistics"/>.
/// </summary>
/// <remarks>
/// Counters are kept per thread without synchronization and summed when the snapshot is taken; every rent and every
/// return is counted exactly once (the thread-local hits too), so a snapshot taken while no thread rents or returns is
/// exact, and one taken meanwhile misses at most the operations in flight. Trims (the idle timer,
/// <see cref="ScalableArrayPool{T}.Trim"/>, disposal, the release of ended threads' caches) never interleave with a
/// snapshot: it sees the pool wholly before or wholly after each of them. <see cref="RetainedArrays"/> and
/// <see cref="RetainedBytes"/> are summed over the thread caches and then the shards, so while threads rent and return,
/// an array moving from a cache to a shard between the two reads is counted twice (or, moving the other way, not at
/// all); <see cref="ReservedBytes"/> is one counter and the exact bound. Counts start when the pool is created;
/// <c>Rent(0)</c> and returning an empty array are not counted.
/// </remarks>
[DebuggerDisplay("Rents = {Rents}, Hits = {Hits}, Allocations = {Allocations}, Drops = {Drops}, RetainedBytes = {RetainedBytes}")]
public sealed class ScalableArrayPoolStatistics
{
    /// <summary>Gets the number of rents of a positive length.</summary>
    public long Rents { get; internal init; }

    /// <summary>Gets the number of rents served with an array the pool kept (<see cref="ThreadLocalHits"/> included).</summary>
    public long Hits { get; internal init; }

    /// <summary>Gets the number of rents served from the calling thread's own cache, without a lock.</summary>
    public long ThreadLocalHits { get; internal init; }

    /// <summary>Gets the number of rents that allocated a new array, for any reason.</summary>
    public long Allocations => AllocationsPoolExhausted + AllocationsOverMaximumLength;

    /// <summary>Gets the number of arrays allocated because the pool held none of the size class.</summary>
    public long AllocationsPoolExhausted { get; internal init; }

    /// <summary>Gets the number of arrays allocated because the request was over the maximum length.</summary>
    public long AllocationsOverMaximumLength { get; internal init; }

    /// <summary>
    /// Gets the bytes of the arrays counted in <see cref="Allocations"/>: each array's length times the element size
    /// (what the arrays hold, not the object headers). Where the pool runs in front of a pinned or large-object heap, this
    /// is the heap growth the pool caused; compare it with what a peer pool allocated over the same traffic.
    /// </summary>
    public long AllocatedBytes { get; internal init; }

    /// <summary>Gets the number of non-empty arrays returned.</summary>
    public long Returns { get; internal init; }

    /// <summary>Gets the number of returned arrays dropped, for any reason.</summary>
    public long Drops => DropsOverMaximumLength + DropsForeignLength + DropsPoolFull + DropsOverBudget + DropsPoolDisposed + DropsDoubleReturn;

    /// <summary>Gets the number of returned arrays dropped as <see cref="ArrayPoolDropReason.OverMaximumLength"/>.</summary>
    public long DropsOverMaximumLength { get; internal init; }

    /// <summary>Gets the number of returned arrays dropped as <see cref="ArrayPoolDropReason.ForeignLength"/>.</summary>
    public long DropsForeignLength { get; internal init; }

    /// <summary>Gets the number of returned arrays dropped as <see cref="ArrayPoolDropReason.PoolFull"/>.</summary>
    public long DropsPoolFull { get; internal init; }

    /// <summary>Gets the number of returned arrays dropped as <see cref="ArrayPoolDropReason.OverBudget"/>.</summary>
    public long DropsOverBudget { get; internal init; }

    /// <summary>Gets the number of returned arrays dropped as <see cref="ArrayPoolDropReason.PoolDisposed"/>.</summary>
    public long DropsPoolDisposed { get; internal init; }

    /// <summary>Gets the number of returned arrays dropped as <see cref="ArrayPoolDropReason.DoubleReturn"/>.</summary>
    public long DropsDoubleReturn { get; internal init; }

    /// <summary>Gets the number of kept arrays released by the idle timer, by memory pressure, or by <c>Trim()</c>.</summary>
    public long TrimmedArrays { get; internal init; }

    /// <summary>Gets the bytes of the arrays counted in <see cref="TrimmedArrays"/>.</summary>
    public long TrimmedBytes { get; internal init; }

    /// <summary>
    /// Gets the number of the arrays in <see cref="TrimmedArrays"/> that were released because memory ran short: after a
    /// gen 2 collection or an idle-timer look found the process's committed memory close to the limit it runs under
    /// (or the machine's memory load close to the GC's high-load threshold). At medium pressure the pool releases what
    /// sat unused since an earlier look; at high pressure, everything not rented. The <c>Trimmed</c> event names the
    /// level as its trigger (<c>MemoryPressureMedium</c>, <c>MemoryPressureHigh</c>).
    /// </summary>
    public long PressureTrimmedArrays { get; internal init; }

    /// <summary>Gets the bytes of the arrays counted in <see cref="PressureTrimmedArrays"/>.</summary>
    public long PressureTrimmedBytes { get; internal init; }

    /// <summary>Gets the number of arrays the pool holds now, in the shards and in every thread's cache.</summary>
    public long RetainedArrays { get; internal init; }

    /// <summary>
    /// Gets the bytes of the arrays counted in <see cref="RetainedArrays"/> (elements only, no headers). Exact in a quiet
    /// snapshot; while threads move arrays between their caches and the shards it may count one twice, and so read
    /// above <see cref="ReservedBytes"/> or even <see cref="MaxRetainedBytes"/> for that moment (see the remarks).
    /// </summary>
    public long RetainedBytes { get; internal init; }

    /// <summary>
    /// Gets the bytes charged against <see cref="MaxRetainedBytes"/>: the shards' arrays plus every thread-local slot
    /// that is reserved for its thread, whether or not it holds an array right now. At most
    /// <see cref="MaxRetainedBytes"/>, and at least <see cref="RetainedBytes"/> when no thread rents or returns while
    /// the snapshot is taken (trims do not matter: they never interleave with a snapshot); while threads rent and
    /// return, the two are read moments apart and an array moving between a thread's cache and a shard may be counted
    /// in both places or in neither.
    /// </summary>
    public long ReservedBytes { get; internal init; }

    /// <summary>
    /// Gets the pool's budget, <see cref="ScalableArrayPoolOptions.MaxRetainedBytes"/>: as set, or derived from the memory
    /// limit (then it can change after a gen 2 collection, when <c>GC.RefreshMemoryLimit()</c> applied a new limit).
    /// </summary>
    public long MaxRetainedBytes { get; internal init; }

    /// <summary>Returns the number of returned arrays dropped for <paramref name="reason"/>.</summary>
    /// <param name="reason">The reason.</param>
    /// <returns>The count.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="reason"/> is not a defined value.</exception>
    public long GetDrops(ArrayPoolDropReason reason) => reason switch
    {
        ArrayPoolDropReason.OverMaximumLength => DropsOverMaximumLength,
        ArrayPoolDropReason.ForeignLength => DropsForeignLength,
        ArrayPoolDropReason.PoolFull => DropsPoolFull,
        ArrayPoolDropReason.OverBudget => DropsOverBudget,
        ArrayPoolDropReason.PoolDisposed => DropsPoolDisposed,
        ArrayPoolDropReason.DoubleReturn => DropsDoubleReturn,
        _ => throw new ArgumentOutOfRangeException(nameof(reason), reason, "Not a defined ArrayPoolDropReason."),
    };

    /// <summary>Returns the figures on one line, for logs and the debugger.</summary>
    /// <returns>The counters, for example <c>Rents = 10, Hits = 9 (thread-local 8), Allocations = 1, ...</c>.</returns>
    public override string ToString() => string.Create(
        System.Globalization.CultureInfo.InvariantCulture,
        $"Rents = {Rents}, Hits = {Hits} (thread-local {ThreadLocalHits}), Allocations = {Allocations} / {AllocatedBytes} B, Returns = {Returns}, " +
        $"Drops = {Drops} (over maximum {DropsOverMaximumLength}, foreign length {DropsForeignLength}, full {DropsPoolFull}, " +
        $"over budget {DropsOverBudget}, disposed {DropsPoolDisposed}, double return {DropsDoubleReturn}), " +
        $"Trimmed = {TrimmedArrays} arrays / {TrimmedBytes} B (under pressure {PressureTrimmedArrays} / {PressureTrimmedBytes} B), Retained = {RetainedArrays} arrays / {RetainedBytes} B, " +
        $"Reserved = {ReservedBytes} B of {MaxRetainedBytes} B");
}
