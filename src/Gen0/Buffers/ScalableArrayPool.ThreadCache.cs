using System.Runtime.CompilerServices;

namespace Gen0.Buffers;

public sealed partial class ScalableArrayPool<T>
{
    // Ids index the thread-static cache arrays; they are shared by all pools of T and recycled, so the arrays stay
    // as short as the number of pools alive at once.
    private static readonly Stack<int> s_freeIds = new();
    private static int s_idCount;

    // Every thread's cache for this pool, for trimming and statistics; guarded by itself.
    private readonly List<ThreadCache> _caches = [];

    // Counts of operations that had no thread cache (after disposal), of trims, and of caches whose thread ended.
    private readonly long[] _poolCounters = new long[Counter.Count];

    private static int AllocateId()
    {
        lock (s_freeIds)
        {
            return s_freeIds.Count > 0 ? s_freeIds.Pop() : s_idCount++;
        }
    }

    private void ReleaseId()
    {
        int id = Interlocked.Exchange(ref _id, -1);
        if (id >= 0)
        {
            lock (s_freeIds)
            {
                s_freeIds.Push(id);
            }
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

        ThreadCache?[]? caches = t_caches;
        if (caches is null || caches.Length <= id)
        {
            Array.Resize(ref caches, Math.Max(id + 1, Math.Max(4, (caches?.Length ?? 0) * 2)));
            t_caches = caches;
        }

        var cache = new ThreadCache(_token, _slotCount, _lengths.Length);
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

        caches[id] = cache;
        return cache;
    }

    /// <summary>
    /// Called by the owner thread only, on a slow path, after the trimmer emptied some of its slots: compacts the
    /// arrays left in each class and gives the reservations of the emptied slots back to the budget.
    /// </summary>
    private void ReleaseEmptyReservations(ThreadCache cache)
    {
        cache.ReleaseRequested = false;
        long released = 0;
        for (int c = 0; c < _lengths.Length; c++)
        {
            int reserved = cache.Reserved[c];
            if (reserved == 0)
            {
                continue;
            }

            int start = _slotStart[c];
            int kept = 0;
            for (int i = 0; i < reserved; i++)
            {
                T[]? array = cache.Slots[start + i].Array;
                if (array is not null)
                {
                    cache.Slots[start + i].Array = null;
                    cache.Slots[start + kept].Array = array;
                    kept++;
                }
            }

            // A racing trimmer can only take arrays out, so keeping all 'kept' reservations over-covers, never under.
            cache.Counts[c] = kept;
            cache.Reserved[c] = kept;
            released += (reserved - kept) * _classBytes[c];
        }

        if (released != 0)
        {
            Interlocked.Add(ref _reservedBytes, -released);
        }
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
            int start = _slotStart[c];
            for (int i = 0; i < cache.Reserved[c]; i++)
            {
                if (Interlocked.Exchange(ref cache.Slots[start + i].Array, null) is not null)
                {
                    arrays++;
                    bytes += _classBytes[c];
                }
            }

            reserved += cache.Reserved[c] * _classBytes[c];
            cache.Reserved[c] = 0;
            cache.Counts[c] = 0;
        }

        if (reserved != 0)
        {
            Interlocked.Add(ref _reservedBytes, -reserved);
        }

        return (arrays, bytes);
    }

    /// <summary>
    /// One thread's cache for one pool. Only the owner thread writes <see cref="Counts"/>, <see cref="Reserved"/> and
    /// <see cref="Counters"/>, and stores into <see cref="Slots"/>; other threads read them for statistics and the
    /// trimmer may exchange a slot's array for <see langword="null"/>.
    /// </summary>
    private sealed class ThreadCache
    {
        public readonly Slot[] Slots;

        // Per class: arrays stacked in the first Counts[c] slots (holes possible after a trim), and how many of the
        // first slots are reserved against the budget (always >= Counts[c]).
        public readonly int[] Counts;
        public readonly int[] Reserved;
        public readonly long[] Counters = new long[Counter.Count];
        public readonly Thread Thread = Thread.CurrentThread;

        // The owning pool's token, or null once the pool is disposed.
        public object? Owner;

        // Set by the trimmer after it emptied slots of this live thread: the owner gives back the reservations.
        public volatile bool ReleaseRequested;

        public ThreadCache(object owner, int slotCount, int classCount)
        {
            Owner = owner;
            Slots = new Slot[slotCount];
            Counts = new int[classCount];
            Reserved = new int[classCount];
        }
    }
}
