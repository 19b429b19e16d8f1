using System.Buffers;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

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
/// it), releases memory only after gen 2 collections, and on a miss locks every core's stack in turn.
/// <see cref="ArrayPool{T}.Create()"/> can be configured but takes one lock per size class for every operation, so
/// it collapses under contention (seed 002: 16 tasks take 11x longer than with <c>Shared</c>).
/// </para>
/// <para>
/// <b>Design.</b> Requests are rounded up to a size class (<see cref="SizeClasses"/>). Each thread has its own
/// cache per pool: up to 8 arrays per class for classes up to 1 MiB (fewer, down to one, for bigger classes), a hot
/// slot and a stack below it, so nested rents stay thread-local. Same-thread <see cref="Rent"/>/<see cref="Return"/>
/// pairs touch only the class's hot slot, as <see cref="ArrayPool{T}.Shared"/> touches its one thread-local array per
/// size: no lock, no interlocked operation, no bounds check the invariants already guarantee, and no counter on the
/// rent (thread-local hits are derived from the returns); a nested rent or return also touches the stack. <see cref="Shared"/> finds its cache with one
/// <see langword="ThreadStatic"/> read of its own; an instance first compares its token with the cache of the instance
/// the thread used last (another <see langword="ThreadStatic"/>), and otherwise looks in a <see langword="ThreadStatic"/>
/// array of caches indexed by a small pool id (ids are recycled when a pool is disposed or finalized), checked against
/// the pool's token. Overflow and misses go to the shard of the current core (<see cref="Thread.GetCurrentProcessorId"/> modulo
/// <see cref="ScalableArrayPoolOptions.ShardCount"/>), one uncontended lock per shard and class; a miss tries that
/// shard and one neighbour, then allocates - it never walks every shard.
/// </para>
/// <para>
/// <b>Invariant: retained bytes never exceed <see cref="ScalableArrayPoolOptions.MaxRetainedBytes"/>.</b> One
/// counter, <c>_reservedBytes</c>, is changed only with interlocked operations and never above the budget (a
/// compare-exchange refuses a charge that would cross it). An array enters a shard only after its bytes are charged,
/// and the charge is released when it leaves. A thread-local slot is <i>reserved</i> (charged with its class's
/// bytes) by its owner thread before it first holds an array, and stays reserved while the owner alternates
/// rent and return, which is why that path needs no interlocked operation; reserved slots of a class form a prefix,
/// counted by the owner. The trimmer may take arrays out of a live thread's slots (with
/// <see cref="Interlocked.Exchange{T}(ref T, T)"/>), and it takes back the reservations of the emptied slots too when
/// a handshake shows the owner is not in the middle of a return: the owner's return sets a <c>Busy</c> flag and reads
/// a <c>Revoking</c> flag (two plain stores and a load, no fence); the trimmer sets <c>Revoking</c>, runs
/// <see cref="Interlocked.MemoryBarrierProcessWide"/> and reads <c>Busy</c>. So threads that used the pool and then
/// sit idle do not keep the budget charged after a trim (a busy owner gives its empty reservations back on its next
/// slow path). Every array the pool holds is covered by a charge (it enters after its charge is taken and leaves
/// before the charge is released), and <c>RetainedBytes &lt;= ReservedBytes &lt;= MaxRetainedBytes</c> holds at
/// every instant. <see cref="GetStatistics"/> shows it exactly when no rent or return runs meanwhile: trims and
/// snapshots share one lock, so a snapshot never counts arrays before a trim and reserved bytes after it.
/// </para>
/// <para>
/// <b>Double returns.</b> Returning an array twice puts it in the pool twice, so two later renters share it; the pool
/// refuses (drops, counts as <see cref="ArrayPoolDropReason.DoubleReturn"/>, raises <c>Dropped</c>) a second return
/// on the same thread while the pool still holds the array from the first: when it sits in this thread's cache (any
/// of the class's slots, not just the top), when it was the last array this thread pushed to a shard (whichever
/// core's shard, until the thread rents it back or a trim), or when it is the top of the shard the second return would
/// go to (which also catches a second return from another thread right after the first). Not caught: a second
/// return after the array was handed out again (the pool cannot tell the stale owner from the new renter), a second
/// return on another thread while the array sits in the first thread's cache or under other arrays of a shard, and a
/// second return after the array left the pool through a trim (harmless: nobody else holds it). The check costs the
/// common return (into a class that holds nothing) one load and compare; a return into a class that already holds
/// arrays compares with each of them (at most 8: the hot slot and the stack below it). <see cref="GuardedArrayPool{T}"/> catches every double return.
/// </para>
/// <para>
/// <b>Trimming.</b> A timer (holding the pool weakly, so a dropped pool is still collected) stamps idle arrays and
/// releases those idle for <see cref="ScalableArrayPoolOptions.TrimAfter"/>, a quarter of that under memory
/// pressure, with no need for a gen 2 collection; <see cref="Trim"/> releases everything on demand, other threads'
/// caches included. If the trimmer and the owner race for an array both may hold it, but the trimmer only lets it go
/// to the GC, so no array is ever handed to two renters.
/// </para>
/// <para>
/// <b>Disposal.</b> The pool is <see cref="IDisposable"/>: <see cref="Dispose"/> releases every kept array, stops
/// the timer and recycles the pool's thread-local id; afterwards <see cref="Rent"/> throws
/// <see cref="ObjectDisposedException"/> and <see cref="Return"/> drops (arrays rented before may still come back).
/// Disposing <see cref="Shared"/> does nothing. A pool that is not disposed is cleaned up by its finalizer.
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
public sealed partial class ScalableArrayPool<T> : ArrayPool<T>, IDisposable, IArrayPoolStatisticsSource
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
    private readonly long[] _classBytes;
    private readonly int[] _slotStart;
    private readonly int[] _slotCapacity;
    private readonly int _slotCount;
    private readonly Shard[] _shards;
    private readonly int _maxArrayLength;
    private readonly long _maxRetainedBytes;
    private readonly bool _clearOnReturn;
    private readonly bool _isShared;
    private readonly int _serial;
    private readonly string _name;

    // Identifies this pool's caches in the thread-static array, whose slot ids other pools reuse once this one is gone;
    // the caches do not reference the pool itself, so a thread's cache never keeps a dropped pool alive.
    private readonly object _token = new();
    private int _id = -1;
    private long _reservedBytes;
    private volatile bool _disposed;

    /// <summary>Creates a pool with the default <see cref="ScalableArrayPoolOptions"/>.</summary>
    public ScalableArrayPool()
        : this(new ScalableArrayPoolOptions())
    {
    }

    /// <summary>Gets the options the pool was created with (its own copy; never changed).</summary>
    internal ScalableArrayPoolOptions Options { get; }

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
        _maxRetainedBytes = options.MaxRetainedBytes;
        _clearOnReturn = options.ClearOnReturn.ShouldClear<T>();
        var classes = new SizeClassTable(options.SizeClasses, _maxArrayLength);
        _fine = options.SizeClasses == SizeClasses.Fine;

        int classCount = classes.Count;
        int elementSize = Math.Max(1, Unsafe.SizeOf<T>());
        _lengths = classes.Lengths.ToArray();
        _classBytes = new long[classCount];
        _slotStart = new int[classCount];
        _slotCapacity = new int[classCount];
        for (int c = 0; c < classCount; c++)
        {
            _classBytes[c] = (long)_lengths[c] * elementSize;
            _slotStart[c] = _slotCount;
            _slotCapacity[c] = options.ThreadLocalCache ? ThreadLocalSlotsFor(_classBytes[c]) : 0;

            // Slot 0 of every class is its hot slot, held in the class's state; Slots holds the rest.
            _slotCount += Math.Max(_slotCapacity[c] - 1, 0);
        }

        _shards = new Shard[options.ShardCount];
        for (int i = 0; i < _shards.Length; i++)
        {
            _shards[i] = new Shard(classCount, options.MaxArraysPerShard);
        }

        _id = ThreadCacheTable.AllocateId();
        StartTrimTimer(options.TrimAfter);
        ArrayPoolMetrics.Register(this);
    }

    /// <summary>Finalizes the pool: recycles its thread-local id.</summary>
    ~ScalableArrayPool()
    {
        ReleaseId();
    }

    /// <summary>
    /// Gets the process-wide pool for <typeparamref name="T"/>: default options (power-of-two classes up to 2^30
    /// elements, thread-local tier, 1 GiB budget, 60 second idle trim), named <c>Shared</c>. Disposing it does nothing.
    /// </summary>
    public static new ScalableArrayPool<T> Shared => SharedHolder.Instance;

    /// <summary>Gets the pool's name (<see cref="ScalableArrayPoolOptions.Name"/>, or <c>unnamed</c>).</summary>
    public string Name => _name;

    /// <summary>Gets the longest array length the pool keeps.</summary>
    public int MaxArrayLength => _maxArrayLength;

    /// <summary>Gets the byte budget of the pool.</summary>
    public long MaxRetainedBytes => _maxRetainedBytes;

    /// <summary>Gets the array lengths the pool hands out for requests up to <see cref="MaxArrayLength"/>, shortest first.</summary>
    public ReadOnlySpan<int> SizeClassLengths => _lengths;

    string IArrayPoolStatisticsSource.ElementType => typeof(T).Name;

    bool IArrayPoolStatisticsSource.IsDisposed => _disposed;

    /// <summary>Gets the id that this pool's <c>Gen0-Buffers</c> events carry as <c>poolId</c>.</summary>
    internal int EventPoolId => _serial;

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
        // token compare (instances), the class index (a Log2), and the class's hot slot. No counter moves (thread-local hits are
        // derived from returns), no lock, no interlocked operation, no bounds check the invariants already guarantee
        // (c < class count). The class's stack below the hot slot is the slow path's.
        ThreadCache? cache = GetThreadCache();
        if (cache is not null && (uint)(minimumLength - 1) < (uint)_maxArrayLength)
        {
            int c = SizeClassTable.IndexOf(minimumLength, _fine);
            ref Slot hot = ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(cache.Classes), c).Hot;
            T[]? array = hot.Array;
            if (array is not null)
            {
                hot.Array = null;
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
    /// Releases every array the pool keeps, in the shards and in every thread's cache, now. Rented arrays are not
    /// affected and may be returned as usual.
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
        TrimCore(TrimKind.Dispose);
        ReleaseId();
        GC.SuppressFinalize(this);
    }

    /// <summary>
    /// Returns a snapshot of the pool's counters (rents, hits, allocations, drops by reason, trims) and of what it
    /// retains. Summing the threads' counters takes a lock the hot paths never take (trims hold it too, so a snapshot
    /// never sees half a trim); call it for monitoring, not per operation.
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
            cache ??= GetOrCreateThreadCache();
            int c = SizeClassTable.IndexOf(minimumLength, _fine);
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
        int start = cache.Classes[c].Start;
        for (int n = cache.Classes[c].Count; n > 0;)
        {
            n--;
            ref Slot slot = ref cache.Slots[start + n];
            T[]? array = slot.Array;
            if (array is not null)
            {
                slot.Array = null;
                cache.Classes[c].Count = n;
                LogRented(array, minimumLength);
                return array;
            }
        }

        cache.Classes[c].Count = 0;
        return RentFromShards(cache, c, minimumLength);
    }

    private T[] RentFromShards(ThreadCache cache, int c, int minimumLength)
    {
        if (cache.ReleaseRequested)
        {
            ReleaseEmptyReservations(cache);
        }

        // The current core's shard, then one neighbour; never a walk over every shard.
        int shard = CurrentShard();
        T[]? array = _shards[shard].TryPop(c);
        if (array is null && _shards.Length > 1)
        {
            array = _shards[shard + 1 == _shards.Length ? 0 : shard + 1].TryPop(c);
        }

        if (array is not null)
        {
            Interlocked.Add(ref _reservedBytes, -_classBytes[c]);
            if (ReferenceEquals(array, cache.LastPushed))
            {
                cache.LastPushed = null; // this thread holds it again, so its next return is legitimate
            }

            cache.Counters[Counter.ShardHits]++;
            LogRented(array, minimumLength);
            return array;
        }

        array = GC.AllocateUninitializedArray<T>(_lengths[c]);
        cache.Counters[Counter.AllocationsPoolExhausted]++;
        LogAllocated(array, minimumLength, ArrayPoolAllocationReason.PoolExhausted);
        return array;
    }

    private T[] RentUnpooled(ThreadCache cache, int minimumLength)
    {
        T[] array = GC.AllocateUninitializedArray<T>(minimumLength); // may throw OutOfMemoryException: count after
        cache.Counters[Counter.AllocationsOverMaximumLength]++;
        LogAllocated(array, minimumLength, ArrayPoolAllocationReason.OverMaximumLength);
        return array;
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

            // The common return: the class holds nothing (the array was rented from its hot slot), so the same-thread
            // double-return check is one compare with the array this thread last pushed to a shard.
            if (state.Hot.Array is null && state.Count == 0 && state.Reserved != 0 && !ReferenceEquals(array, cache.LastPushed))
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

            ReturnToThreadCache(cache, array, c);
            Volatile.Write(ref cache.Busy, false);
            return;
        }

        cache.Busy = false;
        ReturnWhileTrimmed(cache, array, c);
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
    /// else <see cref="ReturnSlow"/>. Called with <c>Busy</c> set or under the cache's lock, so no trimmer changes the
    /// reservations meanwhile.
    /// </summary>
    private void ReturnToThreadCache(ThreadCache cache, T[] array, int c)
    {
        ref ClassState state = ref cache.Classes[c];
        int n = state.Count;
        if (ReferenceEquals(state.Hot.Array, array) || (n != 0 && IsInThreadCache(cache, state.Start, n, array)) || ReferenceEquals(cache.LastPushed, array))
        {
            Drop(cache, array, ArrayPoolDropReason.DoubleReturn);
            return;
        }

        if (state.Hot.Array is null && state.Reserved != 0)
        {
            state.Hot.Array = array;
            state.Hot.Stamp = 0;
            cache.ThreadLocalReturns++;
            LogReturned(array);
            return;
        }

        // Stack position n + 1 is slot index n + 1, reserved while it is below Reserved.
        if (n + 1 < state.Reserved)
        {
            PushUnderHot(cache, ref state, array);
            return;
        }

        ReturnSlow(cache, array, c);
    }

    /// <summary>
    /// Pushes <paramref name="array"/> onto the class's stack below the (full) hot slot, into the next stack position
    /// (reserved by the caller). The hot slot is not touched: moving its array down would need an exchange against
    /// the trimmer, which costs nested rents more than the order is worth, so the class is last in, first out except
    /// that the hot slot is refilled first.
    /// </summary>
    private void PushUnderHot(ThreadCache cache, ref ClassState state, T[] array)
    {
        int n = state.Count;
        ref Slot slot = ref cache.Slots[state.Start + n];
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

    /// <summary>A trimmer is taking this thread's reservations back: wait for it, then return as usual.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ReturnWhileTrimmed(ThreadCache cache, T[] array, int c)
    {
        lock (cache)
        {
            ReturnToThreadCache(cache, array, c);
        }
    }

    private void ReturnSlow(ThreadCache cache, T[] array, int c)
    {
        if (cache.ReleaseRequested)
        {
            ReleaseEmptyReservations(cache);
        }

        // A trimmer that lowered the reservations below the stack's count left only empty slots above them.
        ref ClassState state = ref cache.Classes[c];
        int reserved = state.Reserved;
        if (state.Count > reserved - 1)
        {
            state.Count = Math.Max(reserved - 1, 0);
        }

        // One charge serves either destination: a newly reserved thread-local slot or a shard.
        long bytes = _classBytes[c];
        if (!TryCharge(bytes))
        {
            Drop(cache, array, ArrayPoolDropReason.OverBudget);
            return;
        }

        // Here the reserved slots are all in use (the hot slot holds an array and the stack reaches Reserved - 1) or
        // none is reserved. Reserve the next slot for this thread: the only charge the thread-local tier pays, once
        // per slot. Slot 0 is the hot slot, slot k > 0 is stack position k.
        if (reserved < _slotCapacity[c] && (reserved == 0 || (state.Hot.Array is not null && state.Count == reserved - 1)))
        {
            state.Reserved = reserved + 1;
            if (reserved == 0)
            {
                state.Hot.Stamp = 0;
                state.Hot.Array = array;
                cache.ThreadLocalReturns++;
                LogReturned(array);
            }
            else
            {
                PushUnderHot(cache, ref state, array);
            }

            return;
        }

        PushResult pushed = _shards[CurrentShard()].TryPush(c, array);
        if (pushed != PushResult.Pushed)
        {
            Interlocked.Add(ref _reservedBytes, -bytes);
            Drop(cache, array, pushed == PushResult.Duplicate ? ArrayPoolDropReason.DoubleReturn : ArrayPoolDropReason.PoolFull);
            return;
        }

        cache.Counters[Counter.ShardReturns]++;
        cache.LastPushed = array;
        LogReturned(array);
    }

    private bool TryCharge(long bytes)
    {
        long current = Volatile.Read(ref _reservedBytes);
        while (true)
        {
            long next = current + bytes;
            if (next > _maxRetainedBytes)
            {
                return false;
            }

            long seen = Interlocked.CompareExchange(ref _reservedBytes, next, current);
            if (seen == current)
            {
                return true;
            }

            current = seen;
        }
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

    private void LogDropped(T[] array, ArrayPoolDropReason reason)
    {
        if (ArrayPoolEventSource.Log.IsInformationalEnabled)
        {
            ArrayPoolEventSource.Log.Dropped(_serial, _name, RuntimeHelpers.GetHashCode(array), array.Length, reason);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int CurrentShard() =>
        _shards.Length == 1 ? 0 : (int)((uint)Thread.GetCurrentProcessorId() % (uint)_shards.Length);

    private static int ThreadLocalSlotsFor(long classBytes) =>
        // Up to 8 per class (8 nested rents stay thread-local, up to 1 MiB arrays) while that is at most 8 MiB; fewer,
        // down to one, for bigger classes. A slot costs nothing until the thread returns an array into it (then its
        // bytes are charged to the budget), and trims give idle threads' reservations back.
        (int)Math.Clamp((8L << 20) / Math.Max(1, classBytes), 1, 8);

    /// <summary>Creates <see cref="Shared"/> on first use, after every static field of the pool type is initialized.</summary>
    private static class SharedHolder
    {
        public static readonly ScalableArrayPool<T> Instance = new(new ScalableArrayPoolOptions { Name = "Shared" }, isShared: true);
    }

    /// <summary>An entry of a thread's cache: an array or nothing, and when the trimmer first saw it idle.</summary>
    private struct Slot
    {
        public T[]? Array;
        public int Stamp;
    }

    /// <summary>Indexes of the per-thread and per-pool counters.</summary>
    /// <remarks>Each operation bumps exactly one counter; rents and returns are sums of them.</remarks>
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
        public const int Count = 14;
    }
}
