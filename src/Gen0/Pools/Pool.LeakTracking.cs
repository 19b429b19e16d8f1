using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace Gen0.Pools;

/// <summary>Leak tracking (<see cref="PoolOptions{T}.TrackLeaks"/>): rentals recorded with their stack until they come back.</summary>
/// <remarks>
/// Each rent records the object in a <see cref="ConditionalWeakTable{TKey, TValue}"/> with a small finalizable record,
/// and the rental's description in a table of live rentals; the return takes both out. An object collected while
/// rented takes its record with it, whose finalizer moves the description to the leaks. So tracking never keeps an
/// object alive, and the tables hold only rentals that are outstanding. For tests and debugging: a rent costs a stack
/// capture, a table insertion and a finalizable object; a pool without the option pays one null check per rent and
/// return.
/// </remarks>
public sealed partial class Pool<T>
{
    // The most leak descriptions kept; LeakCount keeps counting beyond it.
    private const int MaxLeaksKept = 1000;

    private readonly LeakTracker? _leakTracker;

    /// <summary>
    /// Gets the number of rented objects that were garbage collected without being returned (always 0 unless
    /// <see cref="PoolOptions{T}.TrackLeaks"/> is set). A leak is seen once the GC has collected the object and run
    /// the finalizers.
    /// </summary>
    public int LeakCount => _leakTracker?.LeakCount ?? 0;

    /// <summary>Lists the objects rented and not yet returned, oldest first, with the stack of their rent.</summary>
    /// <returns>A snapshot of the outstanding rentals.</returns>
    /// <exception cref="InvalidOperationException"><see cref="PoolOptions{T}.TrackLeaks"/> is off.</exception>
    public IReadOnlyList<OutstandingObject> GetOutstanding() => RequireLeakTracker().GetOutstanding();

    /// <summary>Lists the rented objects that were garbage collected without being returned (the first 1,000).</summary>
    /// <returns>A snapshot of the leaks seen so far.</returns>
    /// <exception cref="InvalidOperationException"><see cref="PoolOptions{T}.TrackLeaks"/> is off.</exception>
    public IReadOnlyList<OutstandingObject> GetLeaks() => RequireLeakTracker().GetLeaks();

    /// <summary>Throws unless every rented object has come back and none has leaked.</summary>
    /// <exception cref="InvalidOperationException">
    /// Some objects are outstanding or leaked (the message lists them with their rent stacks), or
    /// <see cref="PoolOptions{T}.TrackLeaks"/> is off.
    /// </exception>
    public void AssertAllReturned()
    {
        LeakTracker tracker = RequireLeakTracker();
        IReadOnlyList<OutstandingObject> outstanding = tracker.GetOutstanding();
        IReadOnlyList<OutstandingObject> leaks = tracker.GetLeaks();
        if (outstanding.Count != 0 || tracker.LeakCount != 0)
        {
            ThrowHelper.ThrowInvalidOperation(
                $"{outstanding.Count} {typeof(T).Name} object(s) rented and not returned, {tracker.LeakCount} leaked (collected without Return):" +
                $"{Environment.NewLine}{string.Join(Environment.NewLine, outstanding.Concat(leaks))}");
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void TrackRent(T value) => _leakTracker!.Rented(value);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void TrackReturn(T value) => _leakTracker!.Returned(value);

    private LeakTracker RequireLeakTracker()
    {
        if (_leakTracker is null)
        {
            ThrowHelper.ThrowInvalidOperation($"Leak tracking is off for this pool of {typeof(T).Name}: set PoolOptions<T>.TrackLeaks = true (in tests or while debugging) to record rentals and leaks.");
        }

        return _leakTracker;
    }

    /// <summary>The rentals of one pool: live ones by id, leaked ones as a bounded list.</summary>
    private sealed class LeakTracker
    {
        private readonly object _lock = new();
        private readonly ConditionalWeakTable<T, Rental> _byObject = new();
        private readonly Dictionary<long, OutstandingObject> _live = [];
        private readonly List<OutstandingObject> _leaks = [];
        private long _nextId;
        private int _leakCount;

        public int LeakCount => Volatile.Read(ref _leakCount);

        public void Rented(T value)
        {
            // Skip this frame and Pool<T>'s own, so the stack starts at the caller's rent.
            var info = new OutstandingObject(value.GetType().FullName ?? typeof(T).Name, DateTime.UtcNow, new StackTrace(2, false).ToString());
            lock (_lock)
            {
                long id = ++_nextId;
                _live.Add(id, info);
                _byObject.AddOrUpdate(value, new Rental(this, id));
            }
        }

        public void Returned(T value)
        {
            lock (_lock)
            {
                if (_byObject.TryGetValue(value, out Rental? rental))
                {
                    _byObject.Remove(value);
                    _live.Remove(rental.Id);
                    GC.SuppressFinalize(rental);
                }
            }
        }

        public IReadOnlyList<OutstandingObject> GetOutstanding()
        {
            List<OutstandingObject> result;
            lock (_lock)
            {
                result = [.. _live.Values];
            }

            result.Sort(static (a, b) => a.RentedAtUtc.CompareTo(b.RentedAtUtc));
            return result;
        }

        public IReadOnlyList<OutstandingObject> GetLeaks()
        {
            lock (_lock)
            {
                return [.. _leaks];
            }
        }

        // Runs on the finalizer thread.
        public void RecordLeak(long id)
        {
            lock (_lock)
            {
                if (_live.TryGetValue(id, out OutstandingObject? info))
                {
                    _live.Remove(id);
                    _leakCount++;
                    if (_leaks.Count < MaxLeaksKept)
                    {
                        _leaks.Add(info);
                    }
                }
            }
        }
    }

    /// <summary>
    /// Lives exactly as long as its rented object (it is the object's value in a <see cref="ConditionalWeakTable{TKey, TValue}"/>),
    /// so its finalizer runs when the object is collected; unless the object came back first, that is a leak.
    /// </summary>
    private sealed class Rental(LeakTracker tracker, long id)
    {
        public long Id { get; } = id;

        ~Rental()
        {
            if (!Environment.HasShutdownStarted)
            {
                tracker.RecordLeak(Id);
            }
        }
    }
}
