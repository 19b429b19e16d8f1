using Gen0.Memory;

namespace Gen0.Buffers;

/// <content>
/// Releasing memory under pressure and re-deriving a budget that follows the memory limit, after each gen 2
/// collection (<see cref="MemoryPressure"/>).
/// </content>
public sealed partial class ScalableArrayPool<T>
{
    /// <inheritdoc/>
    void IMemoryPressureListener.OnGen2Collection(MemoryPressureLevel level, long totalAvailableBytes)
    {
        if (_disposed)
        {
            return;
        }

        // That collection swept the pinned arrays released before it.
        Volatile.Write(ref _pinnedBytesAwaitingCollection, 0);

        if (_budgetFollowsLimit && ResizeBudget(Options.DerivedMaxRetainedBytes(totalAvailableBytes)))
        {
            TrimCore(TrimKind.BudgetLowered);
            return;
        }

        if (level == MemoryPressureLevel.None || Volatile.Read(ref _reservedBytes) == 0)
        {
            return;
        }

        TrimCore(level == MemoryPressureLevel.High ? TrimKind.MemoryPressureHigh : TrimKind.MemoryPressureMedium);
    }

    /// <summary>
    /// Applies a new budget and the threads' shares of it; returns whether the pool now holds more than it allows (then
    /// the caller releases everything, which brings the reservations back under the new budget). Slot counts per class
    /// stay as sized at creation: a smaller budget is enforced by the charges, which fail until it fits.
    /// </summary>
    private bool ResizeBudget(long budget)
    {
        if (budget == Volatile.Read(ref _maxRetainedBytes))
        {
            return false;
        }

        Volatile.Write(ref _maxRetainedBytes, budget);
        Volatile.Write(ref _threadTierLimit, budget / 2);
        Volatile.Write(ref _perThreadLimit, budget / 8);
        return Volatile.Read(ref _reservedBytes) > budget;
    }
}
