namespace Gen0.Pools;

/// <summary>The settings of a <see cref="Pool{T}"/>. The pool copies them when it is created.</summary>
/// <typeparam name="T">The type of the pooled objects.</typeparam>
public sealed class PoolOptions<T>
    where T : class
{
    /// <summary>
    /// Creates a new object when the pool has no idle one. Required. If it throws, the exception reaches the
    /// renter and the pool's counts are as if the rent had not happened.
    /// </summary>
    public Func<T>? Factory { get; set; }

    /// <summary>
    /// Cleans an object that comes back, before anyone can rent it again. Return <see langword="false"/> to drop
    /// the object instead of keeping it (<see cref="ReturnResult.DroppedByReset"/>). If it throws, the object is
    /// dropped and the exception reaches the caller of <see cref="Pool{T}.Return"/>. Optional: when it is
    /// <see langword="null"/> and <typeparamref name="T"/> implements <c>Microsoft.Extensions.ObjectPool.IResettable</c>
    /// (as many .NET 8+ types do), the pool calls its <c>TryReset()</c> instead, as <c>DefaultObjectPool&lt;T&gt;</c>
    /// does; the core package needs no reference to Microsoft.Extensions.ObjectPool for that.
    /// </summary>
    public Func<T, bool>? Reset { get; set; }

    /// <summary>
    /// The most idle objects the pool keeps; one more returned is dropped (<see cref="ReturnResult.Dropped"/>).
    /// Default: 8 per processor. 0 keeps nothing; at most <see cref="MaxRetainedLimit"/> (unless <see cref="MaxSize"/> is lower). One of them lives in the returning thread's slot, the rest in
    /// per-core shards, so on one thread the bound is exact; with several threads each may additionally hold
    /// one object in its own slot (like <c>ArrayPool&lt;T&gt;.Shared</c>), so the bound is
    /// <c>MaxRetained - 1 + threads</c>. <see cref="MaxSize"/> is the hard, exact cap.
    /// </summary>
    public int MaxRetained { get; set; } = DefaultMaxRetained;

    /// <summary>
    /// The largest <see cref="MaxRetained"/> (after capping by <see cref="MaxSize"/>) a pool accepts: 2^20. The
    /// shards' rings are allocated up front, so a larger bound (say <see cref="int.MaxValue"/>) would reserve
    /// gigabytes; the pool's constructor throws <see cref="ArgumentOutOfRangeException"/> instead.
    /// </summary>
    public const int MaxRetainedLimit = 1 << 20;

    /// <summary>
    /// The hard cap on objects alive from this pool (created and not yet dropped), whether idle or rented; it is
    /// never exceeded, even under races. <see langword="null"/> (the default) means no cap. What a rent does when
    /// the cap is reached is <see cref="WhenExhausted"/>.
    /// </summary>
    public int? MaxSize { get; set; }

    /// <summary>What a rent does when <see cref="MaxSize"/> objects are alive and none is idle. Default: <see cref="PoolExhaustedBehavior.Wait"/>.</summary>
    public PoolExhaustedBehavior WhenExhausted { get; set; } = PoolExhaustedBehavior.Wait;

    /// <summary>
    /// How long a rent waits under <see cref="PoolExhaustedBehavior.Wait"/> before it throws
    /// <see cref="TimeoutException"/>: <see cref="Timeout.InfiniteTimeSpan"/> (the default) or 0 to
    /// <see cref="int.MaxValue"/> milliseconds, as for <see cref="Task.Wait(TimeSpan)"/>; the pool's constructor
    /// throws <see cref="ArgumentOutOfRangeException"/> for anything else.
    /// </summary>
    public TimeSpan WaitTimeout { get; set; } = Timeout.InfiniteTimeSpan;

    /// <summary>How many objects the pool creates up front. At most <see cref="MaxRetained"/> and <see cref="MaxSize"/>. Default 0.</summary>
    public int Prewarm { get; set; }

    /// <summary>
    /// Whether objects that implement <see cref="IDisposable"/> are disposed when the pool drops them, and the
    /// retained ones when the pool is disposed. Default <see langword="true"/>.
    /// </summary>
    public bool DisposeDropped { get; set; } = true;

    /// <summary>
    /// Whether <see cref="Pool{T}.Return"/> verifies that each object was created by this pool and is returned
    /// once. Default <see langword="true"/>: returning an object twice, returning one this pool never created
    /// (or one created by another pool), and raw-returning the value of a live <see cref="Lease{T}"/> and then
    /// disposing the lease all throw <see cref="InvalidOperationException"/> and change nothing.
    /// </summary>
    /// <remarks>
    /// <para>
    /// Cost: a return on the thread that rented the object (the common case) is recognised through that thread's
    /// last-rented entry and pays one uncontended compare-and-swap; any other return (a different thread, or
    /// not the object this thread rented last) pays one <c>ConditionalWeakTable</c> lookup, and each object the
    /// pool creates pays one table insertion. The table holds objects weakly, so rented objects that are never
    /// returned are not kept alive, and dropped objects leave it: it never grows beyond the objects alive.
    /// See docs/benchmarks/pools.md and docs/reliability/pools.md.
    /// </para>
    /// <para>
    /// Not caught even with detection: a second return that races with a new rent of the same object by
    /// someone else (the object is legitimately rented again when the stray return arrives); leases catch that
    /// too, since each lease carries its rent's generation.
    /// </para>
    /// <para>
    /// <see langword="false"/> is an explicit opt-out for measured hot paths: raw returns are then trusted, and
    /// only an immediate double return on the same thread is caught; a foreign object or a second return can put
    /// an object in the pool twice and hand it to two renters at once. Leases are verified either way.
    /// </para>
    /// </remarks>
    public bool TrackOwnership { get; set; } = true;

    /// <summary>
    /// Whether the pool records every rent with its stack until the object comes back, so that
    /// <see cref="Pool{T}.GetOutstanding"/> lists what is rented and where, <see cref="Pool{T}.AssertAllReturned"/> fails a
    /// test that forgot a return, and an object garbage collected while rented is reported as a leak
    /// (<see cref="Pool{T}.LeakCount"/>, <see cref="Pool{T}.GetLeaks"/>), as <c>GuardedArrayPool&lt;T&gt;</c> does for arrays.
    /// Default <see langword="false"/>. For tests and debugging: each rent then captures a stack trace and makes a small
    /// finalizable record (microseconds, not nanoseconds); tracking never keeps a leaked object alive.
    /// </summary>
    public bool TrackLeaks { get; set; }

    /// <summary>
    /// Idle objects that nobody rented for this long are dropped by a background timer, without waiting for a
    /// gen 2 collection. <see cref="Timeout.InfiniteTimeSpan"/> turns trimming off. Default: 1 minute.
    /// </summary>
    public TimeSpan TrimAfter { get; set; } = TimeSpan.FromMinutes(1);

    /// <summary>
    /// The processor count the pool sizes its shards for; <see langword="null"/> means
    /// <see cref="Environment.ProcessorCount"/>. Internal: lets tests build the shard layouts of 16- and 64-core
    /// machines on a small one.
    /// </summary>
    internal int? ProcessorCountOverride { get; set; }

    internal static int DefaultMaxRetained => 8 * Environment.ProcessorCount;
}
