using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using Gen0.Memory;

namespace Gen0.Pools;

/// <summary>
/// A thread-safe pool of reusable objects of any class, sealed third-party ones included, with creation and
/// clean-up hooks, a hard cap on the objects alive, a choice of what happens when the cap is reached, and
/// detection of objects returned twice or to the wrong pool.
/// </summary>
/// <typeparam name="T">The type of the pooled objects.</typeparam>
/// <remarks>
/// <para>
/// Design problem: a pool is only worth having if renting is much cheaper than allocating, yet every shared
/// structure (a lock, a <c>ConcurrentQueue</c>, even an interlocked counter) costs more than a small
/// allocation as soon as several threads hammer it. So the pool is tiered like <c>ArrayPool&lt;T&gt;.Shared</c>:
/// a per-thread slot for one object per pool instance (a <c>[ThreadStatic]</c> array indexed by an id the
/// instance gets at construction), then per-core shards, each a lock-free <see cref="BoundedConcurrentQueue{T}"/>
/// whose exact capacity is the retention bound, so no counter is needed on the hot path. The cap
/// (<see cref="PoolOptions{T}.MaxSize"/>) is enforced with one compare-and-swap only when an object is created
/// or dropped, and waiters are woken through a fence taken only by pools that can have waiters.
/// </para>
/// <para>
/// Invariants: at most <see cref="PoolOptions{T}.MaxSize"/> objects created by the pool are alive at once (extras
/// made under <see cref="PoolExhaustedBehavior.Allocate"/> are outside the cap and never retained); an object is
/// never handed to two renters at once and never sits in the pool twice; through <see cref="Lease()"/> (always)
/// and raw <see cref="Return"/> (by default: <see cref="PoolOptions{T}.TrackOwnership"/>) an illegitimate return
/// (twice, foreign, another pool's, a leased object returned raw) throws <see cref="InvalidOperationException"/>
/// and changes nothing; a factory or reset that throws leaves every count right; a waiter that leaves for any
/// reason leaves the wait queue, so no object is handed to it. Objects idle in another thread's slot are
/// reachable: a renter at the cap, a waiter, the trimmer and <see cref="Dispose"/> take them with an atomic exchange.
/// </para>
/// <para>
/// Ownership detection: the pool keeps the objects it created in a <c>ConditionalWeakTable</c> (weakly, so
/// objects rented and never returned are collected, and dropped objects leave it), each bound to its entry whose
/// generation is odd while rented. A return on the renting thread finds the entry through that thread's
/// last-rented slot and flips the generation with one compare-and-swap; other returns look it up in the table.
/// With the opt-out (<c>TrackOwnership = false</c>) raw returns are trusted: a second or foreign return can put
/// an object in the pool twice and skews the count behind <see cref="PoolOptions{T}.MaxSize"/>. Leases are
/// checked either way.
/// </para>
/// </remarks>
[DebuggerDisplay("Count = {Count}, Live = {LiveCount}, MaxSize = {MaxSizeDisplay,nq}")]
public sealed partial class Pool<T> : IDisposable, IMemoryPressureListener
    where T : class
{
    private readonly Func<T> _factory;
    private readonly Func<T, bool>? _reset;
    private readonly BoundedConcurrentQueue<object>[] _shards;
    private readonly int _maxSize;
    private readonly bool _isBounded;
    private readonly bool _useThreadSlot;
    private readonly bool _canWait;
    private readonly PoolExhaustedBehavior _whenExhausted;
    private readonly TimeSpan _waitTimeout;
    private readonly bool _disposeDropped;
    private readonly ConditionalWeakTable<T, PoolEntry<T>>? _owned;
    private readonly int _cacheIndex;
    private readonly long _poolId;
    private readonly object _cachesLock = new();
    private readonly object _stealLock = new();
    private int _stealing;
    // Every thread's cache: _cacheCount entries, then room (nulls) for more, so that a new thread appends in place
    // instead of copying the array. Written under _cachesLock; readers take the array and skip nulls. Entries are
    // removed (a copy) only when dead threads' caches are forgotten.
    private PoolThreadCache<T>?[] _allCaches = [];
    private int _cacheCount;

    // The next cache a new thread looks at for an ended owner (under _cachesLock).
    private int _adoptCursor;
    private ConditionalWeakTable<T, PoolEntry<T>>? _untrackedOverflow;
    private int _untrackedOverflowCount;
    private int _live;
    private int _overflowOutstanding;
    private long _created;
    private long _overflowCreated;
    private long _dropped;
    private long _trimmed;
    private long _trimmedUnderPressure;
    private volatile bool _disposed;

    /// <summary>Creates a pool with no cap that creates objects with <paramref name="factory"/>.</summary>
    /// <param name="factory">Creates a new object when the pool has no idle one.</param>
    /// <exception cref="ArgumentNullException"><paramref name="factory"/> is <see langword="null"/>.</exception>
    public Pool(Func<T> factory)
        : this(new PoolOptions<T> { Factory = factory ?? throw new ArgumentNullException(nameof(factory)) })
    {
    }

    /// <summary>Creates a pool with the given options.</summary>
    /// <param name="options">The settings; the pool copies them.</param>
    /// <exception cref="ArgumentNullException"><paramref name="options"/> or its <see cref="PoolOptions{T}.Factory"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException">A setting is out of its range (see each option).</exception>
    public Pool(PoolOptions<T> options)
    {
        ArgumentNullException.ThrowIfNull(options);
        if (options.Factory is null)
        {
            throw new ArgumentNullException(nameof(options), "PoolOptions<T>.Factory is required: set it to a function that creates a new object.");
        }

        int? maxSize = options.MaxSize;
        if (maxSize is < 1)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(options), $"PoolOptions<T>.MaxSize must be at least 1, or null for no cap; it was {maxSize}.");
        }

        if (options.MaxRetained < 0)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(options), $"PoolOptions<T>.MaxRetained must not be negative; it was {options.MaxRetained}.");
        }

        if (options.WhenExhausted is < PoolExhaustedBehavior.Allocate or > PoolExhaustedBehavior.Throw)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(options), $"PoolOptions<T>.WhenExhausted has an undefined value {(int)options.WhenExhausted}.");
        }

        if (options.WaitTimeout != Timeout.InfiniteTimeSpan && (options.WaitTimeout < TimeSpan.Zero || options.WaitTimeout.TotalMilliseconds > int.MaxValue))
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(options), $"PoolOptions<T>.WaitTimeout must be between 0 and {int.MaxValue} ms, or Timeout.InfiniteTimeSpan to wait without limit; it was {options.WaitTimeout}.");
        }

        if (options.ProcessorCountOverride is < 1)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(options), "The processor count override must be at least 1.");
        }

        if (options.TrimAfter <= TimeSpan.Zero && options.TrimAfter != Timeout.InfiniteTimeSpan)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(options), "PoolOptions<T>.TrimAfter must be positive, or Timeout.InfiniteTimeSpan to turn trimming off.");
        }

        _isBounded = maxSize.HasValue;
        _maxSize = maxSize ?? int.MaxValue;
        int maxRetained = Math.Min(options.MaxRetained, _maxSize);
        if (maxRetained > PoolOptions<T>.MaxRetainedLimit)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(options), $"PoolOptions<T>.MaxRetained must be at most {PoolOptions<T>.MaxRetainedLimit} (PoolOptions<T>.MaxRetainedLimit) unless MaxSize is lower; it was {options.MaxRetained}.");
        }

        if (options.Prewarm < 0 || options.Prewarm > maxRetained)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(options), $"PoolOptions<T>.Prewarm must be between 0 and MaxRetained (and MaxSize), {maxRetained}; it was {options.Prewarm}.");
        }

        _factory = options.Factory;
        _reset = options.Reset ?? ResettableBinding<T>.TryReset;
        _whenExhausted = options.WhenExhausted;
        _waitTimeout = options.WaitTimeout;
        _disposeDropped = options.DisposeDropped;
        _canWait = _isBounded && _whenExhausted == PoolExhaustedBehavior.Wait;
        _owned = options.TrackOwnership ? new ConditionalWeakTable<T, PoolEntry<T>>() : null;
        _leakTracker = options.TrackLeaks ? new LeakTracker() : null;
        _useThreadSlot = maxRetained > 0;
        _shards = CreateShards(maxRetained - (_useThreadSlot ? 1 : 0), options.ProcessorCountOverride ?? Environment.ProcessorCount);
        _lastShardPositions = new int[_shards.Length];
        _waiters = _canWait ? new LinkedList<TaskCompletionSource<object?>>() : null;
        _poolId = PoolThreadCacheRegistry.NewPoolId();
        _cacheIndex = PoolThreadCacheRegistry.AllocateIndex();

        for (int i = 0; i < options.Prewarm; i++)
        {
            TryReserve();
            PoolEntry<T> entry = Create();
            if (!TryPushShared(entry))
            {
                GetCache().Item = entry;
            }
        }

        StartTrimTimer(options.TrimAfter);
