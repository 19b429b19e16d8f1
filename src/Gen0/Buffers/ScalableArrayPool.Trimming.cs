using System.Diagnostics;
using Gen0.Memory;

namespace Gen0.Buffers;

public sealed partial class ScalableArrayPool<T>
{
    // The most bytes of pinned arrays an idle trim lets go before the pool asks for a background gen 2 collection.
    private const long PinnedReleaseCollectionThreshold = 16L << 20;

    private TrimTimer? _trimTimer;
    private int _trimAfterMilliseconds = -1;

    // Bytes of pinned arrays idle trims released since the last gen 2 collection (reset by the gen 2 callback).
    private long _pinnedBytesAwaitingCollection;

    // The names are the Trimmed event's trigger.
    private enum TrimKind
    {
        Idle,

        // Memory pressure (Gen0.Memory.MemoryPressure): medium releases what sat unused since an earlier look, high
        // everything not rented.
        MemoryPressureMedium,
        MemoryPressureHigh,

        // A budget that follows the memory limit fell below what the pool holds (GC.RefreshMemoryLimit()).
        BudgetLowered,
        Explicit,
        Dispose,

        // Threads that ended left arrays that no shard had room or budget for (found when a new thread starts).
        DeadThread,
    }

    private void StartTrimTimer(TimeSpan trimAfter)
    {
        if (trimAfter == Timeout.InfiniteTimeSpan)
        {
            return;
        }

        _trimAfterMilliseconds = (int)trimAfter.TotalMilliseconds;

        // Four looks per idle period: an array is released between TrimAfter and TrimAfter + a quarter of it after
        // its last use (the first look stamps it).
        _trimTimer = new TrimTimer(this, Math.Clamp(_trimAfterMilliseconds / 4, 10, 5_000));
    }

    private void StopTrimTimer() => _trimTimer?.Dispose();

    private void OnTrimTimer() => TrimCore(MemoryPressure.ReadLevel() switch
    {
        MemoryPressureLevel.High => TrimKind.MemoryPressureHigh,
        MemoryPressureLevel.Medium => TrimKind.MemoryPressureMedium,
        _ => TrimKind.Idle,
    });

    private void TrimCore(TrimKind kind)
    {
        bool all = kind is TrimKind.Explicit or TrimKind.Dispose or TrimKind.MemoryPressureHigh or TrimKind.BudgetLowered;

        // Medium pressure takes what an earlier look (the timer's or a collection's) already saw unused: an idle time
        // of 0 releases every stamped slot and stamps the others.
        int idle = kind == TrimKind.MemoryPressureMedium ? 0 : _trimAfterMilliseconds;
        int now = Environment.TickCount;
        int arrays = 0;
        long bytes = 0;
        ThreadCache? own = GetThreadCache();
        ThreadCache[]? retired = null;

        // The whole trim, shards included, runs under the lock statistics take, so a snapshot sees the pool before or
        // after a trim, never the arrays of one and the reserved bytes of the other (a snapshot that counted an ended
        // thread's cache, then read the reserved bytes after a trim had released that cache, reported more retained
        // than reserved bytes). Owners never take this lock on their rents and returns; it also serializes trimmers.
        lock (_caches)
        {
            // First, so that what ended threads left in their caches is in the shards when they are trimmed: an
            // explicit or pressure trim releases it, an idle one keeps it until it goes unused for a period.
            (arrays, bytes) = RemoveDeadThreadCaches();
            for (int c = 0; c < _lengths.Length; c++)
            {
                int released = 0;
                foreach (Shard shard in _shards)
                {
                    released += shard.Trim(c, now, idle, all, this);
                }

                arrays += released;
                bytes += released * _classBytes[c];
            }

            if (kind == TrimKind.Dispose)
            {
                retired = RetireCaches(own, ref arrays, ref bytes);
            }
            else
            {
                AnnounceRevocation(own);
                foreach (ThreadCache cache in _caches)
                {
                    (int a, long b) = ReferenceEquals(cache, own) ? ReleaseAll(cache) : TrimOtherThread(cache, now, idle, all);
                    arrays += a;
                    bytes += b;
                }
            }

            // Counted before the lock is let go, so a snapshot that sees the bytes gone also sees them trimmed.
            CountReleased((arrays, bytes), kind);
        }

        LogReleased((arrays, bytes), kind);
        if (retired is not null)
        {
            ReleaseRetiredCaches(retired);
        }

#if NET
        if (kind == TrimKind.Idle && _pinned && bytes != 0)
        {
            CollectReleasedPinnedArrays(bytes);
        }
#endif
    }

#if NET
    /// <summary>
    /// Asks for a background gen 2 collection once idle trims have released enough pinned arrays since the last one.
    /// </summary>
    /// <remarks>
    /// Pinned arrays live on the Pinned Object Heap, which only a gen 2 collection sweeps and which is never compacted.
    /// A pool that releases a burst's blocks when the traffic stops leaves them as garbage that holds the POH's regions
    /// committed, and an idle process runs no gen 2 collection: measured on Kestrel after a 57 MB upload burst, private
    /// memory stayed 8 to 17 MB above that of Kestrel's own pool, which keeps every block. The collection is
    /// non-blocking (background where concurrent GC is on) and comes only from an idle trim, so only after the pool's
    /// arrays sat unused for <see cref="ScalableArrayPoolOptions.TrimAfter"/>; at most one per
    /// <see cref="PinnedReleaseCollectionThreshold"/> (or a quarter of the budget, if less) of released bytes, and a
    /// gen 2 collection the process runs anyway starts the count again.
    /// </remarks>
    private void CollectReleasedPinnedArrays(long releasedBytes)
    {
        long threshold = Math.Max(1L << 20, Math.Min(PinnedReleaseCollectionThreshold, Volatile.Read(ref _maxRetainedBytes) / 4));
        if (Interlocked.Add(ref _pinnedBytesAwaitingCollection, releasedBytes) < threshold)
        {
            return;
        }

        Volatile.Write(ref _pinnedBytesAwaitingCollection, 0);
        GC.Collect(2, GCCollectionMode.Forced, blocking: false, compacting: false);
    }
#endif

