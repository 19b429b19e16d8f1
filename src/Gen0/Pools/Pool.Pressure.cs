using Gen0.Memory;

namespace Gen0.Pools;

/// <summary>Dropping idle objects when memory runs short, after a gen 2 collection (<see cref="MemoryPressure"/>).</summary>
public sealed partial class Pool<T>
{
    /// <inheritdoc/>
    void IMemoryPressureListener.OnGen2Collection(MemoryPressureLevel level, long totalAvailableBytes)
    {
        if (level == MemoryPressureLevel.None || _disposed)
        {
            return;
        }

        try
        {
            lock (_lastShardPositions)
            {
                DrainIdle(onlyIdle: level == MemoryPressureLevel.Medium, underPressure: true);

                // A look like the timer's: its next tick must not follow within half a period.
                _lastLookTick = Environment.TickCount;
            }
        }
        catch (AggregateException)
        {
            // An object's Dispose failed; it was dropped and counted, and the finalizer thread has nobody to tell.
        }
    }
}
