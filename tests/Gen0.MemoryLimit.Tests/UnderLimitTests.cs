namespace Gen0.MemoryLimit.Tests;

/// <summary>
/// Under a heap limit, a Gen0 pool at its defaults is never why a process runs out of memory: a burst of half the
/// limit through the pool on threads that then end, then a working set of 60 % of the limit, which fits with no pool
/// (eng/memory-limit.sh runs every case with no pool, the BCL's pool where there is one, and Gen0's, 20 times each;
/// docs/container.md has the results). Each case runs once here, in its own child process; one class per shape so
/// that xunit runs the shapes side by side.
/// </summary>
public abstract class UnderLimitTests
{
    /// <summary>The workload's shape (tests/Gen0.MemoryLimit.Workload/Program.cs).</summary>
    protected abstract string Shape { get; }

    [Theory]
    [InlineData(256)]
    [InlineData(512)]
    [InlineData(1024)]
    public void BurstThenWorkingSet_Survives(int limitMegabytes)
    {
        LimitedRun run = LimitedRun.Start((long)limitMegabytes << 20, "gen0", Shape);

        Assert.True(run.Outcome == WorkloadOutcome.Survived, run.ToString());
    }
}
