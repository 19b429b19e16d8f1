namespace Gen0.Memory;

/// <summary>
/// What every Gen0 pool knows about the memory limit it runs under: the budgets derived from it, and the pressure
/// against it after each gen 2 collection.
/// </summary>
/// <remarks>
/// <para>
/// <b>The problem.</b> A pool that keeps a burst's arrays is, for the GC, memory in use: under a container's limit or
/// <c>GCHeapHardLimit</c> a service whose working set grows after the burst runs out of memory where it would not have
/// without the pool. <see cref="System.Buffers.ArrayPool{T}.Shared"/> trims on gen 2 collections by memory load against
/// the high-memory-load threshold, but under an explicit <c>GCHeapHardLimit</c> the memory load is the machine's, not
/// the limit's, so it never sees that limit come close (dotnet/runtime #853, #58974).
/// </para>
/// <para>
/// <b>Budgets.</b> <see cref="DerivedBudget"/> sizes a default budget as a share of
/// <see cref="GCMemoryInfo.TotalAvailableMemoryBytes"/>, which honours container limits, <c>GCHeapHardLimit</c> and
/// <c>GCHeapHardLimitPercent</c>, and changes after <c>GC.RefreshMemoryLimit()</c>; pools with a derived budget read it
/// again after every gen 2 collection.
/// </para>
/// <para>
/// <b>Pressure.</b> After every gen 2 collection the level is read from <see cref="GC.GetGCMemoryInfo()"/> as the
/// larger of two shares: the GC's committed bytes against the memory it may use (the limit it really fails at), and the
/// machine's memory load against the high-memory-load threshold. <see cref="MemoryPressureLevel.High"/> from
/// <see cref="HighEnter"/> of the limit (or 90 % of the threshold, the BCL's figure), <see cref="MemoryPressureLevel.Medium"/>
/// from <see cref="MediumEnter"/> (70 % of the threshold). A level is left only when the share falls
/// <see cref="Band"/> below where it was entered, so a heap that hovers at a threshold does not flip the pools between
/// keeping and releasing at every collection.
/// </para>
/// </remarks>
internal static class MemoryPressure
{
    /// <summary>The share of the limit at which the level becomes <see cref="MemoryPressureLevel.High"/>.</summary>
    public const double HighEnter = 0.70;

    /// <summary>The share of the limit at which the level becomes <see cref="MemoryPressureLevel.Medium"/>.</summary>
    public const double MediumEnter = 0.50;

    /// <summary>How far below its threshold the share must fall before a level is left.</summary>
    public const double Band = 0.05;

    private static readonly object s_lock = new();
    private static readonly List<WeakReference<IMemoryPressureListener>> s_listeners = [];
    private static bool s_callbackRegistered;
    private static int s_level;

    /// <summary>Gets the memory the GC may use in this process (the limit), in bytes.</summary>
    public static long TotalAvailableBytes
    {
        get
        {
            long total = GC.GetGCMemoryInfo().TotalAvailableMemoryBytes;
            return total > 0 ? total : long.MaxValue;
        }
    }

    /// <summary>Gets the level the last reading found.</summary>
    public static MemoryPressureLevel LastLevel => (MemoryPressureLevel)Volatile.Read(ref s_level);

    /// <summary>The default budget of a pool: <paramref name="totalAvailableBytes"/> / <paramref name="divisor"/>, at most <paramref name="cap"/>.</summary>
    public static long DerivedBudget(long totalAvailableBytes, int divisor, long cap) => Math.Min(cap, totalAvailableBytes / divisor);

    /// <summary>Reads the level now (from the figures of the last collection), moving it through the band.</summary>
    public static MemoryPressureLevel ReadLevel() => ReadLevel(GC.GetGCMemoryInfo(), out _);

