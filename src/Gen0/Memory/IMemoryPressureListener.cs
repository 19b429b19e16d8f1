namespace Gen0.Memory;

/// <summary>A pool that <see cref="MemoryPressure"/> tells after each gen 2 collection how much memory is left.</summary>
internal interface IMemoryPressureListener
{
    /// <summary>
    /// Called on the finalizer thread after a gen 2 collection (and at most once per collection): release memory as
    /// <paramref name="level"/> asks, and re-derive budgets from <paramref name="totalAvailableBytes"/> (it changes
    /// when <c>GC.RefreshMemoryLimit()</c> applies a new limit). Must not throw and must not block for long.
    /// </summary>
    void OnGen2Collection(MemoryPressureLevel level, long totalAvailableBytes);
}
