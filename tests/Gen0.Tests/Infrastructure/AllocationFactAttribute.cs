namespace Gen0.Tests.Infrastructure;

/// <summary>
/// A test that measures allocations with <c>GC.GetAllocatedBytesForCurrentThread</c>: skipped, with the reason, where
/// that counts nothing (.NET Framework, Mono), instead of passing without having measured.
/// </summary>
[AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
public sealed class AllocationFactAttribute : FactAttribute
{
    /// <summary>The reason shown where the test is skipped.</summary>
    public const string Reason = "GC.GetAllocatedBytesForCurrentThread counts nothing on .NET Framework and Mono: there is no allocation to measure.";

    /// <summary>Initializes the attribute.</summary>
    public AllocationFactAttribute() => Skip = TestPlatform.SkipReason(Requires.AllocationCounter, Reason)!;
}
