using System.Buffers;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Gen0.Memory;

namespace Gen0.Buffers;

/// <summary>
/// An <see cref="ArrayPool{T}"/> that scales like <see cref="ArrayPool{T}.Shared"/> (a lock-free thread-local tier
/// over per-core shards) and is configurable and bounded like a pool from <see cref="ArrayPool{T}.Create()"/>, with
/// statistics, events (<c>Gen0-Buffers</c>) and metrics (<c>Gen0.Buffers</c>).
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
/// <remarks>
/// <para>
/// <b>The problem.</b> <see cref="ArrayPool{T}.Shared"/> is fast but cannot be configured, keeps up to 32 arrays per
/// size per core with no byte budget, keeps one array of every size per thread (a thread that once rented 512 MB keeps
/// it), releases memory only after gen 2 collections, and moves every array between threads one at a time under a
/// lock. <see cref="ArrayPool{T}.Create()"/> can be configured but takes one lock per size class for every operation,
/// so it collapses under contention (seed 002: 16 tasks take 11x longer than with <c>Shared</c>). And services do not
/// rent and return on one thread: a request hops threads at every <c>await</c>, a producer rents what a consumer
/// returns, a burst of threads goes idle. A pool that only serves the same-thread pattern makes garbage in all of
/// these.
/// </para>
/// <para>
/// <b>Design.</b> Requests are rounded up to a size class (<see cref="SizeClasses"/>). Each thread has its own
/// cache per pool: per class a hot slot and a short stack below it (up to 8 arrays for classes up to 1 MiB, fewer for
/// bigger ones, none for classes over the thread's share of the budget). A same-thread rent and return touch only the
/// class's hot slot, as <see cref="ArrayPool{T}.Shared"/> touches its one thread-local array per size: no lock, no
/// interlocked operation. Arrays move between threads through per-core shards (one lock per shard and class) in
/// batches: a thread whose class is full (a consumer) moves the older half of it to a shard under one lock, and a
/// thread that keeps renting without returning (a producer) takes up to half a class's worth from a shard under one
/// lock, so a producer-to-consumer hand-off costs a fraction of a lock per array. A rent that misses looks in its own
/// core's shard, then in every other shard (empty ones are skipped without their lock), before it allocates; a return
/// that finds its shard full tries the others the same way.
/// </para>
/// <para>
/// <b>Invariant: retained bytes never exceed <see cref="ScalableArrayPoolOptions.MaxRetainedBytes"/>.</b> Every array
/// the pool holds is covered by a charge against the budget, taken before the array enters and released after it
/// leaves. The charges live in accounts: each thread's reserved slots (a slot is charged once, by its owner, before it
/// first holds an array, and stays charged while the owner alternates rents and returns, which is why that path needs
/// no interlocked operation), and each shard's class stack, which holds a credit of at least its arrays' bytes plus a
/// little slack, so arrays flowing through a shard touch only that shard's lock, never a pool-wide counter. The pool-
/// wide counter (<c>_reservedBytes</c>, never above the budget) moves only when an account grows or shrinks past its
/// slack. When a charge does not fit, the pool first takes back the unused slack of every shard. So
/// <c>RetainedBytes &lt;= ReservedBytes &lt;= MaxRetainedBytes</c> at every instant, with one exception: when a budget
/// that follows the memory limit is lowered below what the pool holds (after <c>GC.RefreshMemoryLimit()</c>), the
/// reservations exceed it until the release that the same gen 2 callback runs at once.
/// </para>
/// <para>
/// <b>A budget never makes the pool churn.</b> Slots parked in idle threads' caches cannot hold the budget hostage:
/// a thread reserves at most a share of the budget per class (a sixteenth, at most 8 MiB) and an eighth in all, and
/// all threads' caches together at most half of it, so the shards always have the other half for the threads that
/// are working. Idle threads' arrays and reservations are also released by the idle timer.
/// </para>
/// <para>
/// <b>Double returns.</b> Returning an array twice puts it in the pool twice, so two later renters share it. The pool
/// refuses (drops, counts as <see cref="ArrayPoolDropReason.DoubleReturn"/>, raises <c>Dropped</c>) a return of an
/// array it holds at that moment where the return would look: in the calling thread's cache of the class (the hot slot
/// or the stack below it), or, for classes without a thread-local tier, in the shard the return goes to. It never
/// refuses an array it does not hold, so a correct program never sees a <c>DoubleReturn</c> drop, whichever threads
/// rent and return. A second return on the same thread is therefore caught unless the first has left that thread's
/// cache (rented again by this thread, or moved on to a shard after at least half a class's worth of other returns of
/// the same size, or trimmed); not caught are a second return on another thread and a stale return after the array
/// was rented again (the pool cannot tell the stale owner from the new renter). <see cref="GuardedArrayPool{T}"/>
/// catches every double return.
/// </para>
/// <para>
/// <b>Trimming.</b> A timer (holding the pool weakly, so a dropped pool is still collected) stamps idle arrays and
/// releases those idle for <see cref="ScalableArrayPoolOptions.TrimAfter"/>, with no need for a gen 2 collection.
/// Under memory pressure, read after every gen 2 collection and at every timer look as the GC's committed bytes against
/// the limit the process runs under (docs/container.md), the pool releases what an earlier look saw unused (medium) or
/// everything not rented (high). <see cref="Trim"/> releases everything on demand, other threads' caches included. A released array goes to the garbage collector: the pool stops referencing it at once (its bytes
/// leave <see cref="ScalableArrayPoolStatistics.RetainedBytes"/> and are counted in
/// <see cref="ScalableArrayPoolStatistics.TrimmedBytes"/>), and the process's memory falls when the GC collects the
/// generation the array lives in, usually gen 2 or the Large Object Heap for pooled arrays, and gives the pages back
/// to the operating system. The pool does not induce that collection. If the trimmer and the owner race for an array
/// both may hold it, but the trimmer only lets it go to the GC, so no array is ever handed to two renters.
/// </para>
/// <para>
/// <b>Disposal.</b> The pool is <see cref="IDisposable"/>: <see cref="Dispose"/> releases every kept array, stops
/// the timer and recycles the pool's thread-local id; afterwards <see cref="Rent"/> throws
/// <see cref="ObjectDisposedException"/> and <see cref="Return"/> drops (arrays rented before may still come back).
/// Disposing <see cref="Shared"/> does nothing. A thread in the middle of a rent or a return finishes it first
/// (<see cref="Dispose"/> waits for it, two seconds at most), so nothing it stores outlives the pool. A pool that is
/// not disposed lets go of the arrays in threads' caches from its finalizer, once nothing references it. The owner and
/// trimmer protocol behind this: docs/architecture.md, "Pools: a thread cache's states".
/// </para>
/// <para>
/// <b>Contract</b> (as <see cref="ArrayPool{T}.Shared"/> where it has one): <c>Rent(0)</c> returns an empty array,
/// a negative length throws <see cref="ArgumentOutOfRangeException"/>, <c>Return(null)</c> throws
/// <see cref="ArgumentNullException"/>, a rented array may be longer than requested and is not cleared. Lengths over
/// <see cref="ScalableArrayPoolOptions.MaxArrayLength"/> are allocated exactly and dropped on return; an array of a
/// length the pool never hands out is dropped and counted rather than rejected. All members are thread-safe.
/// </para>
/// </remarks>
[DebuggerDisplay("{Name,nq}: {GetStatistics().RetainedBytes} bytes retained")]
public sealed partial class ScalableArrayPool<T> : ArrayPool<T>, IDisposable, IArrayPoolStatisticsSource, IMemoryPressureListener
{
    private static int s_nextSerial;