    /// <summary>
    /// Tells <paramref name="listener"/> the level after every gen 2 collection, for as long as it is alive (it is held
    /// weakly, so a pool nobody references is still collected).
    /// </summary>
    /// <remarks>
    /// Pools call it on .NET only: .NET Framework and Mono (the netstandard2.0 asset) report no limit and no memory load,
    /// so there is nothing to react to, and on Mono, whose GC scans stacks conservatively, a pool that had registered
    /// was still found alive after it was dropped (ScalableArrayPoolCollectionTests).
    /// </remarks>
    public static void Register(IMemoryPressureListener listener)
    {
        lock (s_lock)
        {
            s_listeners.Add(new WeakReference<IMemoryPressureListener>(listener));
            if (!s_callbackRegistered)
            {
                s_callbackRegistered = true;
                Gen2GcCallback.Register(NotifyListeners);
            }
        }
    }

    /// <summary>Stops telling <paramref name="listener"/> (a pool being disposed; tests that drive a pool by hand).</summary>
    public static void Unregister(IMemoryPressureListener listener)
    {
        lock (s_lock)
        {
            s_listeners.RemoveAll(reference => !reference.TryGetTarget(out IMemoryPressureListener? target) || ReferenceEquals(target, listener));
        }
    }

    /// <summary>The level for the given figures, given the level before (tests drive it directly).</summary>
    internal static MemoryPressureLevel LevelFor(double share, MemoryPressureLevel before) =>
        share >= HighEnter || (before == MemoryPressureLevel.High && share >= HighEnter - Band) ? MemoryPressureLevel.High
        : share >= MediumEnter || (before != MemoryPressureLevel.None && share >= MediumEnter - Band) ? MemoryPressureLevel.Medium
        : MemoryPressureLevel.None;

    /// <summary>The share of what the process may use that is in use: the larger of the limit's and the machine's.</summary>
    internal static double ShareOf(long committedBytes, long totalAvailableBytes, long memoryLoadBytes, long highMemoryLoadThresholdBytes)
    {
        double limitShare = totalAvailableBytes > 0 && totalAvailableBytes != long.MaxValue ? (double)committedBytes / totalAvailableBytes : 0;

        // The threshold is where the BCL's pools release everything at 90 %: scaled so that 90 % of it reads as HighEnter.
        double loadShare = highMemoryLoadThresholdBytes > 0 ? (double)memoryLoadBytes / highMemoryLoadThresholdBytes / 0.9 * HighEnter : 0;
        return Math.Max(limitShare, loadShare);
    }

    private static MemoryPressureLevel ReadLevel(GCMemoryInfo info, out long totalAvailableBytes)
    {
        totalAvailableBytes = info.TotalAvailableMemoryBytes > 0 ? info.TotalAvailableMemoryBytes : long.MaxValue;
        double share = ShareOf(info.TotalCommittedBytes, totalAvailableBytes, info.MemoryLoadBytes, info.HighMemoryLoadThresholdBytes);
        MemoryPressureLevel level = LevelFor(share, LastLevel);
        Volatile.Write(ref s_level, (int)level);
        return level;
    }

    /// <summary>Reads the level and tells every live listener: what the gen 2 callback runs (benchmarks call it directly).</summary>
    internal static void NotifyListeners()
    {
        MemoryPressureLevel level = ReadLevel(GC.GetGCMemoryInfo(), out long total);
        IMemoryPressureListener[] alive;
        lock (s_lock)
        {
            s_listeners.RemoveAll(static reference => !reference.TryGetTarget(out _));
            alive = new IMemoryPressureListener[s_listeners.Count];
            int n = 0;
            foreach (WeakReference<IMemoryPressureListener> reference in s_listeners)
            {
                if (reference.TryGetTarget(out IMemoryPressureListener? listener))
                {
                    alive[n++] = listener;
                }
            }

            Array.Resize(ref alive, n);
        }

        // Outside the lock: a listener's release takes its own locks, and a pool created meanwhile must not wait.
        foreach (IMemoryPressureListener listener in alive)
        {
            try
            {
                listener.OnGen2Collection(level, total);
            }
            catch (Exception)
            {
                // One pool's failure must not keep the others from releasing.
            }
        }
    }
}
