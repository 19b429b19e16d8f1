namespace Gen0.Tests.Infrastructure;

/// <summary>
/// A <see cref="FactAttribute"/> that is skipped, with its reason, in the runs of the suite that lack what it needs
/// (<see cref="Requires"/>), so that the run reports it as skipped rather than leaving it out or failing it.
/// </summary>
[AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
public sealed class PlatformFactAttribute : FactAttribute
{
    /// <summary>Initializes the attribute.</summary>
    /// <param name="requires">What the test needs.</param>
    /// <param name="reason">Why it cannot hold without it.</param>
    public PlatformFactAttribute(Requires requires, string reason)
    {
        Requires = requires;
        Skip = TestPlatform.SkipReason(requires, reason)!;
    }

    /// <summary>Gets what the test needs.</summary>
    public Requires Requires { get; }
}
