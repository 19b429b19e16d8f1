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

        object?[] caches = ThreadCacheTable.EnsureCurrent(id);
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
            int reserved = cache.Classes[c].Reserved;
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
            cache.Classes[c].Count = kept;
            cache.Classes[c].Reserved = kept;
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
            for (int i = 0; i < cache.Classes[c].Reserved; i++)
            {
                if (Interlocked.Exchange(ref cache.Slots[start + i].Array, null) is not null)
                {
                    arrays++;
                    bytes += _classBytes[c];
                }
            }

            reserved += cache.Classes[c].Reserved * _classBytes[c];
            cache.Classes[c].Reserved = 0;
            cache.Classes[c].Count = 0;
        }

        if (reserved != 0)
        {
            Interlocked.Add(ref _reservedBytes, -reserved);
        }

        return (arrays, bytes);
    }

    /// <summary>
    /// A thread's state for one size class: arrays stacked in the first <see cref="Count"/> slots of the class (holes
    /// are possible after a trim), and how many of the first slots are reserved against the budget (always at least
    /// <see cref="Count"/>). One struct, so the fast paths pay one bounds check for both.
    /// </summary>
    private struct ClassState
    {
        public int Count;
        public int Reserved;
    }

    /// <summary>
    /// One thread's cache for one pool. Only the owner thread writes <see cref="Classes"/> and
    /// <see cref="Counters"/>, and stores into <see cref="Slots"/>; other threads read them for statistics and the
    /// trimmer may exchange a slot's array for <see langword="null"/>.
    /// </summary>
    private sealed class ThreadCache
    {
        public readonly Slot[] Slots;

        public readonly ClassState[] Classes;
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
            Classes = new ClassState[classCount];
        }
    }
}