    // Shared's own thread cache: one thread-static read instead of the per-instance table lookup and token check.
    // The style guide's t_ prefix for thread statics; .editorconfig has no rule for it yet.
#pragma warning disable IDE1006
    [ThreadStatic]
    private static ThreadCache? t_sharedCache;

    // The cache of the instance this thread used last: one compare instead of the table lookup while a thread keeps
    // to one pool per element type, the common case.
    [ThreadStatic]
    private static ThreadCache? t_lastInstanceCache;
#pragma warning restore IDE1006

    private readonly bool _fine;
    private readonly int[] _lengths;
    // The bytes one element counts for in budgets and statistics (an empty struct counts as one).
    private static readonly int s_elementSize = Math.Max(1, Unsafe.SizeOf<T>());

    private readonly long[] _classBytes;
    private readonly int[] _slotStart;
    private readonly int[] _slotCapacity;
    private readonly int[] _batch;
    private readonly int _slotCount;
    private readonly Shard[] _shards;
    private readonly int _maxArrayLength;
    // The budget and the shares of it that threads may reserve: fixed when set in the options, else re-derived from the
    // memory limit after gen 2 collections (ScalableArrayPool.Pressure.cs), so read without a lock and never cached.
    private long _maxRetainedBytes;
    private long _threadTierLimit;
    private long _perThreadLimit;
    private readonly bool _budgetFollowsLimit;
    private readonly bool _clearOnReturn;
    private readonly bool _pinned;
    private readonly bool _isShared;
    private readonly int _serial;
    private readonly string _name;

    // Identifies this pool's caches in the thread-static array, whose slot ids other pools reuse once this one is gone;
    // the caches do not reference the pool itself, so a thread's cache never keeps a dropped pool alive.
    private readonly object _token = new();
    private int _id = -1;
    private volatile bool _disposed;

    /// <summary>Creates a pool with the default <see cref="ScalableArrayPoolOptions"/>.</summary>
    public ScalableArrayPool()
        : this(new ScalableArrayPoolOptions())
    {
    }

    /// <summary>Creates a pool with <paramref name="options"/> (copied: later changes to them do not apply).</summary>
    /// <param name="options">The options.</param>
    /// <exception cref="ArgumentNullException"><paramref name="options"/> is <see langword="null"/>.</exception>
    public ScalableArrayPool(ScalableArrayPoolOptions options)
        : this(options, isShared: false)
    {
    }

    private ScalableArrayPool(ScalableArrayPoolOptions options, bool isShared)
    {
        if (options is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(options));
        }

        options = options.Clone();
        Options = options;
        _isShared = isShared;
        _serial = Interlocked.Increment(ref s_nextSerial);
        _name = options.Name ?? "unnamed";
        _maxArrayLength = options.MaxArrayLength;
        _budgetFollowsLimit = options.MaxRetainedBytesFollowsLimit;
        _maxRetainedBytes = options.MaxRetainedBytes;
        _threadTierLimit = _maxRetainedBytes / 2;
        _perThreadLimit = _maxRetainedBytes / 8;
        _clearOnReturn = options.ClearOnReturn.ShouldClear<T>();
        if (options.PinnedArrays && RuntimeHelpers.IsReferenceOrContainsReferences<T>())
        {
            ThrowHelper.ThrowArgument(nameof(options), $"ScalableArrayPoolOptions.PinnedArrays needs an element type without references; {typeof(T).Name} holds references. Turn PinnedArrays off for this pool.");
        }