#if NET
        MemoryPressure.Register(this); // not on netstandard2.0: see its remarks
#endif
    }

    /// <summary>The number of idle objects the pool holds: exact when no other thread uses the pool, otherwise a snapshot.</summary>
    public int Count
    {
        get
        {
            int count = 0;
            foreach (BoundedConcurrentQueue<object> shard in _shards)
            {
                count += shard.Count;
            }

            foreach (PoolThreadCache<T>? cache in Volatile.Read(ref _allCaches))
            {
                if (cache is not null && Volatile.Read(ref cache.Item) is not null)
                {
                    count++;
                }
            }

            return count;
        }
    }

    /// <summary>
    /// The number of objects alive from this pool, idle or rented: what <see cref="PoolOptions{T}.MaxSize"/>
    /// caps. Extras made under <see cref="PoolExhaustedBehavior.Allocate"/> are not included.
    /// </summary>
    public int LiveCount => Volatile.Read(ref _live);

    /// <summary>The number of objects rented and not yet returned, extras included (a snapshot under concurrency).</summary>
    public int Outstanding => Math.Max(0, LiveCount - Count) + Volatile.Read(ref _overflowOutstanding);

    /// <summary>The cap on live objects, or <see langword="null"/> when there is none.</summary>
    public int? MaxSize => _isBounded ? _maxSize : null;

    private string MaxSizeDisplay => _isBounded ? _maxSize.ToString(System.Globalization.CultureInfo.InvariantCulture) : "none";

    /// <summary>Returns a snapshot of the pool's counts.</summary>
    public PoolStatistics GetStatistics()
    {
        int retained = Count;
        int live = LiveCount;
        int overflow = Volatile.Read(ref _overflowOutstanding);
        return new PoolStatistics(
            retained,
            live,
            Math.Max(0, live - retained) + overflow,
            Interlocked.Read(ref _created),
            Interlocked.Read(ref _overflowCreated),
            Interlocked.Read(ref _dropped),
            Interlocked.Read(ref _trimmed),
            Interlocked.Read(ref _waits))
        {
            TrimmedUnderPressure = Interlocked.Read(ref _trimmedUnderPressure),
        };
    }

    /// <summary>
    /// Rents an object: an idle one if there is one, otherwise a new one from the factory, otherwise (at
    /// <see cref="PoolOptions{T}.MaxSize"/>) what <see cref="PoolOptions{T}.WhenExhausted"/> says.
    /// </summary>
    /// <returns>An object that only the caller holds until it gives it back with <see cref="Return"/>.</returns>
    /// <exception cref="ObjectDisposedException">The pool has been disposed.</exception>
    /// <exception cref="InvalidOperationException">The pool is exhausted and <see cref="PoolExhaustedBehavior.Throw"/> is set.</exception>
    /// <exception cref="TimeoutException">The pool stayed exhausted for <see cref="PoolOptions{T}.WaitTimeout"/>.</exception>
    public T Rent()
    {
        ThrowIfDisposed();
        PoolThreadCache<T> cache = GetCache();
        object item = TakeFromSlot(cache) ?? TryTakeShared() ?? RentSlow(exhaustedBehavior: true) ?? WaitForEntry();
        T value = CheckOutRaw(item, cache);
        if (_leakTracker is not null)
        {
            TrackRent(value);
        }

        return value;
    }

    /// <summary>
    /// Rents an object if one is idle or can be created within <see cref="PoolOptions{T}.MaxSize"/>; never waits,
    /// never throws for exhaustion and never creates an extra object.
    /// </summary>
    /// <param name="item">The rented object, or <see langword="null"/> when the pool is exhausted.</param>
    /// <returns><see langword="true"/> if an object was rented.</returns>
    /// <exception cref="ObjectDisposedException">The pool has been disposed.</exception>
    public bool TryRent([MaybeNullWhen(false)] out T item)
    {
        ThrowIfDisposed();
        PoolThreadCache<T> cache = GetCache();
        object? idle = TakeFromSlot(cache) ?? TryTakeShared() ?? RentSlow(exhaustedBehavior: false);
        if (idle is null)
        {
            item = null;
            return false;
        }

        item = CheckOutRaw(idle, cache);
        if (_leakTracker is not null)
        {
            TrackRent(item);
        }

        return true;
    }

    /// <summary>
    /// Rents an object as <see cref="Rent"/> does, but when the pool is exhausted under
    /// <see cref="PoolExhaustedBehavior.Wait"/> it waits without blocking a thread, first come first served.
    /// </summary>
    /// <param name="cancellationToken">Cancels the wait; the pool is left as if the call had not happened.</param>
    /// <returns>The rented object.</returns>
    /// <exception cref="ObjectDisposedException">The pool has been (or is, while waiting) disposed.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was canceled.</exception>
    /// <exception cref="TimeoutException">The pool stayed exhausted for <see cref="PoolOptions{T}.WaitTimeout"/>.</exception>
    public ValueTask<T> RentAsync(CancellationToken cancellationToken = default)
    {
        ThrowIfDisposed();
        if (cancellationToken.IsCancellationRequested)
        {
            return ValueTask.FromCanceled<T>(cancellationToken);
        }

        PoolThreadCache<T> cache = GetCache();
        object? item = TakeFromSlot(cache) ?? TryTakeShared() ?? RentSlow(exhaustedBehavior: true);
        if (item is null)
        {
            return WaitForEntryAsync(cancellationToken);
        }

        T value = CheckOutRaw(item, cache);
        if (_leakTracker is not null)
        {
            TrackRent(value);
        }

        return new ValueTask<T>(value);
    }

    /// <summary>Rents an object (as <see cref="Rent"/> does) wrapped in a lease that returns it when disposed.</summary>
    /// <returns>A lease whose <see cref="Lease{T}.Value"/> is the rented object.</returns>
    /// <exception cref="ObjectDisposedException">The pool has been disposed.</exception>
    /// <exception cref="InvalidOperationException">The pool is exhausted and <see cref="PoolExhaustedBehavior.Throw"/> is set.</exception>
    /// <exception cref="TimeoutException">The pool stayed exhausted for <see cref="PoolOptions{T}.WaitTimeout"/>.</exception>
    public Lease<T> Lease()
    {
        ThrowIfDisposed();
        PoolThreadCache<T> cache = GetCache();
        object item = TakeFromSlot(cache) ?? TryTakeShared() ?? RentSlow(exhaustedBehavior: true) ?? WaitForEntry();
        PoolEntry<T> entry = AsEntry(item, cache);

        // The entry is ours alone until it is returned, so a plain increment publishes "rented" (odd).
        int generation = ++entry.Generation;
        if (_leakTracker is not null)
        {
            TrackRent(entry.Value!);
        }

        return new Lease<T>(this, entry, entry.Value!, generation);
    }

    /// <summary>
    /// Gives back an object rented from this pool: it is cleaned with <see cref="PoolOptions{T}.Reset"/> and kept
    /// for the next renter (or handed to a waiting one), or dropped.
    /// </summary>
    /// <param name="item">The object to give back.</param>
    /// <returns>What the pool did with the object.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="item"/> is <see langword="null"/>.</exception>
    /// <exception cref="InvalidOperationException">
    /// With <see cref="PoolOptions{T}.TrackOwnership"/> (the default): the object was not created by this pool, or
    /// is not rented (returned twice, or its <see cref="Lease{T}"/> was disposed). With the opt-out: only when the
    /// object is the one this thread returned last and is still idle in its slot.
    /// </exception>
    public ReturnResult Return(T item)
    {
        if (item is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(item));
        }

        if (_disposed)
        {
            return ReturnAfterDispose(item);
        }

        PoolThreadCache<T> cache = GetCache();
        if (_owned is not null)
        {
            PoolEntry<T> entry;
            PoolEntry<T>? recent = cache.LastRented;
            if (recent is not null && ReferenceEquals(recent.Value, item))
            {
                // The object this thread rented last: its entry is at hand, no table lookup.
                cache.LastRented = null;
                MarkReturned(recent);
                entry = recent;
            }
            else
            {
                entry = CheckInTracked(item);
            }

            if (_leakTracker is not null)
            {
                TrackReturn(item);
            }

            return CheckIn(entry, cache);
        }

        if (_leakTracker is not null)
        {
            TrackReturn(item);
        }

        if (Volatile.Read(ref _untrackedOverflowCount) != 0 && TryRemoveUntrackedOverflow(item))
        {
            return DropOverflow(item);
        }

        object? idle = cache.Item;
        if (idle is not null && ReferenceEquals(ValueOf(idle), item))
        {
            ThrowReturnedTwice();
        }

        // Untracked: the object itself goes back, with no entry, so a return on a thread that did not rent it
        // allocates nothing.
        return CheckIn(item, cache);
    }

    /// <summary>Drops every idle object now (disposing it when <see cref="PoolOptions{T}.DisposeDropped"/> is set).</summary>
    public void Trim() => DrainIdle(onlyIdle: false);

    /// <summary>
    /// Disposes the pool: drops (and disposes, per <see cref="PoolOptions{T}.DisposeDropped"/>) every idle object,
    /// fails pending waiters with <see cref="ObjectDisposedException"/>, and stops the trim timer. Objects returned
    /// later are dropped (<see cref="ReturnResult.DroppedPoolDisposed"/>); renting throws
    /// <see cref="ObjectDisposedException"/>.
    /// </summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        StopTrimTimer();
        MemoryPressure.Unregister(this);
        FailWaiters();
        DrainIdle(onlyIdle: false);
        PoolThreadCacheRegistry.FreeIndex(_cacheIndex);
        GC.SuppressFinalize(this);
    }

    /// <summary>
    /// Finalizes a pool that was not disposed: lets go of the objects idle in threads' caches, which the threads'
    /// statics still reach after the pool is gone (issue 44), and gives the pool's slot index back. The objects are
    /// not disposed: that is <see cref="Dispose"/>'s to do, on a thread of the application's.
    /// </summary>
    ~Pool()
    {
        // A constructor that threw before the pool had an id allocated no index.
        if (_disposed || _poolId == 0)
        {
            return;
        }

        foreach (PoolThreadCache<T>? cache in Volatile.Read(ref _allCaches))
        {
            cache?.Forget();
        }

        PoolThreadCacheRegistry.FreeIndex(_cacheIndex);
    }

    internal void ReturnLease(PoolEntry<T> entry, int generation)
    {
        if (Interlocked.CompareExchange(ref entry.Generation, generation + 1, generation) != generation)
        {
            ThrowLeaseReturnedTwice();
        }

        if (_leakTracker is not null)
        {
            TrackReturn(entry.Value!);
        }

        if (_disposed)
        {
            // Not even a thread cache: the disposed pool gave its slot index back.
            Drop(entry, ReturnResult.DroppedPoolDisposed);
            return;
        }

        CheckIn(entry, GetCache());
    }

    /// <summary>Finds the entry of a tracked object and marks it returned, or throws if it is foreign or not rented.</summary>
    private PoolEntry<T> CheckInTracked(T item)
    {
        if (!_owned!.TryGetValue(item, out PoolEntry<T>? entry))
        {
            ThrowNotFromThisPool();
        }

        MarkReturned(entry);
        return entry;
    }

    /// <summary>Flips a tracked entry from rented (odd) to idle (even), or throws if it is not rented: one compare-and-swap, so two racing returns cannot both win.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void MarkReturned(PoolEntry<T> entry)
    {
        int generation = Volatile.Read(ref entry.Generation);
        if ((generation & 1) == 0 || Interlocked.CompareExchange(ref entry.Generation, generation + 1, generation) != generation)
        {
            ThrowReturnedTwice();
        }
    }

    /// <summary>A return after <see cref="Dispose"/>: verified as usual, then dropped without touching the thread caches.</summary>
    private ReturnResult ReturnAfterDispose(T item)
    {
        if (_leakTracker is not null)
        {
            TrackReturn(item);
        }

        if (_owned is not null)
        {
            PoolEntry<T> tracked = CheckInTracked(item);
            return Drop(tracked, tracked.IsOverflow ? ReturnResult.DroppedOverflow : ReturnResult.DroppedPoolDisposed);
        }

        if (Volatile.Read(ref _untrackedOverflowCount) != 0 && TryRemoveUntrackedOverflow(item))
        {
            return DropOverflow(item);
        }

        return Drop(item, ReturnResult.DroppedPoolDisposed);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void ThrowIfDisposed()
    {
        if (_disposed)
        {
            ThrowHelper.ThrowObjectDisposed(GetType());
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private PoolThreadCache<T> GetCache()
    {
        PoolThreadCacheRegistry.Entry[]? entries = PoolThreadCacheRegistry.t_entries;
        int index = _cacheIndex;
        if (entries is not null && (uint)index < (uint)entries.Length && entries[index].PoolId == _poolId)
        {
            // Only this pool stores under its id, and it stores a PoolThreadCache<T>.
            return Unsafe.As<PoolThreadCache<T>>(entries[index].Cache);
        }

        return CreateCache();
    }

    /// <summary>
    /// A thread's first use of the pool: takes over the cache of a thread that has ended (its idle object included),
    /// else adds a new one. 7,000 short threads left 7,000 caches listed until a trim, and each new thread copied the
    /// whole list (40.8 KB per thread by the end, issue 43): a new thread now allocates at most a cache (about 150
    /// bytes with its spares) and the registry's per-thread array, the list grows by doubling, and once a new thread
    /// finds an ended one, every ended thread's cache is forgotten and its idle object moved to the shards.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private PoolThreadCache<T> CreateCache()
    {
        PoolThreadCache<T>? cache;
        lock (_cachesLock)
        {
            cache = TryAdoptDeadCache();
            if (cache is null)
            {
                cache = new PoolThreadCache<T>();
                AppendCache(cache);
            }
        }

        PoolThreadCacheRegistry.Set(_cacheIndex, _poolId, cache);
        if (cache.AdoptedFrom is not null)
        {
            cache.AdoptedFrom = null;
            ForgetDeadCaches();
        }

        return cache;
    }

    /// <summary>
    /// Under <c>_cachesLock</c>: the cache of an ended thread, now the calling thread's, or <see langword="null"/>.
    /// Looks at the two newest caches (the thread that ended last is usually the last that started) and two more in
    /// turn, so a new thread pays at most four liveness checks however many threads hold caches.
    /// </summary>
    private PoolThreadCache<T>? TryAdoptDeadCache()
    {
        PoolThreadCache<T>?[] caches = _allCaches;
        int count = _cacheCount;
        PoolThreadCache<T>? found = null;
        for (int i = 1; i <= Math.Min(2, count) && found is null; i++)
        {
            found = IsDead(caches[count - i]!);
        }

        for (int i = 0; i < Math.Min(2, count) && found is null; i++)
        {
            _adoptCursor = _adoptCursor + 1 < count ? _adoptCursor + 1 : 0;
            found = IsDead(caches[_adoptCursor]!);
        }

        if (found is not null)
        {
            // The owner is gone; a thief may still exchange the slot's object, which the protocol allows with a live
            // owner too. The entry of what the old owner rented last belongs to nobody now.
            found.AdoptedFrom = found.OwnerThread;
            found.OwnerThread = Thread.CurrentThread;
            found.LastRented = null;
            found.Touched = true;
        }

        return found;

        static PoolThreadCache<T>? IsDead(PoolThreadCache<T> cache) => cache.OwnerThread.IsAlive ? null : cache;
    }

    /// <summary>Under <c>_cachesLock</c>: adds a cache, doubling the list's room when it is full.</summary>
    private void AppendCache(PoolThreadCache<T> cache)
    {
        PoolThreadCache<T>?[] caches = _allCaches;
        int count = _cacheCount;
        if (count == caches.Length)
        {
            var grown = new PoolThreadCache<T>?[Math.Max(4, count * 2)];
            Array.Copy(caches, grown, count);
            grown[count] = cache;
            Volatile.Write(ref _allCaches, grown);
        }
        else
        {
            Volatile.Write(ref caches[count], cache);
        }

        _cacheCount = count + 1;
    }

    /// <summary>
    /// Under <c>_cachesLock</c>: forgets the caches for which <paramref name="forget"/> says so (a copy, so readers
    /// iterating the old list are not disturbed).
    /// </summary>
    private void RemoveCaches(Func<PoolThreadCache<T>, bool> forget)
    {
        PoolThreadCache<T>?[] caches = _allCaches;
        var kept = new PoolThreadCache<T>?[caches.Length];
        int count = 0;
        for (int i = 0; i < _cacheCount; i++)
        {
            if (!forget(caches[i]!))
            {
                kept[count++] = caches[i];
            }
        }

        if (count != _cacheCount)
        {
            _cacheCount = count;
            _adoptCursor = 0;
            Volatile.Write(ref _allCaches, kept);
        }
    }

    /// <summary>
    /// Threads are ending (a new one just took over a dead one's cache): moves every other ended thread's idle object
    /// to the shards and forgets its cache, so the pool does not hold dead threads' caches until the next trim. A cache
    /// whose object no shard has room for stays listed, object and all, for the trimmer.
    /// </summary>
    private void ForgetDeadCaches()
    {
        Dictionary<PoolThreadCache<T>, Thread>? dead = null;
        foreach (PoolThreadCache<T>? cache in Volatile.Read(ref _allCaches))
        {
            if (cache is not null && cache.OwnerThread is { IsAlive: false } owner)
            {
                (dead ??= [])[cache] = owner;
            }
        }

        if (dead is not null)
        {
            ForgetCaches(dead);
        }
    }

    /// <summary>Moves the idle objects of <paramref name="dead"/> (caches and the ended owners seen) to the shards and forgets the caches.</summary>
    private void ForgetCaches(Dictionary<PoolThreadCache<T>, Thread> dead)
    {
        HashSet<PoolThreadCache<T>>? stuck = null;
        bool moved = false;
        StealScope(pool =>
        {
            foreach (PoolThreadCache<T> cache in dead.Keys)
            {
                // The owner ended before this steal, so nothing enters the slot after it.
                if (StealFrom(cache) is not { } item)
                {
                    continue;
                }

                if (pool.TryPushShared(item))
                {
                    moved = true;
                }
                else
                {
                    Volatile.Write(ref cache.Item, item);
                    (stuck ??= []).Add(cache);
                }
            }

            return 0;
        });

        lock (_cachesLock)
        {
            // Not a cache a new thread took over since (its owner is no longer the dead thread seen above).
            RemoveCaches(cache => dead.TryGetValue(cache, out Thread? owner) && ReferenceEquals(cache.OwnerThread, owner) && stuck?.Contains(cache) != true);
        }

        // As a return does: a waiter registered before the objects reached the shards is served now.
        ProcessWideBarrier.OwnerSide();
        if (moved && _canWait && Volatile.Read(ref _waiterCount) != 0)
        {
            ServeWaiters();
        }
    }

    /// <summary>
    /// Takes the idle entry in the current thread's slot with plain loads and stores. Thieves (a renter at the
    /// cap, a waiter, the trimmer, <see cref="Dispose"/>) announce themselves in <c>_stealing</c> and then run a
    /// process-wide memory barrier; so either this thread sees the announcement and takes the entry with an
    /// atomic exchange like them, or they see <see cref="PoolThreadCache{T}.Busy"/> and wait until this take is
    /// over. The owner pays no interlocked operation; thieves, who are on slow paths, pay the barrier.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private object? TakeFromSlot(PoolThreadCache<T> cache)
    {
        cache.Touched = true;
        if (cache.Item is null)
        {
            return null;
        }

        Volatile.Write(ref cache.Busy, true);
        ProcessWideBarrier.OwnerSide();
        object? item;
        if (Volatile.Read(ref _stealing) == 0)
        {
            item = cache.Item;
            cache.Item = null;
        }
        else
        {
            item = Interlocked.Exchange(ref cache.Item, null);
        }

        Volatile.Write(ref cache.Busy, false);
        return item;
    }

    /// <summary>Runs <paramref name="steal"/> with every owner's slot take made safe against it (see <see cref="TakeFromSlot"/>).</summary>
    private TResult StealScope<TResult>(Func<Pool<T>, TResult> steal)
    {
        lock (_stealLock)
        {
            Volatile.Write(ref _stealing, 1);
            try
            {
                Interlocked.MemoryBarrierProcessWide();
                return steal(this);
            }
            finally
            {
                Volatile.Write(ref _stealing, 0);
            }
        }
    }

    /// <summary>Takes an idle object from another thread's slot; only inside <see cref="StealScope{TResult}"/>.</summary>
    private static object? StealFrom(PoolThreadCache<T> cache)
    {
        if (Volatile.Read(ref cache.Item) is null)
        {
            return null;
        }

        SpinWait spinner = default;
        while (Volatile.Read(ref cache.Busy))
        {
            spinner.SpinOnce();
        }

        return Interlocked.Exchange(ref cache.Item, null);
    }

    /// <summary>
    /// Hands an idle object out through the raw API. Tracked: its entry stays bound to it and turns odd (rented).
    /// Untracked: a bare object goes out as it is; an entry (an object that came back through a lease, or a new one)
    /// is detached and kept as a spare for the next lease on this thread.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private T CheckOutRaw(object item, PoolThreadCache<T> cache)
    {
        if (_owned is not null)
        {
            // Tracked pools keep only entries. Remembered so that the matching return on this thread finds its entry
            // without a table lookup; not under leak tracking, where it would keep a leaked object alive until the
            // thread's next rent.
            PoolEntry<T> tracked = Unsafe.As<PoolEntry<T>>(item);
            if (_leakTracker is null)
            {
                cache.LastRented = tracked;
            }

            tracked.Generation++;
            return tracked.Value!;
        }

        if (item is not PoolEntry<T> entry)
        {
            return Unsafe.As<T>(item);
        }

        T value = entry.Value!;
        if (entry.IsOverflow)
        {
            AddUntrackedOverflow(value);
            return value;
        }

        entry.Value = null;
        cache.PushSpare(entry);
        return value;
    }

    /// <summary>
    /// The entry of an idle object, for a lease or a waiter: tracked pools and objects that came back through a lease
    /// have one; a bare object (untracked, returned raw) gets a spare entry of this thread, or a new one.
    /// </summary>
    private static PoolEntry<T> AsEntry(object item, PoolThreadCache<T> cache)
    {
        if (item is PoolEntry<T> entry)
        {
            return entry;
        }

        PoolEntry<T> wrapper = cache.PopSpare() ?? new PoolEntry<T>(null, isOverflow: false);
        wrapper.Value = Unsafe.As<T>(item);
        wrapper.Generation += wrapper.Generation & 1;
        return wrapper;
    }

    /// <summary>The object an idle item stands for: the item itself, or the object of its entry.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static T ValueOf(object item) => item is PoolEntry<T> entry ? entry.Value! : Unsafe.As<T>(item);

    /// <summary>
    /// Takes back an idle item (an entry, or in untracked pools a bare object): reset, then into this thread's slot,
    /// else a shard, else dropped.
    /// </summary>
    private ReturnResult CheckIn(object item, PoolThreadCache<T> cache)
    {
        if (_disposed)
        {
            return Drop(item, ReturnResult.DroppedPoolDisposed);
        }

        if (item is PoolEntry<T> { IsOverflow: true })
        {
            return Drop(item, ReturnResult.DroppedOverflow);
        }

        if (_reset is not null && !RunReset(item))
        {
            return Drop(item, ReturnResult.DroppedByReset);
        }

        if (_useThreadSlot && cache.Item is null)
        {
            cache.Touched = true;
            Volatile.Write(ref cache.Item, item);
        }
        else if (!TryPushShared(item))
        {
            return Drop(item, ReturnResult.Dropped);
        }

        // Pairs with the process-wide barrier a waiter runs after registering: either it sees this object, or
        // this read sees the waiter. So the returner needs no fence of its own.
        ProcessWideBarrier.OwnerSide();
        if (_canWait && Volatile.Read(ref _waiterCount) != 0)
        {
            ServeWaiters();
        }

        return ReturnResult.Kept;
    }

    private bool RunReset(object item)
    {
        try
        {
            return _reset!(ValueOf(item));
        }
        catch
        {
            Drop(item, ReturnResult.DroppedByReset);
            throw;
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int ShardIndex(int shardCount) => (int)((uint)Thread.GetCurrentProcessorId() % (uint)shardCount);

    private object? TryTakeShared()
    {
        BoundedConcurrentQueue<object>[] shards = _shards;
        if (shards.Length != 0)
        {
            int index = ShardIndex(shards.Length);
            for (int i = 0; i < shards.Length; i++)
            {
                if (shards[index].TryDequeue(out object? item))
                {
                    return item;
                }

                if (++index == shards.Length)
                {
                    index = 0;
                }
            }
        }

        return null;
    }

    private bool TryPushShared(object item)
    {
        BoundedConcurrentQueue<object>[] shards = _shards;
        if (shards.Length != 0)
        {
            int index = ShardIndex(shards.Length);
            for (int i = 0; i < shards.Length; i++)
            {
                if (shards[index].TryEnqueue(item))
                {
                    return true;
                }

                if (++index == shards.Length)
                {
                    index = 0;
                }
            }
        }

        return false;
    }

    private object? TryStealFromThreads()
    {
        PoolThreadCache<T>?[] caches = Volatile.Read(ref _allCaches);
        if (!Array.Exists(caches, static cache => cache is not null && Volatile.Read(ref cache.Item) is not null))
        {
            return null;
        }

        return StealScope(static pool =>
        {
            foreach (PoolThreadCache<T>? cache in Volatile.Read(ref pool._allCaches))
            {
                if (cache is null)
                {
                    continue;
                }

                object? item = StealFrom(cache);
                if (item is not null)
                {
                    return item;
                }
            }

            return null;
        });
    }

    /// <summary>Nothing idle nearby: create within the cap, take an object idle elsewhere, or apply the exhaustion behaviour (null: wait).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private object? RentSlow(bool exhaustedBehavior)
    {
        if (TryReserve())
        {
            return Create();
        }

        object? item = TryTakeShared() ?? TryStealFromThreads();
        if (item is not null || !exhaustedBehavior)
        {
            return item;
        }

        switch (_whenExhausted)
        {
            case PoolExhaustedBehavior.Allocate:
                return CreateOverflow();
            case PoolExhaustedBehavior.Throw:
                ThrowExhausted();
                return null;
            default:
                return null;
        }
    }

    /// <summary>Claims room for one more live object, never going past the cap even under races.</summary>
    private bool TryReserve()
    {
        if (!_isBounded)
        {
            Interlocked.Increment(ref _live);
            return true;
        }

        int live = Volatile.Read(ref _live);
        while (live < _maxSize)
        {
            int seen = Interlocked.CompareExchange(ref _live, live + 1, live);
            if (seen == live)
            {
                return true;
            }

            live = seen;
        }

        return false;
    }

    /// <summary>Gives back a claim (a factory failed, an object was dropped) and lets a waiter use it.</summary>
    private void ReleaseReservation()
    {
        Interlocked.Decrement(ref _live);
        if (_canWait && Volatile.Read(ref _waiterCount) != 0)
        {
            ServeWaiters();
        }
    }

    /// <summary>Creates an object for a claim already made; if the factory fails the claim is given back.</summary>
    private PoolEntry<T> Create()
    {
        T value;
        try
        {
            value = _factory();
        }
        catch
        {
            ReleaseReservation();
            throw;
        }

        if (value is null)
        {
            ReleaseReservation();
            ThrowHelper.ThrowInvalidOperation("PoolOptions<T>.Factory returned null; it must return a new object.");
        }

        PoolEntry<T> entry = new(value, isOverflow: false);
        if (_owned is not null && !TryRegister(value, entry))
        {
            ReleaseReservation();
            ThrowHelper.ThrowInvalidOperation("PoolOptions<T>.Factory returned an object this pool already holds; it must return a new object each time.");
        }

        Interlocked.Increment(ref _created);
        return entry;
    }

    private PoolEntry<T> CreateOverflow()
    {
        T value = _factory() ?? throw new InvalidOperationException("PoolOptions<T>.Factory returned null; it must return a new object.");
        PoolEntry<T> entry = new(value, isOverflow: true);
        if (_owned is not null && !TryRegister(value, entry))
        {
            ThrowHelper.ThrowInvalidOperation("PoolOptions<T>.Factory returned an object this pool already holds; it must return a new object each time.");
        }

        Interlocked.Increment(ref _overflowOutstanding);
        Interlocked.Increment(ref _overflowCreated);
        return entry;
    }

    private bool TryRegister(T value, PoolEntry<T> entry)
    {
#if NET9_0_OR_GREATER
        return _owned!.TryAdd(value, entry);
#else
        try
        {
            _owned!.Add(value, entry);
            return true;
        }
        catch (ArgumentException)
        {
            return false;
        }
#endif
    }

    private void AddUntrackedOverflow(T value)
    {
        ConditionalWeakTable<T, PoolEntry<T>> table = LazyInitializer.EnsureInitialized(ref _untrackedOverflow);
        table.AddOrUpdate(value, new PoolEntry<T>(value, isOverflow: true));
        Interlocked.Increment(ref _untrackedOverflowCount);
    }

    private bool TryRemoveUntrackedOverflow(T value)
    {
        ConditionalWeakTable<T, PoolEntry<T>>? table = Volatile.Read(ref _untrackedOverflow);
        if (table is not null && table.Remove(value))
        {
            Interlocked.Decrement(ref _untrackedOverflowCount);
            return true;
        }

        return false;
    }

    private ReturnResult DropOverflow(T value) => Drop(new PoolEntry<T>(value, isOverflow: true), ReturnResult.DroppedOverflow);

    /// <summary>Lets an item go (disposing its object when asked) and gives back its claim on the cap.</summary>
    private ReturnResult Drop(object item, ReturnResult reason)
    {
        T value = ValueOf(item);
        bool isOverflow = item is PoolEntry<T> { IsOverflow: true };
        _owned?.Remove(value);
        Interlocked.Increment(ref _dropped);
        try
        {
            if (_disposeDropped && value is IDisposable disposable)
            {
                disposable.Dispose();
            }
        }
        finally
        {
            if (isOverflow)
            {
                Interlocked.Decrement(ref _overflowOutstanding);
            }
            else
            {
                ReleaseReservation();
            }
        }

        return reason;
    }

    /// <summary>
    /// Splits the shared capacity over up to one shard per processor. Shards of capacity 1 are normal (whenever
    /// the shared capacity is below twice the processor count); the queue supports them.
    /// </summary>
    private static BoundedConcurrentQueue<object>[] CreateShards(int sharedCapacity, int processorCount)
    {
        if (sharedCapacity <= 0)
        {
            return [];
        }

        int shardCount = Math.Min(processorCount, sharedCapacity);
        var shards = new BoundedConcurrentQueue<object>[shardCount];
        int perShard = sharedCapacity / shardCount;
        int remainder = sharedCapacity % shardCount;
        for (int i = 0; i < shards.Length; i++)
        {
            shards[i] = new BoundedConcurrentQueue<object>(perShard + (i < remainder ? 1 : 0));
        }

        return shards;
    }

    [DoesNotReturn]
    private void ThrowExhausted() =>
        throw new InvalidOperationException(
            $"The pool of {typeof(T).Name} is exhausted: {_maxSize} objects (PoolOptions<T>.MaxSize) are rented and none has been returned. " +
            "Return objects sooner (use Lease() with 'using'), raise MaxSize, or set WhenExhausted to Wait or Allocate.");

    [DoesNotReturn]
    private static void ThrowNotFromThisPool() =>
        throw new InvalidOperationException(
            $"The {typeof(T).Name} being returned was not rented from this pool (or was already returned and dropped). Return each object to the pool it came from.");

    [DoesNotReturn]
    private static void ThrowReturnedTwice() =>
        throw new InvalidOperationException(
            $"The {typeof(T).Name} being returned is already back in this pool: it was returned twice. Return each rented object exactly once; a Lease<T> with 'using' does it for you.");

    [DoesNotReturn]
    private static void ThrowLeaseReturnedTwice() =>
        throw new InvalidOperationException(
            $"This Lease<{typeof(T).Name}> (or a copy of it) was already disposed, or its object was returned through Pool<T>.Return: an object must go back exactly once.");
}
