namespace Gen0.Tests.Collections.FaultInjection;

/// <summary>The faulting pools of one run, one per element type, all failing by the same <see cref="FaultPlan"/>.</summary>
public sealed class FaultPools(FaultPlan plan)
{
    private readonly Dictionary<Type, object> _pools = [];
    private readonly List<Action> _checks = [];

    /// <summary>Gets the plan.</summary>
    public FaultPlan Plan => plan;

    /// <summary>Returns the pool of <typeparamref name="T"/> arrays.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <returns>The pool.</returns>
    public FaultingArrayPool<T> Of<T>()
    {
        if (!_pools.TryGetValue(typeof(T), out object? pool))
        {
            var typed = new FaultingArrayPool<T>(plan);
            _checks.Add(typed.AssertAllReturned);
            _pools.Add(typeof(T), pool = typed);
        }

        return (FaultingArrayPool<T>)pool;
    }

    /// <summary>Throws unless every pool got back every array it rented.</summary>
    public void AssertAllReturned() => _checks.ForEach(check => check());
}
