namespace Gen0.Pools;

/// <summary>Releasing idle objects on a timer (<see cref="PoolOptions{T}.TrimAfter"/>) and on demand.</summary>
/// <remarks>
/// Trimming must not add a shared write to the hot path, so idleness is observed rather than recorded: a
/// shard is idle when its dequeue position did not move during a whole period, a thread slot when its owner
/// did not touch it (a plain store to the owner's own cache line). Idle objects are taken with the same atomic
/// operations as any renter, so trimming is safe while the pool is in use. The timer holds the pool weakly and
/// stops itself when the pool is collected or disposed.
/// </remarks>
public sealed partial class Pool<T>
{
    private readonly int[] _lastShardPositions;
    private Timer? _trimTimer;

    // The idle period in milliseconds, and when (Environment.TickCount) the pool last looked for idle objects; both
    // guarded by the lock of _lastShardPositions.
    private int _trimPeriodMilliseconds;
    private int _lastLookTick;

    private void StartTrimTimer(TimeSpan trimAfter)
    {
        if (trimAfter == Timeout.InfiniteTimeSpan)
        {
            return;
        }

        _trimPeriodMilliseconds = (int)Math.Min(int.MaxValue, Math.Ceiling(trimAfter.TotalMilliseconds));
        _lastLookTick = Environment.TickCount;

        bool restoreFlow = false;
        try
        {
            // The timer must not capture the creator's ExecutionContext (AsyncLocals) for the pool's lifetime.
            if (!ExecutionContext.IsFlowSuppressed())
            {
                ExecutionContext.SuppressFlow();
                restoreFlow = true;
            }

            _trimTimer = new Timer(static state => OnTrimTimer((WeakReference<Pool<T>>)state!), new WeakReference<Pool<T>>(this), trimAfter, trimAfter);
        }
        finally
        {
            if (restoreFlow)
            {
                ExecutionContext.RestoreFlow();
            }
        }
    }

    private void StopTrimTimer() => Interlocked.Exchange(ref _trimTimer, null)?.Dispose();

    private static void OnTrimTimer(WeakReference<Pool<T>> poolReference)
    {
        if (poolReference.TryGetTarget(out Pool<T>? pool) && !pool._disposed)
        {
            // A tick that finds the last one (or a release under pressure) still running returns. Queued behind it on
            // the lock, as the timer's ticks overlap when one is slow (an object's Dispose), it would then find the
            // shards unmoved in the moment since and drop objects as idle for a whole period (issue 44).
            if (!Monitor.TryEnter(pool._lastShardPositions))
            {
                return;
            }

            try
            {
                // Ticks also come bunched up (late behind a busy thread pool, or right after a slow one): a look less
                // than half a period after the last would find the pool unmoved in the moment since and take objects
                // in use for idle ones.
                int now = Environment.TickCount;
                if (unchecked(now - pool._lastLookTick) >= pool._trimPeriodMilliseconds / 2)
                {
                    pool._lastLookTick = now;
                    pool.DrainIdle(onlyIdle: true);
                }
            }
            catch (AggregateException)
            {
                // An object's Dispose failed while trimming; nobody is there to catch it on a timer thread, and
                // the object was dropped and counted all the same.
            }
            finally
            {
                Monitor.Exit(pool._lastShardPositions);
            }
        }
    }

    /// <summary>
    /// Drops idle objects: all of them, or (for the timer) those nobody reached for during a whole period. Counted as
    /// trimmed when <paramref name="onlyIdle"/> or <paramref name="underPressure"/>, and then also as released under
    /// pressure when <paramref name="underPressure"/>. The timer and the pressure callback call it under the lock of
    /// <c>_lastShardPositions</c>, whose figures say what a whole period was.
    /// </summary>
    private void DrainIdle(bool onlyIdle, bool underPressure = false)
    {
        List<Exception>? errors = null;
        BoundedConcurrentQueue<object>[] shards = _shards;
        for (int i = 0; i < shards.Length; i++)
        {
            if (!onlyIdle || shards[i].DequeuePosition == _lastShardPositions[i])
            {
                while (shards[i].TryDequeue(out object? item))
                {
                    DropIdle(item, onlyIdle || underPressure, underPressure, ref errors);
                }
            }

            _lastShardPositions[i] = shards[i].DequeuePosition;
        }

        List<object> stolen = [];
        Dictionary<PoolThreadCache<T>, Thread>? dead = null;
        PoolThreadCache<T>?[] caches = Volatile.Read(ref _allCaches);

        // Take inside the steal scope, drop outside it: dropping may serve waiters, which takes their lock.
        StealScope(pool =>
        {
            foreach (PoolThreadCache<T>? cache in caches)
            {
                if (cache is null)
                {
                    continue;
                }

                // Seen dead before the steal, so nothing can enter the slot after it: the cache is empty for good
                // and may be forgotten. A thread that ends after this check may have refilled its slot on its way
                // out; its cache stays listed (counted, reachable) until the next drain takes the object.
                Thread owner = cache.OwnerThread;
                bool isDead = !owner.IsAlive;
                if (!onlyIdle || !cache.Touched || isDead)
                {
                    object? item = StealFrom(cache);
                    if (item is not null)
                    {
                        stolen.Add(item);
                    }
                }

                if (isDead)
                {
                    (dead ??= [])[cache] = owner;
                }

                cache.Touched = false;
            }

            return 0;
        });

        foreach (object item in stolen)
        {
            DropIdle(item, onlyIdle || underPressure, underPressure, ref errors);
        }

        if (dead is not null)
        {
            // Only the caches emptied above: re-reading IsAlive here would also forget a thread that returned an
            // object into its slot and ended since the steal, and lose that object with its claim on the cap.
            // A cache a new thread took over since has another owner now, and stays.
            lock (_cachesLock)
            {
                RemoveCaches(cache => dead.TryGetValue(cache, out Thread? owner) && ReferenceEquals(cache.OwnerThread, owner));
            }
        }

        if (errors is not null)
        {
            throw new AggregateException("Disposing dropped pooled objects failed.", errors);
        }
    }

    private void DropIdle(object item, bool trimming, bool underPressure, ref List<Exception>? errors)
    {
        if (trimming)
        {
            Interlocked.Increment(ref _trimmed);
        }

        if (underPressure)
        {
            Interlocked.Increment(ref _trimmedUnderPressure);
        }

        try
        {
            Drop(item, ReturnResult.Dropped);
        }
        catch (Exception ex)
        {
            (errors ??= []).Add(ex);
        }
    }
}
