using System.Runtime.CompilerServices;

namespace Gen0.Buffers;

public sealed partial class ScalableArrayPool<T>
{
    // Every thread's cache for this pool, for trimming and statistics; guarded by itself.
    private readonly List<ThreadCache> _caches = [];

    // The next cache a new thread looks at for an ended owner (guarded by _caches).
    private int _adoptCursor;

    // ThreadCache.LastPushedShard when the thread has no array in a shard to check returns against.
    private const int NoShard = -1;

    // Counts of operations that had no thread cache (after disposal), of trims, and of caches whose thread ended.
    private readonly long[] _poolCounters = new long[Counter.PoolCount];

    private void ReleaseId()
    {
        int id = Interlocked.Exchange(ref _id, -1);
        if (id >= 0)
        {
            ThreadCacheTable.ReleaseId(id);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private ThreadCache GetOrCreateThreadCache()
    {
        ThreadCache? cache = TryCreateThreadCache();
        if (cache is null)
        {
            ThrowHelper.ThrowObjectDisposed(GetType());
        }

        return cache;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private ThreadCache? TryCreateThreadCache()
    {
        int id = _id;
        if (_disposed || id < 0)
        {
            return null;
        }

        object?[]? caches = _isShared ? null : EnsureInstanceTable(id);
        ThreadCache? cache;
        (int Arrays, long Bytes) released = default;
        lock (_caches)
        {
            if (_disposed)
            {
                return null;
            }

            cache = TryAdoptDeadThreadCache(ref released);
            if (cache is null)
            {
                if ((_caches.Count & 63) == 63)
                {
                    released = RemoveDeadThreadCaches();
                    CountReleased(released, TrimKind.DeadThread);
                }

                cache = new ThreadCache(_token, _slotCount, _slotStart.Length, id);
                _caches.Add(cache);
            }
        }

        LogReleased(released, TrimKind.DeadThread);

        if (_isShared)
        {
            t_sharedCache = cache;
        }
        else
        {
            if (caches is not null)
            {
                caches[id] = cache;
            }

            t_lastInstanceCache = cache;
        }

        return cache;
    }

    /// <summary>
    /// The calling thread's table of instance caches, to hold this pool's new cache at <paramref name="id"/>; or
    /// <see langword="null"/> while the thread has used no other instance pool of the element type, whose cache
    /// <c>t_lastInstanceCache</c> alone then finds: a short-lived thread that uses one pool allocates no table (8
    /// bytes per pool id up to the highest in use). When the thread's last-used cache is another live pool's that the
    /// table does not hold yet, it goes in, since <c>t_lastInstanceCache</c> is about to point elsewhere.
    /// </summary>
    private static object?[]? EnsureInstanceTable(int id)
    {
        // Never a cache of this element type on this thread (every new cache and every table hit sets the last one):
        // nothing to find in a table, and this thread's table is not even read.
        ThreadCache? last = t_lastInstanceCache;
        if (last is null)
        {
            return null;
        }

        bool lastIsLive = last.Owner is not null;
        if (ThreadCacheTable.Current is null && !lastIsLive)
        {
            return null;
        }

        object?[] table = ThreadCacheTable.EnsureCurrent(lastIsLive ? Math.Max(id, last.TableId) : id);
        if (lastIsLive && table[last.TableId] is not ThreadCache { Owner: not null })
        {
            table[last.TableId] = last;
        }

        return table;
    }

    /// <summary>
    /// Starts an owner's slow-path section that may change the cache's reservations or move several arrays: the
    /// handshake of <see cref="ReturnToClass"/> (a plain store, then a load), or the cache's lock while a trimmer is at
    /// work on it. Returns whether the section is lock-free; pass that to <see cref="ExitOwner"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool EnterOwner(ThreadCache cache)
    {
        cache.Busy = true;
        ProcessWideBarrier.OwnerSide();
        if (!cache.Revoking)
        {
            return true;
        }

        cache.Busy = false;
        Monitor.Enter(cache);
        return false;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void ExitOwner(ThreadCache cache, bool unlocked)
    {
        if (unlocked)
        {
            Volatile.Write(ref cache.Busy, false);
        }
        else
        {
            Monitor.Exit(cache);
        }
    }

    /// <summary>
    /// On a miss in an empty class: how many arrays beyond the rented one this thread should take from the shard in
    /// the same batch, reserving the slots to hold them. A thread that missed before without returning an array since
    /// (it rents what others return: a producer) takes twice as many as last time, up to the class's slots; any other
    /// thread takes only the array it asked for, so threads that rent and return keep one array per class at most.
    /// </summary>
    private int RefillRoom(ThreadCache cache, int c)
    {
        int capacity = _slotCapacity[c];
        if (capacity == 0)
        {
            return 0;
        }

        ref ClassState state = ref cache.Classes[c];
        // The low 32 bits of the thread's return count: equal after 2^32 returns is a producer's guess missed, no more.
        int returns = unchecked((int)cache.ThreadLocalReturns);
        int run = state.RefillRun != 0 && returns == state.ReturnsAtRefill ? Math.Min(state.RefillRun * 2, capacity) : 1;
        state.RefillRun = run;
        state.ReturnsAtRefill = returns;
        int extra = run - 1;
        if (extra == 0)
        {
            return 0;
        }

        // The class is empty here (the hot slot and the stack), so its reserved slots are all free.
        int reserved = state.Reserved;
        if (reserved < extra)
        {
            reserved += TryReserveSlots(cache, c, extra - reserved);
        }

        return Math.Min(extra, reserved);
    }

    /// <summary>Puts the <paramref name="count"/> arrays of a refill (<c>batch[1..count]</c>) into the class's reserved, empty slots.</summary>
    private void PlaceRefill(ThreadCache cache, int c, T[]?[] batch, int count)
    {
        int start = _slotStart[c];
        ref ClassState state = ref cache.Classes[c];
        state.Hot.Array = batch[1];
        state.Hot.Stamp = 0;
        batch[1] = null;
        for (int i = 2; i <= count; i++)
        {
            ref Slot slot = ref cache.Slots[start + i - 2];
            slot.Array = batch[i];
            slot.Stamp = 0;
            batch[i] = null;
        }

        state.Count = count - 1;
    }

    /// <summary>
    /// Reserves up to <paramref name="count"/> more slots of class <paramref name="c"/> for the owner: each is charged
    /// to the budget, to the thread's share (an eighth of the budget) and to the thread tier's share (half of it).
    /// Returns how many it reserved. Owner only, inside an owner section.
    /// </summary>
    private int TryReserveSlots(ThreadCache cache, int c, int count)
    {
        long bytes = _classBytes[c];
        int granted = 0;
        while (granted < count && cache.ReservedBytes + bytes <= _perThreadLimit && TryAddThreadTier(bytes))
        {
            if (!TryCharge(bytes))
            {
                Interlocked.Add(ref _threadReservedBytes, -bytes);
                break;
            }

            cache.ReservedBytes += bytes;
            cache.Classes[c].Reserved++;
            granted++;
        }

        return granted;
    }

    /// <summary>Gives back <paramref name="slots"/> reservations of class <paramref name="c"/> (the slots are empty and the owner cannot race).</summary>
    private void ReleaseReservedSlots(ThreadCache cache, int c, int slots)
    {
        if (slots == 0)
        {
            return;
        }

        long bytes = slots * _classBytes[c];
        cache.Classes[c].Reserved -= slots;
        cache.ReservedBytes -= bytes;
        Interlocked.Add(ref _threadReservedBytes, -bytes);
        ReleaseBudget(bytes);
    }

    /// <summary>
    /// Called by the owner thread only, on a slow path, after a trimmer emptied some of its slots while the owner was
    /// busy: compacts the arrays left in each class and gives the reservations of the emptied slots back to the
    /// budget. Under the cache's lock, so no trimmer exchanges an array while it moves.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ReleaseEmptyReservations(ThreadCache cache)
    {
        lock (cache)
        {
            cache.ReleaseRequested = false;
            for (int c = 0; c < _lengths.Length; c++)
            {
                int reserved = cache.Classes[c].Reserved;
                if (reserved == 0)
                {
                    continue;
                }

                // Slot 0 is the hot slot, the stack follows it: the arrays left are packed from slot 0 up.
                int kept = 0;
                for (int i = 0; i < reserved; i++)
                {
                    ref Slot slot = ref SlotAt(cache, c, i);
                    T[]? array = slot.Array;
                    if (array is not null)
                    {
                        slot.Array = null;
                        SlotAt(cache, c, kept).Array = array;
                        kept++;
                    }
                }

                cache.Classes[c].Count = Math.Max(kept - 1, 0);
                ReleaseReservedSlots(cache, c, reserved - kept);
            }
        }
    }

    /// <summary>
    /// Slot <paramref name="index"/> of class <paramref name="c"/> in a thread's cache: 0 is the class's hot slot (in
    /// <see cref="ClassState"/>, where the hit paths look first), 1 and up are the class's stack in
    /// <see cref="ThreadCache.Slots"/>. Reservations cover a prefix of these indexes.
    /// </summary>
    private ref Slot SlotAt(ThreadCache cache, int c, int index)
    {
        if (index == 0)
        {
            return ref cache.Classes[c].Hot;
        }

        return ref cache.Slots[_slotStart[c] + index - 1];
    }

    /// <summary>
    /// Under the registry lock: the cache of a thread that has ended, taken over by the calling thread with its arrays
    /// and reservations, or <see langword="null"/> if the caches looked at all belong to live threads. Short-lived
    /// threads (thread-per-request, a thread per job) then reuse what the threads before them returned instead of
    /// allocating a cache and a first array each: 1,000 sequential threads renting one 64 KiB array allocated 1,000
    /// arrays and 1,000 caches before (issue 43). Looks at the two newest caches (the threads that ended last are usually
    /// the last that started) and two more in turn, so a new thread pays at most four liveness checks however many
    /// threads hold caches; once it finds a dead one it moves every other dead thread's arrays to the shards too
    /// (<paramref name="released"/>: what did not fit).
    /// </summary>
    private ThreadCache? TryAdoptDeadThreadCache(ref (int Arrays, long Bytes) released)
    {
        int count = _caches.Count;
        ThreadCache? found = null;
        for (int i = 1; i <= Math.Min(2, count) && found is null; i++)
        {
            found = IsDead(_caches[count - i]);
        }

        for (int i = 0; i < Math.Min(2, count) && found is null; i++)
        {
            _adoptCursor = _adoptCursor + 1 < count ? _adoptCursor + 1 : 0;
            found = IsDead(_caches[_adoptCursor]);
        }

        if (found is null)
        {
            return null;
        }

        // The owner is gone and trimmers run under this lock: no one else is in the cache. An owner that died inside
        // a section (an exception out of a return) may have left it marked busy.
        found.Thread = Thread.CurrentThread;
        found.Busy = false;
        found.Revoking = false;
        found.LastPushedShard = NoShard;
        released = RemoveDeadThreadCaches();
        CountReleased(released, TrimKind.DeadThread);
        return found;

        static ThreadCache? IsDead(ThreadCache cache) => cache.Thread.IsAlive ? null : cache;
    }

    /// <summary>
    /// Under the registry lock: forgets the caches of threads that have ended, moving their arrays to a shard as
    /// returns would (budget permitting); returns the arrays and bytes that did not fit and were let go.
    /// </summary>
    private (int Arrays, long Bytes) RemoveDeadThreadCaches()
    {
        int arrays = 0;
        long bytes = 0;
        for (int i = _caches.Count - 1; i >= 0; i--)
        {
            ThreadCache cache = _caches[i];
            if (cache.Thread.IsAlive)
            {
                continue;
            }

            // The owner is gone, so nothing races with us on this cache.
            (int a, long b) = MoveToShards(cache);
            arrays += a;
            bytes += b;
            for (int k = 0; k < Counter.Count; k++)
            {
                Interlocked.Add(ref _poolCounters[k], cache.Counters[k]);
            }

            Interlocked.Add(ref _poolCounters[Counter.ThreadLocalHits], cache.ThreadLocalHits);
            Interlocked.Add(ref _poolCounters[Counter.ThreadLocalReturns], cache.ThreadLocalReturns);
            _caches[i] = _caches[^1];
            _caches.RemoveAt(_caches.Count - 1);
        }

        if (_adoptCursor >= _caches.Count)
        {
            _adoptCursor = 0;
        }

        return (arrays, bytes);
    }

    /// <summary>
    /// Moves every array of an ended thread's cache to the calling thread's shard, giving the cache's reservations back
    /// first so that the budget they held pays for the shard's charge; returns what no shard took.
    /// </summary>
    private (int Arrays, long Bytes) MoveToShards(ThreadCache cache)
    {
        int dropped = 0;
        long droppedBytes = 0;
        int shard = CurrentShard();
        T[]?[] batch = cache.Batch;
        for (int c = 0; c < _lengths.Length; c++)
        {
            int reserved = cache.Classes[c].Reserved;
            if (reserved == 0)
            {
                continue;
            }

            cache.Classes[c].Count = 0;
            ReleaseReservedSlots(cache, c, reserved);
            int n = 0;
            int droppedHere = 0;
            for (int i = 0; i < reserved; i++)
            {
                if (Interlocked.Exchange(ref SlotAt(cache, c, i).Array, null) is { } array)
                {
                    batch[n++] = array;
                }

                if (n != 0 && (n == batch.Length || i == reserved - 1))
                {
                    PushToAnyShard(shard, c, batch, 0, n, out int pushed, out _);
                    droppedHere += n - pushed;
                    Array.Clear(batch, 0, n);
                    n = 0;
                }
            }

            dropped += droppedHere;
            droppedBytes += droppedHere * _classBytes[c];
        }

        cache.LastPushedShard = NoShard;
        return (dropped, droppedBytes);
    }

    /// <summary>
    /// From the finalizer: empties every thread's cache of a pool nobody references, so their arrays do not stay
    /// reachable from the threads' statics (the last-used cache, the instance table) for as long as those threads live.
    /// Eight undisposed pools held 36 MiB that way, counted nowhere (issue 44). No owner can be inside a rent or a
    /// return of a pool that is unreachable, so the caches are emptied without the handshake.
    /// </summary>
    private void ReleaseCachesOfCollectedPool()
    {
        lock (_caches)
        {
            foreach (ThreadCache cache in _caches)
            {
                cache.Owner = null;
                ReleaseAll(cache);
            }

            _caches.Clear();
        }
    }

    /// <summary>
    /// Releases every array and every reservation of a cache whose owner cannot race (it is the caller, has ended, or
    /// the pool is unreachable).
    /// </summary>
    private (int Arrays, long Bytes) ReleaseAll(ThreadCache cache)
    {
        int arrays = 0;
        long bytes = 0;
        for (int c = 0; c < _lengths.Length; c++)
        {
            int reserved = cache.Classes[c].Reserved;
            for (int i = 0; i < reserved; i++)
            {
                if (Interlocked.Exchange(ref SlotAt(cache, c, i).Array, null) is not null)
                {
                    arrays++;
                    bytes += _classBytes[c];
                }
            }

            cache.Classes[c].Count = 0;
            ReleaseReservedSlots(cache, c, reserved);
        }

        cache.LastPushedShard = NoShard;
        return (arrays, bytes);
    }

    /// <summary>
    /// A thread's state for one size class: the hot slot (slot 0, the only one the hit paths touch, as the one-array
    /// thread-local bucket of <c>ArrayPool.Shared</c>), the number of stack positions in use after it
    /// (<see cref="Count"/>, slots 1 to <c>Count</c>; holes are possible after a trim), and how many of the slots from 0
    /// are reserved against the budget (at least <c>Count + 1</c> while <c>Count</c> is not 0). One struct, so the hit
    /// paths pay one bounds check and one cache line for all of it.
    /// </summary>
    private struct ClassState
    {
        public Slot Hot;
        public int Count;
        public int Reserved;

        // The size of the thread's last refill of the class (0: none yet) and the thread's returns at that moment (low
        // 32 bits): a miss with no return since is a producer's, which takes a bigger batch. Where the class's stack
        // begins in Slots is the pool's table (_slotStart), read on slow paths only, so that a class's state is 32
        // bytes, half a cache line, not 40 (issue 45).
        public int RefillRun;
        public int ReturnsAtRefill;
    }

    /// <summary>
    /// One thread's cache for one pool. Only the owner thread writes <see cref="Classes"/>' counts and the counters,
    /// and stores arrays into the hot slots and <see cref="Slots"/>; other threads read them for statistics, a trimmer
    /// may exchange a slot's array for <see langword="null"/>, and a trimmer may lower a class's reservations when the
    /// <see cref="Busy"/>/<see cref="Revoking"/> handshake shows the owner is not in an owner section. The object
    /// itself is the lock that the trimmer and the owner's rare slow paths share. Its states (quiet, busy, revoking,
    /// locked, orphaned, retired) and who moves it between them: docs/architecture.md, "Pools: a thread cache's states".
    /// </summary>
    private sealed class ThreadCache
    {
        public readonly Slot[] Slots;

        public readonly ClassState[] Classes;
        public readonly long[] Counters = new long[Counter.Count];

        // The hit path's counters: rents served by the slots, and arrays returned into them (owner only).
        public long ThreadLocalHits;
        public long ThreadLocalReturns;

        // The bytes of this thread's reserved slots, against its share of the budget (owner, or a trimmer that found
        // the owner quiet).
        public long ReservedBytes;

        // The owner's scratch for arrays moving between its slots and a shard in one batch (owner only).
        public readonly T[]?[] Batch = new T[]?[9];

        // The identity hash of the array this thread last returned straight to a shard (a class without a thread-local
        // tier), and that shard (NoShard: none): a second return of it is refused while that shard still holds it,
        // wherever the thread runs now. A hash, not the array: a reference here kept the array alive after another
        // thread rented it and let it go, until the next trim (issue 44). Equal hashes only send the check to the
        // shard, which compares references.
        public int LastPushedHash;
        public int LastPushedShard = NoShard;

        // The owner: the thread that created the cache, or one that took it over after that thread ended (under the
        // registry lock).
        public Thread Thread = Thread.CurrentThread;

        // The owning pool's token, or null once the pool is disposed.
        public object? Owner;

        // The owning pool's id in threads' tables of instance caches (ThreadCacheTable).
        public readonly int TableId;

        // Set by the trimmer after it emptied slots of this live thread: the owner gives back the reservations.
        public volatile bool ReleaseRequested;

        // Written by the owner only: true from before it reads the reservations in an owner section until after it
        // stored the arrays. A trimmer reads it after a process-wide barrier to learn whether it may lower them.
        public bool Busy;

        // Written by trimmers only: set for all caches before a trim's barrier, cleared under the cache's lock when the
        // trimmer is done with it (or without the lock by a trimmer that found it taken and leaves the cache alone),
        // and left set for good by disposal. An owner that sees it runs its section under the lock instead.
        // The whole state machine: docs/architecture.md, "Pools: a thread cache's states".
        public volatile bool Revoking;

        public ThreadCache(object owner, int slotCount, int classCount, int tableId)
        {
            Owner = owner;
            TableId = tableId;
            Slots = new Slot[slotCount];
            Classes = new ClassState[classCount];
        }
    }
}