    /// <summary>
    /// Under the registry lock: counts arrays the pool let go as trimmed (and under pressure, for those kinds); the
    /// caller raises the event after the lock (<see cref="LogReleased"/>).
    /// </summary>
    private void CountReleased((int Arrays, long Bytes) released, TrimKind kind)
    {
        (int arrays, long bytes) = released;
        if (arrays == 0)
        {
            return;
        }

        Interlocked.Add(ref _poolCounters[Counter.TrimmedArrays], arrays);
        Interlocked.Add(ref _poolCounters[Counter.TrimmedBytes], bytes);
        if (kind is TrimKind.MemoryPressureMedium or TrimKind.MemoryPressureHigh)
        {
            Interlocked.Add(ref _poolCounters[Counter.PressureTrimmedArrays], arrays);
            Interlocked.Add(ref _poolCounters[Counter.PressureTrimmedBytes], bytes);
        }

    }

    /// <summary>Raises the <c>Trimmed</c> event for arrays the pool let go, outside the registry lock.</summary>
    private void LogReleased((int Arrays, long Bytes) released, TrimKind kind)
    {
        if (released.Arrays != 0 && ArrayPoolEventSource.Log.IsInformationalEnabled)
        {
            ArrayPoolEventSource.Log.Trimmed(_serial, _name, released.Arrays, released.Bytes, kind.ToString());
        }
    }

    /// <summary>
    /// The trimmer's side of the handshake that lets it take back the reservations of threads that are not running
    /// (idle threads would otherwise keep the budget charged forever, and other threads' returns would be dropped
    /// <c>OverBudget</c>). It raises <c>Revoking</c> on every other thread's cache, then runs a process-wide memory
    /// barrier, which makes every thread's earlier stores visible here and this thread's flags visible to every
    /// thread's later loads. Afterwards, for each cache, either the owner's <c>Busy</c> store is visible (it may be
    /// writing its slots: the trimmer leaves the reservations to it), or the owner's next return reads
    /// <c>Revoking</c> as set and waits on the cache's lock. So the owner's return path pays two plain stores and a
    /// load, never a fence or an interlocked operation, and the barrier's cost (an interrupt per core) falls on the
    /// trimmer, at most once per trim.
    /// </summary>
    private void AnnounceRevocation(ThreadCache? own)
    {
        bool any = false;
        foreach (ThreadCache cache in _caches)
        {
            if (!ReferenceEquals(cache, own))
            {
                cache.Revoking = true;
                any = true;
            }
        }

        if (any)
        {
            Interlocked.MemoryBarrierProcessWide();
        }
    }

