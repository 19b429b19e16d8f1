namespace Gen0.Buffers;

public sealed partial class ScalableArrayPool<T>
{
    private ScalableArrayPoolStatistics CollectStatistics()
    {
        var totals = new long[Counter.Count];
        long arrays = 0;
        long bytes = 0;
        long reservedBytes;
        long pressureArrays;
        long pressureBytes;

        // Under the lock every trim holds from start to end (the idle timer, Trim, Dispose, and the removal of ended
        // threads' caches), so the snapshot is taken wholly before or wholly after any trim. With no rent or return
        // running it is exact: RetainedBytes <= ReservedBytes, and equal when no reserved slot is empty. Rents and
        // returns do not take the lock, so while they run the figures are read moments apart.
        lock (_caches)
        {
            for (int k = 0; k < totals.Length; k++)
            {
                totals[k] = Interlocked.Read(ref _poolCounters[k]);
            }

            foreach (ThreadCache cache in _caches)
            {
                for (int k = 0; k < totals.Length; k++)
                {
                    totals[k] += Volatile.Read(ref cache.Counters[k]);
                }

                long held = 0;
                for (int c = 0; c < _lengths.Length; c++)
                {
                    int reserved = Math.Min(Volatile.Read(ref cache.Classes[c].Reserved), _slotCapacity[c]);
                    for (int i = 0; i < reserved; i++)
                    {
                        if (Volatile.Read(ref SlotAt(cache, c, i).Array) is not null)
                        {
                            held++;
                            bytes += _classBytes[c];
                        }
                    }
                }

                totals[Counter.ThreadLocalReturns] += Volatile.Read(ref cache.ThreadLocalReturns);
                totals[Counter.ThreadLocalHits] += Volatile.Read(ref cache.ThreadLocalHits);
                arrays += held;
            }

            for (int c = 0; c < _lengths.Length; c++)
            {
                foreach (Shard shard in _shards)
                {
                    int n = shard.CountOf(c);
                    arrays += n;
                    bytes += n * _classBytes[c];
                }
            }

            reservedBytes = Interlocked.Read(ref _reservedBytes);
            pressureArrays = Interlocked.Read(ref _poolCounters[Counter.PressureTrimmedArrays]);
            pressureBytes = Interlocked.Read(ref _poolCounters[Counter.PressureTrimmedBytes]);
        }

        long drops = 0;
        for (int k = Counter.DropsOverMaximumLength; k < Counter.TrimmedArrays; k++)
        {
            drops += totals[k];
        }

        return new ScalableArrayPoolStatistics
        {
            Rents = totals[Counter.ThreadLocalHits] + totals[Counter.ShardHits] + totals[Counter.AllocationsPoolExhausted] + totals[Counter.AllocationsOverMaximumLength],
            Hits = totals[Counter.ThreadLocalHits] + totals[Counter.ShardHits],
            ThreadLocalHits = totals[Counter.ThreadLocalHits],
            AllocationsPoolExhausted = totals[Counter.AllocationsPoolExhausted],
            AllocationsOverMaximumLength = totals[Counter.AllocationsOverMaximumLength],
            AllocatedBytes = totals[Counter.AllocatedBytes],
            Returns = totals[Counter.ThreadLocalReturns] + totals[Counter.ShardReturns] + drops,
            DropsOverMaximumLength = totals[Counter.DropsOverMaximumLength + (int)ArrayPoolDropReason.OverMaximumLength],
            DropsForeignLength = totals[Counter.DropsOverMaximumLength + (int)ArrayPoolDropReason.ForeignLength],
            DropsPoolFull = totals[Counter.DropsOverMaximumLength + (int)ArrayPoolDropReason.PoolFull],
            DropsOverBudget = totals[Counter.DropsOverMaximumLength + (int)ArrayPoolDropReason.OverBudget],
            DropsPoolDisposed = totals[Counter.DropsOverMaximumLength + (int)ArrayPoolDropReason.PoolDisposed],
            DropsDoubleReturn = totals[Counter.DropsOverMaximumLength + (int)ArrayPoolDropReason.DoubleReturn],
            TrimmedArrays = totals[Counter.TrimmedArrays],
            TrimmedBytes = totals[Counter.TrimmedBytes],
            PressureTrimmedArrays = pressureArrays,
            PressureTrimmedBytes = pressureBytes,
            RetainedArrays = arrays,
            RetainedBytes = bytes,
            ReservedBytes = reservedBytes,
            MaxRetainedBytes = Volatile.Read(ref _maxRetainedBytes),
        };
    }
}