        _pinned = options.PinnedArrays;
        var classes = new SizeClassTable(options.SizeClasses, _maxArrayLength);
        _fine = options.SizeClasses == SizeClasses.Fine;

        int classCount = classes.Count;
        _lengths = classes.Lengths.ToArray();
        _classBytes = new long[classCount];
        _slotStart = new int[classCount];
        _slotCapacity = new int[classCount];
        _batch = new int[classCount];
        var slack = new long[classCount];
        int shardCount = options.ShardCount;
        for (int c = 0; c < classCount; c++)
        {
            long bytes = (long)_lengths[c] * s_elementSize;
            _classBytes[c] = bytes;
            _slotStart[c] = _slotCount;
            _slotCapacity[c] = options.ThreadLocalCache ? ThreadLocalSlotsFor(bytes, _maxRetainedBytes) : 0;
            _batch[c] = Math.Max(1, _slotCapacity[c] / 2);

            // A shard keeps one batch's worth of unused credit, so batches flowing through it in both directions do
            // not touch the pool-wide counter; only while every shard's slack together stays within a quarter of the
            // budget (big classes go to the pool-wide counter each time, which their size dwarfs).
            long batchBytes = _batch[c] * bytes;
            slack[c] = batchBytes <= _maxRetainedBytes / 4 / classCount / shardCount ? batchBytes : 0;

            // Slot 0 of every class is its hot slot, held in the class's state; Slots holds the rest.
            _slotCount += Math.Max(_slotCapacity[c] - 1, 0);
        }

        _shards = new Shard[shardCount];
        for (int i = 0; i < _shards.Length; i++)
        {
            _shards[i] = new Shard(_classBytes, slack, options.MaxArraysPerShard);
        }