    /// <summary>
    /// Under the registry lock, while disposing: every cache stops being the pool's (<c>Owner</c> cleared, so no rent
    /// or return finds it again) and leaves the registry; the calling thread's own cache is emptied at once, the others
    /// are flagged <c>Revoking</c> for good and returned, for <see cref="ReleaseRetiredCaches"/> to empty after the lock.
    /// </summary>
    private ThreadCache[] RetireCaches(ThreadCache? own, ref int arrays, ref long bytes)
    {
        var retired = new List<ThreadCache>(_caches.Count);
        foreach (ThreadCache cache in _caches)
        {
            cache.Owner = null;
            if (ReferenceEquals(cache, own))
            {
                (int a, long b) = ReleaseAll(cache);
                arrays += a;
                bytes += b;
            }
            else
            {
                cache.Revoking = true;
                retired.Add(cache);
            }
        }

        _caches.Clear();
        return retired.ToArray();
    }

    /// <summary>
    /// Disposal's side of the owner handshake (see <see cref="AnnounceRevocation"/>), for the caches of other threads,
    /// which may be inside a rent or a return at this moment. After the process-wide barrier an owner either shows
    /// <c>Busy</c> (a lock-free section that began before it saw the flag: wait for it to end) or sees <c>Revoking</c>
    /// on its next section and takes the cache's lock, where it finds the pool disposed and leaves the slots alone. Then
    /// the cache is emptied under its lock, reservations included. Before issue 44 disposal emptied live owners' caches
    /// with no handshake, and an owner in the middle of a return stored its array, and its reservation, after that.
    /// Runs outside the registry lock, so an owner whose event listener calls back into the pool is never waited on
    /// while it waits for that lock; an owner still busy after two seconds (a listener that blocks) keeps its reservations,
    /// not its arrays.
    /// </summary>
    private void ReleaseRetiredCaches(ThreadCache[] retired)
    {
        if (retired.Length == 0)
        {
            return;
        }

        Interlocked.MemoryBarrierProcessWide();
        int arrays = 0;
        long bytes = 0;
        long deadline = Stopwatch.GetTimestamp() + 2 * Stopwatch.Frequency;
        foreach (ThreadCache cache in retired)
        {
            var spin = default(SpinWait);
            while (Volatile.Read(ref cache.Busy) && cache.Thread.IsAlive && Stopwatch.GetTimestamp() < deadline)
            {
                spin.SpinOnce();
            }

            lock (cache)
            {
                (int a, long b) = ReleaseUnderLock(cache, 0, 0, all: true);
                arrays += a;
                bytes += b;
            }
        }

        CountReleased((arrays, bytes), TrimKind.Dispose);
        LogReleased((arrays, bytes), TrimKind.Dispose);
    }

    /// <summary>
    /// Takes the idle (or all) arrays out of a live thread's cache, and the reservations of its empty top slots when
    /// the owner is not writing them (see <see cref="AnnounceRevocation"/>). The owner may rent at the same time: the
    /// exchange means the trimmer and the owner can both end up with an array, which is harmless because the trimmer
    /// only lets it go. If the owner is busy, reservations stay and the owner gives the empty ones back on its next
    /// slow path.
    /// </summary>
    /// <remarks>
    /// Never waits for the cache's lock. An owner holds it only for a moment, in a section that may raise an event, and
    /// an in-process listener that calls back into the pool from that event (<see cref="GetStatistics"/>,
    /// <see cref="Trim"/>) waits for the registry lock this trimmer holds: waiting here deadlocked the two (issue 44).
    /// A cache whose owner is in such a section is in use anyway; the next trim looks at it again. Its
    /// <c>Revoking</c> flag is cleared without the lock, which only sends the owner's later sections back to the
    /// lock-free path while no trimmer is at work on the cache.
    /// </remarks>
    private (int Arrays, long Bytes) TrimOtherThread(ThreadCache cache, int now, int idle, bool all)
    {
        if (!Monitor.TryEnter(cache))
        {
            cache.Revoking = false;
            return default;
        }

        try
        {
            (int Arrays, long Bytes) released = ReleaseUnderLock(cache, now, idle, all);
            cache.Revoking = false;
            return released;
        }
        finally
        {
            Monitor.Exit(cache);
        }
    }

