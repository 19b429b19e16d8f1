namespace Gen0.Buffers;

public sealed partial class ScalableArrayPool<T>
{
    // Bytes charged to every account (threads' reserved slots and shards' credits); never above _maxRetainedBytes.
    // Changed only when an account grows or shrinks past its slack, never per array on a path that has slack.
    private long _reservedBytes;

    // The part of _reservedBytes that threads' slots hold; never above _threadTierLimit, so the shards always have the
    // other half of the budget for the threads that are working, however many threads sit idle with full caches.
    private long _threadReservedBytes;

    // Environment.TickCount of the last pass that took back shards' slack and found none: at most one such pass per
    // tick, so a pool whose budget is really full does not walk every shard on every drop.
    private int _fruitlessReclaimTick = int.MinValue;

    /// <summary>Charges <paramref name="bytes"/> to the budget, first taking back the shards' unused slack if it would not fit.</summary>
    private bool TryCharge(long bytes) => TryChargeExact(bytes) || (TryReclaimShardSlack() && TryChargeExact(bytes));

    /// <summary>Charges <paramref name="bytes"/> if they fit in the budget; never waits and never takes a lock (shards call it under theirs).</summary>
    private bool TryChargeExact(long bytes)
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

    /// <summary>
    /// For a shard's class stack that needs <paramref name="needed"/> more bytes of credit: charges that plus
    /// <paramref name="slack"/> if both fit, else just the need, else the most whole arrays of
    /// <paramref name="arrayBytes"/> that fit. Returns the bytes charged. Takes no lock (the caller holds its stack's).
    /// </summary>
    private long ChargeForShard(long needed, long slack, long arrayBytes)
    {
        if (slack != 0 && TryChargeExact(needed + slack))
        {
            return needed + slack;
        }

        if (TryChargeExact(needed))
        {
            return needed;
        }

        long current = Volatile.Read(ref _reservedBytes);
        while (true)
        {
            long fits = (_maxRetainedBytes - current) / arrayBytes * arrayBytes;
            if (fits <= 0)
            {
                return 0;
            }

            long seen = Interlocked.CompareExchange(ref _reservedBytes, current + fits, current);
            if (seen == current)
            {
                return fits;
            }

            current = seen;
        }
    }

    private void ReleaseBudget(long bytes) => Interlocked.Add(ref _reservedBytes, -bytes);

    private bool TryAddThreadTier(long bytes)
    {
        long current = Volatile.Read(ref _threadReservedBytes);
        while (true)
        {
            long next = current + bytes;
            if (next > _threadTierLimit)
            {
                return false;
            }

            long seen = Interlocked.CompareExchange(ref _threadReservedBytes, next, current);
            if (seen == current)
            {
                return true;
            }

            current = seen;
        }
    }

    /// <summary>
    /// A charge did not fit: gives every shard's unused credit (its slack) back to the budget. Returns whether any
    /// came back. Called with no shard lock held (it takes each shard's in turn).
    /// </summary>
    private bool TryReclaimShardSlack()
    {
        int now = Environment.TickCount;
        if (Volatile.Read(ref _fruitlessReclaimTick) == now)
        {
            return false;
        }

        long released = 0;
        foreach (Shard shard in _shards)
        {
            released += shard.ReleaseSlack(this);
        }

        if (released == 0)
        {
            Volatile.Write(ref _fruitlessReclaimTick, now);
            return false;
        }

        return true;
    }
}
