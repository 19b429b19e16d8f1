namespace Gen0.MemoryLimit.Tests;

/// <summary>
/// Under a heap limit, <c>ScalableArrayPool&lt;byte&gt;.Shared</c> at its defaults is never why a process runs out of
/// memory: a burst that fits the limit, then a working set of 60 % of the limit (which fits with no pool:
/// eng/memory-limit.sh runs every case with no pool, the BCL's pool and Gen0's, 20 times each; docs/container.md).
/// Each case runs once here, in its own child process.
/// </summary>
public sealed class ArrayPoolUnderLimitTests
{
    public static TheoryData<string, int> Cases => new()
    {
        { "threads", 256 }, { "threads", 512 }, { "threads", 1024 },
        { "big", 256 }, { "big", 512 }, { "big", 1024 },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void BurstThenWorkingSet_Survives(string shape, int limitMegabytes)
    {
        LimitedRun run = LimitedRun.Start((long)limitMegabytes << 20, "gen0", shape);

        Assert.True(run.Outcome == WorkloadOutcome.Survived, run.ToString());
    }

    [Fact]
    public void SharedBudget_IsAnEighthOfTheLimit_AndFollowsARefreshedLimit()
    {
        LimitedRun run = LimitedRun.Start(256L << 20, "gen0", "budget");

        Assert.True(run.Outcome == WorkloadOutcome.Survived, run.ToString());
        string[] budgets = run.Output.Split('\n').Where(static l => l.StartsWith("budget: ", StringComparison.Ordinal)).ToArray();
        Assert.Equal(["budget: 33554432", "budget: 16777216"], budgets.Select(static b => b.Trim()));
        Assert.Equal(128L << 20, run.Last("limit"));
    }
}
