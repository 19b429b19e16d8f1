namespace Gen0.Tests.Infrastructure;

/// <summary>The <see cref="TheoryAttribute"/> counterpart of <see cref="AllocationFactAttribute"/>.</summary>
[AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
public sealed class AllocationTheoryAttribute : TheoryAttribute
{
    /// <summary>Initializes the attribute.</summary>
    public AllocationTheoryAttribute() => Skip = TestPlatform.SkipReason(Requires.AllocationCounter, AllocationFactAttribute.Reason)!;
}
