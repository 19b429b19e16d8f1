namespace Gen0.MemoryLimit.Tests;

public sealed class SharedBudgetTests
{
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
