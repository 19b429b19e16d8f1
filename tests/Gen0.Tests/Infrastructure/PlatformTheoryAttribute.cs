namespace Gen0.Tests.Infrastructure;

/// <summary>The <see cref="TheoryAttribute"/> counterpart of <see cref="PlatformFactAttribute"/>.</summary>
[AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
public sealed class PlatformTheoryAttribute : TheoryAttribute
{
    /// <summary>Initializes the attribute.</summary>
    /// <param name="requires">What the test needs.</param>
    /// <param name="reason">Why it cannot hold without it.</param>
    public PlatformTheoryAttribute(Requires requires, string reason)
    {
        Requires = requires;
        Skip = TestPlatform.SkipReason(requires, reason)!;
    }

    /// <summary>Gets what the test needs.</summary>
    public Requires Requires { get; }
}
