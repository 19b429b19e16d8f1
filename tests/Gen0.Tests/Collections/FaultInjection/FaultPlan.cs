namespace Gen0.Tests.Collections.FaultInjection;

/// <summary>
/// Decides which call fails: once armed with <c>n</c>, the <c>n</c>th call counted by <see cref="Hit"/> (over every pool
/// and comparer sharing the plan) throws <see cref="InjectedFaultException"/>, and only that one.
/// </summary>
public sealed class FaultPlan
{
    private int _failAt;
    private int _calls;

    /// <summary>Gets whether the armed fault was thrown.</summary>
    public bool Fired { get; private set; }

    /// <summary>Fails the <paramref name="n"/>th counted call from now.</summary>
    /// <param name="n">1 for the next call.</param>
    public void Arm(int n)
    {
        _failAt = n;
        _calls = 0;
        Fired = false;
    }

    /// <summary>Stops failing.</summary>
    public void Disarm() => _failAt = 0;

    /// <summary>Counts a call and throws if it is the armed one.</summary>
    /// <param name="what">The call, for the message.</param>
    public void Hit(string what)
    {
        if (_failAt > 0 && ++_calls == _failAt)
        {
            _failAt = 0;
            Fired = true;
            throw new InjectedFaultException($"injected: {what} (call {_calls})");
        }
    }
}