        _id = ThreadCacheTable.AllocateId();
        StartTrimTimer(options.TrimAfter);
#if NET
        MemoryPressure.Register(this); // not on netstandard2.0: see its remarks
#endif
        ArrayPoolMetrics.Register(this);
    }

    /// <summary>
    /// Finalizes a pool that was not disposed: lets go of the arrays in every thread's cache, which threads' statics
    /// still reach after the pool is gone, and recycles its thread-local id.
    /// </summary>
    ~ScalableArrayPool()
    {
        if (!_disposed)
        {
            ReleaseCachesOfCollectedPool();
        }

        ReleaseId();
    }

    /// <summary>
    /// Gets the process-wide pool for <typeparamref name="T"/>, named <c>Shared</c>: default options (power-of-two
    /// classes up to 2^30 elements, thread-local tier, a budget of an eighth of the memory limit at most 1 GiB, 60 second
    /// idle trim) unless runtimeconfig.json properties or environment variables change them
    /// (<see cref="ScalableArrayPoolOptions.FromRuntimeSettings()"/>). Disposing it does nothing.
    /// </summary>
    /// <exception cref="TypeInitializationException">On first use, when a runtime setting is wrong (its inner
    /// <see cref="ArgumentException"/> names it); call <see cref="ScalableArrayPoolOptions.FromRuntimeSettings()"/> at
    /// start-up to find out there.</exception>
    public static new ScalableArrayPool<T> Shared => SharedHolder.Instance;

    /// <summary>Gets the pool's name (<see cref="ScalableArrayPoolOptions.Name"/>, or <c>unnamed</c>).</summary>
    public string Name => _name;

    /// <summary>Gets the longest array length the pool keeps.</summary>
    public int MaxArrayLength => _maxArrayLength;

    /// <summary>
    /// Gets the byte budget of the pool: as set in the options, or, when they left it unset, derived from the memory
    /// limit the process runs under (see <see cref="ScalableArrayPoolOptions.MaxRetainedBytes"/>) and read again after
    /// every gen 2 collection.
    /// </summary>
    public long MaxRetainedBytes => Volatile.Read(ref _maxRetainedBytes);

    /// <summary>Gets the array lengths the pool hands out for requests up to <see cref="MaxArrayLength"/>, shortest first.</summary>
    public ReadOnlySpan<int> SizeClassLengths => _lengths;

    string IArrayPoolStatisticsSource.ElementType => typeof(T).Name;

    bool IArrayPoolStatisticsSource.IsDisposed => _disposed;

    /// <summary>Gets the options the pool was created with (its own copy; never changed).</summary>
    internal ScalableArrayPoolOptions Options { get; }

    /// <summary>Gets the id that this pool's <c>Gen0-Buffers</c> events carry as <c>poolId</c>.</summary>
    internal int EventPoolId => _serial;

    /// <summary>Gets how many arrays of the class holding <paramref name="length"/> one thread may keep (tests).</summary>
    internal int ThreadSlotsForLength(int length) => _slotCapacity[SizeClassTable.IndexOf(length, _fine)];

    /// <summary>
    /// Returns an array of at least <paramref name="minimumLength"/> elements, not cleared; return it with
    /// <see cref="Return"/> when done.
    /// </summary>
    /// <param name="minimumLength">The minimum length.</param>
    /// <returns>An array whose length is the size class of <paramref name="minimumLength"/>, or exactly
    /// <paramref name="minimumLength"/> over <see cref="MaxArrayLength"/>, or an empty array for 0.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="minimumLength"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The pool was disposed.</exception>
    public override T[] Rent(int minimumLength)
    {
        // The hit path, as short as ArrayPool<T>.Shared's: one thread-static read (Shared) or the last-used cache's
        // token compare (instances), the class index (a Log2), the class's hot slot, and the thread's own hit counter.
        // No lock, no interlocked operation, no bounds check the invariants already guarantee (c < class count). The
        // class's stack below the hot slot is the slow path's.
        ThreadCache? cache = GetThreadCache();
        if (cache is not null && (uint)(minimumLength - 1) < (uint)_maxArrayLength)
        {
            int c = SizeClassTable.IndexOf(minimumLength, _fine);
            ref Slot hot = ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(cache.Classes), c).Hot;
            T[]? array = hot.Array;
            if (array is not null)
            {
                hot.Array = null;
                cache.ThreadLocalHits++;
                if (ArrayPoolEventSource.Log.IsEnabled())
                {
                    LogRented(array, minimumLength);
                }

                return array;
            }
        }

        return RentSlow(cache, minimumLength);
    }

    /// <summary>
    /// Returns an array rented from this pool. Arrays the pool cannot keep (over the maximum length, of a length it
    /// never hands out, over the budget, when full, or already returned and still held: see the remarks on double
    /// returns) are dropped and counted, not rejected.
    /// </summary>
    /// <param name="array">The array.</param>
    /// <param name="clearArray">Whether to clear the array first; <see langword="true"/> always clears, whatever
    /// <see cref="ScalableArrayPoolOptions.ClearOnReturn"/> says.</param>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is <see langword="null"/>.</exception>
    public override void Return(T[] array, bool clearArray = false)
    {
        if (array is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(array));
        }

        if (clearArray)
        {
            Array.Clear(array);
        }

        int length = array.Length;
        ThreadCache? cache = GetThreadCache();
        if (cache is not null && (uint)(length - 1) < (uint)_maxArrayLength)
        {
            int c = SizeClassTable.IndexOf(length, _fine);
            if (Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(_lengths), c) == length)
            {
                if (_clearOnReturn && !clearArray)
                {
                    Array.Clear(array);
                }

                ReturnToClass(cache, array, c);
                return;
            }
        }

        ReturnUncommon(cache, array);
    }

    /// <summary>
    /// Releases every array the pool keeps, in the shards and in every thread's cache, now, with the budget they were
    /// charged to. Rented arrays are not affected and may be returned as usual. The released arrays are garbage from
    /// now on; the process's memory falls when the GC collects them (see the remarks on trimming).
    /// </summary>
    public void Trim() => TrimCore(TrimKind.Explicit);

    /// <summary>
    /// Releases every kept array, stops the idle timer and recycles the pool's thread-local id. Afterwards
    /// <see cref="Rent"/> throws <see cref="ObjectDisposedException"/> and <see cref="Return"/> drops the array.
    /// Does nothing for <see cref="Shared"/>.
    /// </summary>
    public void Dispose()
    {
        if (_isShared || _disposed)
        {
            return;
        }

        _disposed = true;
        StopTrimTimer();
        MemoryPressure.Unregister(this);
        TrimCore(TrimKind.Dispose);
        ReleaseId();
        GC.SuppressFinalize(this);
    }

    /// <summary>
    /// Returns a snapshot of the pool's counters (rents, hits, allocations, drops by reason, trims) and of what it
    /// retains. Rents and returns are each counted exactly once. Summing the threads' counters takes a lock the hot
    /// paths never take (trims hold it too, so a snapshot never sees half a trim); call it for monitoring, not per
    /// operation.
    /// </summary>
    /// <returns>The snapshot.</returns>
    public ScalableArrayPoolStatistics GetStatistics() => CollectStatistics();

    /// <summary>Gets the calling thread's cache for this pool, or <see langword="null"/> before its first use (or after disposal).</summary>
    /// <remarks>
    /// Reads the thread statics unconditionally, whichever pool this is: they share one thread-static base, which the
    /// JIT fetches with a helper call, and unguarded that call is made once per method and hoisted out of loops (as
    /// for <see cref="ArrayPool{T}.Shared"/>'s own thread static), while a read behind the <c>_isShared</c> branch
    /// made the call on every rent and every return. An instance first tries the cache it used last on this thread.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ThreadCache? GetThreadCache()
    {
        ThreadCache? shared = t_sharedCache;
        ThreadCache? last = t_lastInstanceCache;
        if (_isShared)
        {
            return shared;
        }

        // Only this pool's caches carry its token; a disposed pool's caches carry none.
        return last is not null && ReferenceEquals(last.Owner, _token) ? last : FindInstanceCache();
    }

    /// <summary>The instance lookup when the thread's last-used cache is another pool's: the thread's table, by id.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private ThreadCache? FindInstanceCache()
    {
        // No cache of this element type on this thread yet (see EnsureInstanceTable): the table is not read.
        if (t_lastInstanceCache is null)
        {
            return null;
        }

        object?[]? caches = ThreadCacheTable.Current;
        int id = _id;
        if (caches is not null && (uint)id < (uint)caches.Length)
        {
            // Entries of other pools (of any element type) may sit at this id; only this pool's token is accepted,
            // and only this pool's caches carry it, so the unchecked cast is safe.
            object? entry = caches[id];
            if (entry is not null && ReferenceEquals(Unsafe.As<ThreadCache>(entry).Owner, _token))
            {
                ThreadCache cache = Unsafe.As<ThreadCache>(entry);
                t_lastInstanceCache = cache;
                return cache;
            }
        }

        return null;
    }

    /// <summary>Every rent the hit path did not serve: first use on this thread, an empty hot slot, 0, over the maximum, negative.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private T[] RentSlow(ThreadCache? cache, int minimumLength)
    {
        if ((uint)(minimumLength - 1) < (uint)_maxArrayLength)
        {
            int c = SizeClassTable.IndexOf(minimumLength, _fine);
            if (cache is null)
            {
                // A thread's first rent: the cache may be one it took over from an ended thread, arrays and all.
                cache = GetOrCreateThreadCache();
                ref Slot hot = ref cache.Classes[c].Hot;
                if (hot.Array is { } inherited)
                {
                    hot.Array = null;
                    cache.ThreadLocalHits++;
                    LogRented(inherited, minimumLength);
                    return inherited;
                }
            }

            return cache.Classes[c].Count > 0 ? RentFromStack(cache, c, minimumLength) : RentFromShards(cache, c, minimumLength);
        }

        if (minimumLength == 0)
        {
            return [];
        }

        if (minimumLength < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(minimumLength));
        }

        return RentUnpooled(cache ?? GetOrCreateThreadCache(), minimumLength);
    }

    /// <summary>
    /// The hot slot is empty (a nested rent, or the trimmer took it): pops the class's stack, skipping slots the
    /// trimmer emptied, before going to the shards.
    /// </summary>
    private T[] RentFromStack(ThreadCache cache, int c, int minimumLength)
    {
        int start = _slotStart[c];
        for (int n = cache.Classes[c].Count; n > 0;)
        {
            n--;
            ref Slot slot = ref cache.Slots[start + n];
            T[]? array = slot.Array;
            if (array is not null)
            {
                slot.Array = null;
                cache.Classes[c].Count = n;
                cache.ThreadLocalHits++;
                LogRented(array, minimumLength);
                return array;
            }
        }

        cache.Classes[c].Count = 0;
        return RentFromShards(cache, c, minimumLength);
    }

    /// <summary>
    /// The thread's class is empty: takes an array from the shards (this core's first, then every other one), and,
    /// when this thread has been renting the class without returning any array since its last miss (a producer),
    /// a batch that refills the class's slots, so the next rents are thread-local. Allocates only when every shard is
    /// empty.
    /// </summary>
    private T[] RentFromShards(ThreadCache cache, int c, int minimumLength)
    {
        bool unlocked = EnterOwner(cache);
        try
        {
            // Disposal retired the cache after this rent found it (see ReleaseRetiredCaches): nothing goes back in.
            if (!unlocked && cache.Owner is null)
            {
                ThrowHelper.ThrowObjectDisposed(GetType());
            }

            if (cache.ReleaseRequested)
            {
                ReleaseEmptyReservations(cache);
            }

            int take = 1 + RefillRoom(cache, c);
            T[]?[] batch = cache.Batch;
            int got = _shards.Length == 1 ? _shards[0].TryPop(c, batch, take, this) : PopFromAnyShard(c, batch, take);
            if (got != 0)
            {
                T[] array = batch[0]!;
                batch[0] = null;
                if (got > 1)
                {
                    PlaceRefill(cache, c, batch, got - 1);
                }

                cache.Counters[Counter.ShardHits]++;
                LogRented(array, minimumLength);
                return array;
            }
        }
        finally
        {
            ExitOwner(cache, unlocked);
        }

        T[] allocated = GC.AllocateUninitializedArray<T>(_lengths[c], _pinned);
        cache.Counters[Counter.AllocationsPoolExhausted]++;
        cache.Counters[Counter.AllocatedBytes] += _classBytes[c];
        LogAllocated(allocated, minimumLength, ArrayPoolAllocationReason.PoolExhausted);
        return allocated;
    }

    private int PopFromAnyShard(int c, T[]?[] batch, int take)
    {
        Shard[] shards = _shards;
        int index = CurrentShard();
        for (int i = 0; i < shards.Length; i++)
        {
            int got = shards[index].TryPop(c, batch, take, this);
            if (got != 0)
            {
                return got;
            }

            if (++index == shards.Length)
            {
                index = 0;
            }
        }

        return 0;
    }

    private T[] RentUnpooled(ThreadCache cache, int minimumLength)
    {
        T[] array = GC.AllocateUninitializedArray<T>(minimumLength, _pinned); // may throw OutOfMemoryException: count after
        cache.Counters[Counter.AllocationsOverMaximumLength]++;
        cache.Counters[Counter.AllocatedBytes] += (long)array.Length * s_elementSize;
        LogAllocated(array, minimumLength, ArrayPoolAllocationReason.OverMaximumLength);
        return array;
    }

    /// <summary>
    /// Returns an array of class <paramref name="c"/> to the calling thread's cache (or on to a shard). Holds the
    /// owner's side of the handshake with a trimmer that takes reservations back (see <c>AnnounceRevocation</c>):
    /// say "writing my slots" with a plain store, then read whether a trimmer is at work on them.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void ReturnToClass(ThreadCache cache, T[] array, int c)
    {
        cache.Busy = true;
        ProcessWideBarrier.OwnerSide();
        if (!cache.Revoking)
        {
            ref ClassState state = ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(cache.Classes), c);

            // The common return: the class holds nothing here (the array was rented from its hot slot) and its hot
            // slot is reserved, so the array cannot already be in this thread's cache and goes straight in.
            if (state.Hot.Array is null && state.Count == 0 && state.Reserved != 0)
            {
                // Stored through the array element, not the ref: the JIT then knows the target is on the GC heap and
                // uses the plain write barrier instead of the checked one.
                cache.Classes[c].Hot.Array = array;
                state.Hot.Stamp = 0;
                cache.ThreadLocalReturns++;
                Volatile.Write(ref cache.Busy, false);
                if (ArrayPoolEventSource.Log.IsEnabled())
                {
                    LogReturned(array);
                }

                return;
            }

            ReturnWhileBusy(cache, array, c);
            return;
        }

        cache.Busy = false;
        ReturnWhileTrimmed(cache, array, c);
    }

    /// <summary>
    /// The owner's full return inside its lock-free section (<c>Busy</c> set): <c>Busy</c> is cleared however the
    /// return ends. An exception (an event listener's allocation under a heap limit, an interrupt while waiting for the
    /// cache's lock) left it set before, and no trimmer could then take back that thread's reservations (issue 44).
    /// Out of line, so the hit path carries no exception handling.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ReturnWhileBusy(ThreadCache cache, T[] array, int c)
    {
        try
        {
            ReturnToThreadCache(cache, array, c);
        }
        finally
        {
            Volatile.Write(ref cache.Busy, false);
        }
    }

    /// <summary>Every return the fast path did not take: an empty array, the first return on this thread, a foreign length, over the maximum, after disposal.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ReturnUncommon(ThreadCache? cache, T[] array)
    {
        int length = array.Length;
        if (length == 0)
        {
            return;
        }

        cache ??= TryCreateThreadCache();
        if (cache is null)
        {
            DropWithoutCache(array);
            return;
        }

        if ((uint)(length - 1) < (uint)_maxArrayLength)
        {
            int c = SizeClassTable.IndexOf(length, _fine);
            if (_lengths[c] == length)
            {
                // The thread's first return (its cache did not exist yet). Return cleared already if asked to; clear
                // here only for ClearMode.Always/Auto, which may clear an array twice, once per thread.
                if (_clearOnReturn)
                {
                    Array.Clear(array);
                }

                ReturnToClass(cache, array, c);
                return;
            }

            Drop(cache, array, ArrayPoolDropReason.ForeignLength);
            return;
        }

        Drop(cache, array, ArrayPoolDropReason.OverMaximumLength);
    }

    /// <summary>
    /// The owner's full return of an array of class <paramref name="c"/>: refused if this thread holds it already,
    /// else into the hot slot if it is empty and reserved, else onto the class's stack if its next slot is reserved,
    /// else a newly reserved slot, else (the class is full) the older half of the class moves to a shard to make room,
    /// else straight to a shard. Called with <c>Busy</c> set or under the cache's lock, so no trimmer changes the
    /// reservations meanwhile.
    /// </summary>
    private void ReturnToThreadCache(ThreadCache cache, T[] array, int c)
    {
        ref ClassState state = ref cache.Classes[c];
        if (ReferenceEquals(state.Hot.Array, array) || (state.Count != 0 && IsInThreadCache(cache, _slotStart[c], state.Count, array)))
        {
            Drop(cache, array, ArrayPoolDropReason.DoubleReturn);
            return;
        }

        if (cache.ReleaseRequested)
        {
            ReleaseEmptyReservations(cache);
        }

        // A trimmer that lowered the reservations below the stack's count left only empty slots above them.
        int reserved = state.Reserved;
        if (state.Count > reserved - 1)
        {
            state.Count = Math.Max(reserved - 1, 0);
        }

        if (state.Hot.Array is null && reserved != 0)
        {
            state.Hot.Array = array;
            state.Hot.Stamp = 0;
            cache.ThreadLocalReturns++;
            LogReturned(array);
            return;
        }

        // Stack position n + 1 is slot index n + 1, reserved while it is below Reserved.
        if (state.Count + 1 < reserved)
        {
            PushUnderHot(cache, c, ref state, array);
            return;
        }

        // Every reserved slot holds an array (or none is reserved): reserve the next one, once per slot.
        if (reserved < _slotCapacity[c] && TryReserveSlots(cache, c, 1) == 1)
        {
            if (reserved == 0)
            {
                state.Hot.Stamp = 0;
                state.Hot.Array = array;
                cache.ThreadLocalReturns++;
                LogReturned(array);
            }
            else
            {
                PushUnderHot(cache, c, ref state, array);
            }

            return;
        }

        // The class is full: a consumer. Move the older half of its stack to a shard in one batch, keep the newest.
        if (state.Count >= _batch[c] && _batch[c] > 1 && FlushOlderHalf(cache, c) != 0)
        {
            PushUnderHot(cache, c, ref state, array);
            return;
        }

        ReturnToShards(cache, array, c);
    }

    /// <summary>
    /// Pushes <paramref name="array"/> onto the class's stack below the (full) hot slot, into the next stack position
    /// (reserved by the caller). The hot slot is not touched: moving its array down would need an exchange against
    /// the trimmer, which costs nested rents more than the order is worth, so the class is last in, first out except
    /// that the hot slot is refilled first.
    /// </summary>
    private void PushUnderHot(ThreadCache cache, int c, ref ClassState state, T[] array)
    {
        int n = state.Count;
        ref Slot slot = ref cache.Slots[_slotStart[c] + n];
        slot.Array = array;
        slot.Stamp = 0;
        state.Count = n + 1;
        cache.ThreadLocalReturns++;
        LogReturned(array);
    }

    /// <summary>
    /// The same-thread double-return check below the hot slot: whether one of the <paramref name="count"/> stack slots
    /// from <paramref name="start"/> holds <paramref name="array"/> (at most 7 compares of references).
    /// </summary>
    private static bool IsInThreadCache(ThreadCache cache, int start, int count, T[] array)
    {
        Slot[] slots = cache.Slots;
        for (int i = start + count - 1; i >= start; i--)
        {
            if (ReferenceEquals(slots[i].Array, array))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// A trimmer is taking this thread's reservations back: wait for it, then return as usual; or the pool was disposed
    /// since this return found the cache (disposal leaves it flagged), and the array is dropped.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ReturnWhileTrimmed(ThreadCache cache, T[] array, int c)
    {
        lock (cache)
        {
            if (cache.Owner is null)
            {
                DropWithoutCache(array);
                return;
            }

            ReturnToThreadCache(cache, array, c);
        }
    }

    /// <summary>
    /// A return that the thread's cache cannot take (no thread-local tier for the class, or the class is full and its
    /// stack too short to move a batch): refused if the shard it goes to holds the array already, else pushed to that
    /// shard, or to the first other shard with room.
    /// </summary>
    private void ReturnToShards(ThreadCache cache, T[] array, int c)
    {
        int index = CurrentShard();
        if (IsInShards(cache, index, c, array))
        {
            Drop(cache, array, ArrayPoolDropReason.DoubleReturn);
            return;
        }

        if (_classBytes[c] > _maxRetainedBytes)
        {
            Drop(cache, array, ArrayPoolDropReason.OverBudget);
            return;
        }

        T[]?[] batch = cache.Batch;
        batch[0] = array;
        PushResult result = PushToAnyShard(index, c, batch, 0, 1, out int pushed, out int landed);
        batch[0] = null;
        if (pushed == 0)
        {
            Drop(cache, array, result == PushResult.OverBudget ? ArrayPoolDropReason.OverBudget : ArrayPoolDropReason.PoolFull);
            return;
        }

        cache.LastPushedHash = RuntimeHelpers.GetHashCode(array);
        cache.LastPushedShard = landed;
        cache.Counters[Counter.ShardReturns]++;
        LogReturned(array);
    }

    /// <summary>
    /// The double-return check of a return that goes straight to a shard: whether the shard it goes to holds the
    /// array, or the shard this thread last pushed it to still does (the thread may have moved to another core since).
    /// Both look at what the shards hold now, so an array another thread rented and handed back is never refused.
    /// </summary>
    private bool IsInShards(ThreadCache cache, int index, int c, T[] array)
    {
        if (_shards[index].Contains(c, array))
        {
            return true;
        }

        int last = cache.LastPushedShard;
        if (last != NoShard && cache.LastPushedHash == RuntimeHelpers.GetHashCode(array))
        {
            cache.LastPushedShard = NoShard;
            return last != index && _shards[last].Contains(c, array);
        }

        return false;
    }

    /// <summary>
    /// Moves the oldest half of the class's stack (positions 1 to the batch size) to the shards in one batch and
    /// slides the rest down; returns how many moved (0 when every shard is full or over budget).
    /// </summary>
    private int FlushOlderHalf(ThreadCache cache, int c)
    {
        ref ClassState state = ref cache.Classes[c];
        int start = _slotStart[c];
        int count = state.Count;
        int batchSize = _batch[c];
        T[]?[] batch = cache.Batch;
        int gathered = 0;
        for (int i = 0; i < batchSize; i++)
        {
            // A trimmer may have emptied a slot (holes are possible after a trim): skip it.
            T[]? array = cache.Slots[start + i].Array;
            if (array is not null)
            {
                batch[gathered++] = array;
            }
        }

        int pushed = 0;
        if (gathered != 0)
        {
            PushToAnyShard(CurrentShard(), c, batch, 0, gathered, out pushed, out _);
        }

        // The arrays that did not fit stay at the bottom, in the positions the moved ones leave.
        int kept = gathered - pushed;
        int write = start;
        for (int i = pushed; i < gathered; i++)
        {
            cache.Slots[write++].Array = batch[i];
        }

        for (int i = start + batchSize; i < start + count; i++)
        {
            cache.Slots[write].Array = cache.Slots[i].Array;
            cache.Slots[write].Stamp = cache.Slots[i].Stamp;
            write++;
        }

        for (int i = write; i < start + count; i++)
        {
            cache.Slots[i].Array = null;
        }

        Array.Clear(batch, 0, gathered);
        int moved = batchSize - kept;
        state.Count = count - moved;
        return moved;
    }

    /// <summary>
    /// Pushes <paramref name="count"/> arrays from <paramref name="arrays"/> to the shard at <paramref name="index"/>,
    /// then to the others while some are left and the reason is a full shard (a budget that does not fit is the
    /// pool's, not a shard's, so other shards would refuse too once the shards' slack has been taken back).
    /// </summary>
    private PushResult PushToAnyShard(int index, int c, T[]?[] arrays, int start, int count, out int pushed, out int landed)
    {
        Shard[] shards = _shards;
        pushed = 0;
        landed = index;
        PushResult result = PushResult.Full;
        bool reclaimed = false;
        for (int i = 0; i < shards.Length && pushed < count;)
        {
            int taken = shards[index].TryPush(c, arrays, start + pushed, count - pushed, this, out result);
            if (taken != 0)
            {
                pushed += taken;
                landed = index;
            }

            if (result == PushResult.OverBudget)
            {
                if (reclaimed || !TryReclaimShardSlack())
                {
                    break;
                }

                reclaimed = true;
                continue; // the same shard again, now that the slack is back in the budget
            }

            if (++index == shards.Length)
            {
                index = 0;
            }

            i++;
        }

        return pushed == count ? PushResult.Pushed : result;
    }

    private void Drop(ThreadCache cache, T[] array, ArrayPoolDropReason reason)
    {
        cache.Counters[Counter.DropsOverMaximumLength + (int)reason]++;
        LogDropped(array, reason);
    }

    private void DropWithoutCache(T[] array)
    {
        Interlocked.Increment(ref _poolCounters[Counter.DropsOverMaximumLength + (int)ArrayPoolDropReason.PoolDisposed]);
        LogDropped(array, ArrayPoolDropReason.PoolDisposed);
    }

    private void LogRented(T[] array, int minimumLength)
    {
        if (ArrayPoolEventSource.Log.IsVerboseEnabled)
        {
            ArrayPoolEventSource.Log.Rented(_serial, RuntimeHelpers.GetHashCode(array), array.Length, minimumLength);
        }
    }

    private void LogReturned(T[] array)
    {
        if (ArrayPoolEventSource.Log.IsVerboseEnabled)
        {
            ArrayPoolEventSource.Log.Returned(_serial, RuntimeHelpers.GetHashCode(array), array.Length);
        }
    }

    private void LogAllocated(T[] array, int minimumLength, ArrayPoolAllocationReason reason)
    {
        ArrayPoolEventSource log = ArrayPoolEventSource.Log;
        if (log.IsEnabled())
        {
            int arrayId = RuntimeHelpers.GetHashCode(array);
            if (log.IsInformationalEnabled)
            {
                log.Allocated(_serial, _name, arrayId, array.Length, minimumLength, reason);
            }

            if (log.IsVerboseEnabled)
            {
                log.Rented(_serial, arrayId, array.Length, minimumLength);
            }
        }
    }

    private void LogDropped(T[] array, ArrayPoolDropReason reason)
    {
        if (ArrayPoolEventSource.Log.IsInformationalEnabled)
        {
            ArrayPoolEventSource.Log.Dropped(_serial, _name, RuntimeHelpers.GetHashCode(array), array.Length, reason);
        }
    }

    /// <summary>The shard of the core the thread runs on (or of the processor id a test set for this thread).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int CurrentShard() =>
        _shards.Length == 1 ? 0 : (int)((uint)ShardSelector.CurrentProcessorId() % (uint)_shards.Length);

    /// <summary>
    /// How many arrays of a class one thread may keep: up to 8 while that is within the thread's share of the budget
    /// (a sixteenth of it, at most 8 MiB), fewer for bigger classes, none for classes bigger than the share (those
    /// go to the shards, so no thread parks a huge array). A slot costs nothing until the thread puts an array into
    /// it (then its bytes are charged to the budget), and trims give idle threads' reservations back.
    /// </summary>
    private static int ThreadLocalSlotsFor(long classBytes, long budget) =>
        (int)Math.Clamp(Math.Min(8L << 20, budget / 16) / Math.Max(1, classBytes), 0, 8);

    /// <summary>Creates <see cref="Shared"/> on first use, after every static field of the pool type is initialized.</summary>
    private static class SharedHolder
    {
        public static readonly ScalableArrayPool<T> Instance = new(ScalableArrayPoolOptions.FromRuntimeSettings(), isShared: true);
    }

    /// <summary>An entry of a thread's cache: an array or nothing, and when the trimmer first saw it idle.</summary>
    private struct Slot
    {
        public T[]? Array;
        public int Stamp;
    }

    /// <summary>Indexes of the per-thread and per-pool counters.</summary>
    /// <remarks>
    /// Each operation bumps exactly one counter; rents and returns are sums of them. The hit path's two counters
    /// (thread-local hits and returns) are fields of the thread's cache, next to what the hit path reads anyway.
    /// </remarks>
    private static class Counter
    {
        public const int ThreadLocalHits = 0;
        public const int ShardHits = 1;
        public const int AllocationsPoolExhausted = 2;
        public const int AllocationsOverMaximumLength = 3;
        public const int ThreadLocalReturns = 4;
        public const int ShardReturns = 5;

        // Followed by one counter per ArrayPoolDropReason, in the enum's order.
        public const int DropsOverMaximumLength = 6;
        public const int TrimmedArrays = 12;
        public const int TrimmedBytes = 13;

        // Bumped beside an allocation counter, on the allocating path only.
        public const int AllocatedBytes = 14;

        // The counters a thread's cache has; the pool's own array has the pool-only ones below as well (a thread's
        // cache is allocated beside other threads' objects, so it stays as small as it can).
        public const int Count = 15;
        public const int PressureTrimmedArrays = 15;
        public const int PressureTrimmedBytes = 16;
        public const int PoolCount = 17;
    }
}
