namespace Gen0.Pools;

/// <summary>
/// One thread's private tier of one <see cref="Pool{T}"/>: a slot for one idle object, and a few spare entries
/// that let untracked raw rents and returns reuse their handles instead of allocating.
/// </summary>
/// <remarks>
/// Only the owning thread ever puts an entry into <see cref="Item"/> (only when it is empty). The owner takes it
/// with plain loads and stores inside <see cref="Busy"/>; other threads take it only through the pool's steal
/// protocol (see <c>Pool&lt;T&gt;.TakeFromSlot</c>) with an atomic exchange. So a waiter, the trimmer or
/// <see cref="Pool{T}.Dispose"/> can reach an object idle in another thread's slot without it ever being handed
/// out twice. The spares are touched by the owning thread only.
/// </remarks>
/// <typeparam name="T">The type of the pooled objects.</typeparam>
internal sealed class PoolThreadCache<T>
    where T : class
{
    private const int SpareCapacity = 8;

    private readonly PoolEntry<T>?[] _spares = new PoolEntry<T>?[SpareCapacity];
    private int _spareCount;

    public PoolThreadCache() => OwnerThread = Thread.CurrentThread;

    /// <summary>
    /// The thread that owns the cache, so that the trimmer can forget the caches of dead threads: the thread that
    /// created it, or a thread that took it over after that one ended (under the pool's cache lock).
    /// </summary>
    public Thread OwnerThread;

    /// <summary>
    /// One idle item, or <see langword="null"/>: a <see cref="PoolEntry{T}"/>, or in a pool that does not track
    /// ownership possibly the bare object.
    /// </summary>
    public object? Item;

    /// <summary>
    /// With ownership tracking: the entry of the object this thread rented last, so that its return on this
    /// thread skips the pool's identity table. Owner thread only; holds at most one object per thread alive.
    /// </summary>
    public PoolEntry<T>? LastRented;

    /// <summary>Set by the owner on use, cleared by the trimmer: an untouched slot is idle.</summary>
    public bool Touched;

    /// <summary>The owner is taking <see cref="Item"/> with plain loads and stores; thieves wait until it is done.</summary>
    public bool Busy;

    /// <summary>The ended thread whose cache the owner took over, until the owner has forgotten the other ended threads' caches.</summary>
    public Thread? AdoptedFrom;

    /// <summary>Lets go of everything the cache references, once its pool is unreachable (no owner can be using it).</summary>
    public void Forget()
    {
        Item = null;
        LastRented = null;
        Array.Clear(_spares, 0, _spares.Length);
        _spareCount = 0;
    }

    public PoolEntry<T>? PopSpare()
    {
        int count = _spareCount - 1;
        PoolEntry<T>?[] spares = _spares;
        if ((uint)count < (uint)spares.Length)
        {
            PoolEntry<T>? spare = spares[count];
            spares[count] = null;
            _spareCount = count;
            return spare;
        }

        return null;
    }

    public void PushSpare(PoolEntry<T> entry)
    {
        int count = _spareCount;
        PoolEntry<T>?[] spares = _spares;
        if ((uint)count < (uint)spares.Length)
        {
            spares[count] = entry;
            _spareCount = count + 1;
        }
    }
}
