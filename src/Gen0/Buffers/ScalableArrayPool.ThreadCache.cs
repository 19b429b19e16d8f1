using System.Runtime.CompilerServices;

namespace Gen0.Buffers;

public sealed partial class ScalableArrayPool<T>
{
    // Every thread's cache for this pool, for trimming and statistics; guarded by itself.
    private readonly List<ThreadCache> _caches = [];

    // Counts of operations that had no thread cache (after disposal), of trims, and of caches whose thread ended.
    private readonly long[] _poolCounters = new long[Counter.Count];

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

        object?[]? caches = _isShared ? null : ThreadCacheTable.EnsureCurrent(id);
        var cache = new ThreadCache(_token, _slotCount, _slotStart);
        lock (_caches)
        {
            if (_disposed)
            {
                return null;
            }

            if ((_caches.Count & 63) == 63)
            {
                RemoveDeadThreadCaches();
            }

            _caches.Add(cache);
        }

        if (caches is null)
        {
            t_sharedCache = cache;
        }
        else
        {
            caches[id] = cache;
            t_lastInstanceCache = cache;
        }

        return cache;
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
            ReleaseEmptyReservationsLocked(cache);
        }
    }

    private void ReleaseEmptyReservationsLocked(ThreadCache cache)
    {
        cache.ReleaseRequested = false;
        long released = 0;
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

            // A racing trimmer can only take arrays out, so keeping all 'kept' reservations over-covers, never under.
            cache.Classes[c].Count = Math.Max(kept - 1, 0);
            cache.Classes[c].Reserved = kept;
            released += (reserved - kept) * _classBytes[c];
        }

        if (released != 0)
        {
            Interlocked.Add(ref _reservedBytes, -released);
        }
    }

    /// <summary>
    /// Slot <paramref name="index"/> of class <paramref name="c"/> in a thread's cache: 0 is the class's hot slot (in
    /// <see cref="ClassState"/>, where the hit paths look first), 1 and up are the class's stack in
    /// <see cref="ThreadCache.Slots"/>. Reservations cover a prefix of these indexes.
    /// </summary>
    private static ref Slot SlotAt(ThreadCache cache, int c, int index)
    {
        ref ClassState state = ref cache.Classes[c];
        if (index == 0)
        {
            return ref state.Hot;
        }

        return ref cache.Slots[state.Start + index - 1];
    }

    /// <summary>Under the registry lock: releases and forgets the caches of threads that have ended.</summary>
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
            (int a, long b) = ReleaseAll(cache);
            arrays += a;
            bytes += b;
            for (int k = 0; k < Counter.Count; k++)
            {
                Interlocked.Add(ref _poolCounters[k], cache.Counters[k]);
            }

            // Its slots are empty now, so every array it returned to them and did not lose to a trim was rented back.
            Interlocked.Add(ref _poolCounters[Counter.ThreadLocalReturns], cache.ThreadLocalReturns);
            Interlocked.Add(ref _poolCounters[Counter.ThreadLocalHits], cache.ThreadLocalReturns - cache.SlotArraysReleased);

            _caches[i] = _caches[^1];
            _caches.RemoveAt(_caches.Count - 1);
        }

        return (arrays, bytes);
    }

    /// <summary>
    /// Releases every array and every reservation of a cache whose owner cannot race (it is the caller, has ended, or
    /// the pool is disposed).
    /// </summary>
    private (int Arrays, long Bytes) ReleaseAll(ThreadCache cache)
    {
        int arrays = 0;
        long bytes = 0;
        long reserved = 0;
        for (int c = 0; c < _lengths.Length; c++)
        {
            int releasedBefore = arrays;
            for (int i = 0; i < cache.Classes[c].Reserved; i++)
            {
                if (Interlocked.Exchange(ref SlotAt(cache, c, i).Array, null) is not null)
                {
                    arrays++;
                    bytes += _classBytes[c];
                }
            }

            cache.SlotArraysReleased += arrays - releasedBefore;
            reserved += cache.Classes[c].Reserved * _classBytes[c];
            cache.Classes[c].Reserved = 0;
            cache.Classes[c].Count = 0;
        }

        cache.LastPushed = null;
        if (reserved != 0)
        {
            Interlocked.Add(ref _reservedBytes, -reserved);
        }

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

        // Where the class's stack (slots 1 and up) begins in Slots: a copy of the pool's table.
        public int Start;
    }

    /// <summary>
    /// One thread's cache for one pool. Only the owner thread writes <see cref="Classes"/>' counts and
    /// <see cref="Counters"/>, and stores arrays into the hot slots and <see cref="Slots"/>; other threads read them for statistics, a
    /// trimmer may exchange a slot's array for <see langword="null"/>, and a trimmer may lower a class's reservations
    /// when the <see cref="Busy"/>/<see cref="Revoking"/> handshake shows the owner is not writing its slots. The
    /// object itself is the lock that the trimmer and the owner's rare slow paths share.
    /// </summary>
    private sealed class ThreadCache
    {
        public readonly Slot[] Slots;

        public readonly ClassState[] Classes;
        public readonly long[] Counters = new long[Counter.Count];

        // Arrays returned into the slots (by the owner only). Thread-local hits are not counted on the hit path: they
        // are these returns minus the arrays still in the slots minus those a trim released (SlotArraysReleased).
        public long ThreadLocalReturns;

        // Arrays trims took out of the slots; written only under the pool's registry lock.
        public long SlotArraysReleased;
        public readonly Thread Thread = Thread.CurrentThread;

        // The owning pool's token, or null once the pool is disposed.
        public object? Owner;

        // Set by the trimmer after it emptied slots of this live thread: the owner gives back the reservations.
        public volatile bool ReleaseRequested;

        // The array this thread last pushed to a shard, until it rents it back or a trim: a second return of it is
        // refused wherever the first went (this core's shard or another's) and wherever the second would go. Holds
        // at most one array per thread alive between trims.
        public T[]? LastPushed;

        // Written by the owner only: true from before it reads the reservations on a return until after it stored the
        // array. A trimmer reads it after a process-wide barrier to learn whether it may lower the reservations.
        public bool Busy;

        // Written by the trimmer only, under the cache's lock: true while it takes reservations back. An owner that
        // sees it returns under the lock instead.
        public volatile bool Revoking;

        public ThreadCache(object owner, int slotCount, int[] slotStart)
        {
            Owner = owner;
            Slots = new Slot[slotCount];
            Classes = new ClassState[slotStart.Length];
            for (int c = 0; c < Classes.Length; c++)
            {
                Classes[c].Start = slotStart[c];
            }
        }
    }
}