    /// <summary>The body of <see cref="TrimOtherThread"/> and <see cref="ReleaseRetiredCaches"/>, under the cache's lock.</summary>
    private (int Arrays, long Bytes) ReleaseUnderLock(ThreadCache cache, int now, int idle, bool all)
    {
        int arrays = 0;
        long bytes = 0;
        bool ownerQuiet = !Volatile.Read(ref cache.Busy);
        for (int c = 0; c < _lengths.Length; c++)
        {
            int reserved = Math.Min(Volatile.Read(ref cache.Classes[c].Reserved), _slotCapacity[c]);
            int kept = 0;
            for (int i = 0; i < reserved; i++)
            {
                ref Slot slot = ref SlotAt(cache, c, i);
                if (slot.Array is null)
                {
                    continue;
                }

                if (!all && !IsIdle(ref slot, now, idle))
                {
                    kept = i + 1;
                    continue;
                }

                if (Interlocked.Exchange(ref slot.Array, null) is not null)
                {
                    arrays++;
                    bytes += _classBytes[c];
                }
            }

            // Reservations stay a prefix: the slots above the last kept array are empty, and the owner, not
            // writing, cannot fill them before it sees the lowered count (it returns under this lock meanwhile).
            if (ownerQuiet && kept < reserved)
            {
                ReleaseReservedSlots(cache, c, reserved - kept);
            }
        }

        if (arrays != 0 && !ownerQuiet)
        {
            cache.ReleaseRequested = true;
        }

        // The shard may have let the array go: the owner's next check need not look there.
        cache.LastPushedShard = NoShard;

        return (arrays, bytes);
    }

    /// <summary>Stamps a slot the first time the trimmer sees it unused; true once it has been unused for <paramref name="idle"/> ms.</summary>
    private static bool IsIdle(ref Slot slot, int now, int idle)
    {
        int stamp = slot.Stamp;
        if (stamp == 0)
        {
            slot.Stamp = now == 0 ? 1 : now;
            return false;
        }

        return now - stamp >= idle;
    }

    /// <summary>
    /// The idle timer. It holds the pool weakly (a pool nobody references is collected, and the timer then stops) and
    /// does not capture the creator's execution context. A tick that finds the previous one still running returns at
    /// once: with periods down to 10 ms, a slow trim (many threads' caches, a listener on its event) otherwise had
    /// the thread pool start the next ones beside it, each waiting for the registry lock and then flagging every cache
    /// again (issue 44).
    /// </summary>
    private sealed class TrimTimer : IDisposable
    {
        private readonly WeakReference<ScalableArrayPool<T>> _pool;
        private readonly Timer _timer;

        // 1 while a tick runs.
        private int _ticking;

        public TrimTimer(ScalableArrayPool<T> pool, int periodMilliseconds)
        {
            _pool = new WeakReference<ScalableArrayPool<T>>(pool);
            bool restoreFlow = false;
            try
            {
                if (!ExecutionContext.IsFlowSuppressed())
                {
                    ExecutionContext.SuppressFlow();
                    restoreFlow = true;
                }

                _timer = new Timer(static state => ((TrimTimer)state!).Tick(), this, Timeout.Infinite, Timeout.Infinite);
            }
            finally
            {
                if (restoreFlow)
                {
                    ExecutionContext.RestoreFlow();
                }
            }

            _timer.Change(periodMilliseconds, periodMilliseconds);
        }

        public void Dispose() => _timer.Dispose();

        private void Tick()
        {
            if (Interlocked.CompareExchange(ref _ticking, 1, 0) != 0)
            {
                return;
            }

            try
            {
                if (_pool.TryGetTarget(out ScalableArrayPool<T>? pool) && !pool._disposed)
                {
                    pool.OnTrimTimer();
                }
                else
                {
                    _timer.Dispose();
                }
            }
            finally
            {
                Volatile.Write(ref _ticking, 0);
            }
        }
    }
}
