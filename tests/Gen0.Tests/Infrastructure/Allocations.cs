namespace Gen0.Tests.Infrastructure;

/// <summary>
/// Measures what a piece of code allocates on the current thread in steady state, robustly enough for CI's loaded pass.
/// </summary>
/// <remarks>
/// The runtime itself allocates on a test thread once in a while: tiered compilation and on-stack replacement install
/// new code a few hundred bytes to a few kilobytes at a time, at a moment that depends on the machine's load (CI's
/// loaded pass saw 280 B, 3.4 KB and 7.6 KB in single windows that allocate 0 B on a quiet machine). Those allocations
/// happen once; an allocation made by the code under test happens in every pass. So a steady-state check measures
/// several passes and takes the fewest bytes: one clean pass proves the code allocates nothing, and a real per-operation
/// allocation still shows in every pass.
/// </remarks>
public static class Allocations
{
    /// <summary>The passes <see cref="FewestBytes"/> makes at most.</summary>
    public const int DefaultPasses = 10;

    /// <summary>
    /// Runs <paramref name="pass"/> up to <paramref name="passes"/> times, stopping at the first pass that allocates
    /// nothing, and returns the fewest bytes the current thread allocated in one pass.
    /// </summary>
    /// <param name="pass">One steady-state pass of the code under test (warm it up before calling).</param>
    /// <param name="passes">The most passes to make.</param>
    /// <returns>The fewest bytes allocated by one pass; 0 when any pass allocated nothing.</returns>
    public static long FewestBytes(Action pass, int passes = DefaultPasses)
    {
        ArgumentNullException.ThrowIfNull(pass);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(passes);
        long fewest = long.MaxValue;
        for (int i = 0; i < passes && fewest != 0; i++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            pass();
            fewest = Math.Min(fewest, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        return fewest;
    }

    /// <summary>
    /// The bytes the whole process has allocated so far (every thread's), for checks of code that starts threads;
    /// 0 on .NET Framework, which has no such counter (those tests are <see cref="AllocationFactAttribute"/>s).
    /// </summary>
    public static long ProcessTotal() =>
#if GEN0_NETFRAMEWORK
        0;
#else
        GC.GetTotalAllocatedBytes(precise: true);
#endif
}
