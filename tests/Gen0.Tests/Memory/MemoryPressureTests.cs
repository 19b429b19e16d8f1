using Gen0.Memory;

namespace Gen0.Tests.Memory;

public sealed class MemoryPressureTests
{
    // xunit data for the internal enum, as constants of its values.
    private static class Level
    {
        public const int None = (int)MemoryPressureLevel.None;
        public const int Medium = (int)MemoryPressureLevel.Medium;
        public const int High = (int)MemoryPressureLevel.High;
    }

    [Theory]
    [InlineData(0.0, Level.None)]
    [InlineData(0.4999, Level.None)]
    [InlineData(0.50, Level.Medium)]
    [InlineData(0.6999, Level.Medium)]
    [InlineData(0.70, Level.High)]
    [InlineData(1.5, Level.High)]
    public void LevelFor_FromNone_EntersAtItsThreshold(double share, int expected) =>
        Assert.Equal((MemoryPressureLevel)expected, MemoryPressure.LevelFor(share, MemoryPressureLevel.None));

    [Theory]
    [InlineData(Level.High, 0.66, Level.High)]
    [InlineData(Level.High, 0.6499, Level.Medium)]
    [InlineData(Level.High, 0.44, Level.None)]
    [InlineData(Level.Medium, 0.46, Level.Medium)]
    [InlineData(Level.Medium, 0.4499, Level.None)]
    [InlineData(Level.Medium, 0.70, Level.High)]
    public void LevelFor_LeavesALevelOnlyBelowItsBand(int before, double share, int expected) =>
        Assert.Equal((MemoryPressureLevel)expected, MemoryPressure.LevelFor(share, (MemoryPressureLevel)before));

    [Fact]
    public void ShareOf_IsCommittedAgainstTheLimit_OrTheLoadAgainstTheThreshold_WhicheverIsHigher()
    {
        Assert.Equal(0.5, MemoryPressure.ShareOf(256L << 20, 512L << 20, 0, 0), 6);

        // No limit known (netstandard2.0, or none set on a machine): only the load counts.
        Assert.Equal(0, MemoryPressure.ShareOf(256L << 20, long.MaxValue, 0, 0));

        // 90 % of the high-load threshold is where the BCL's pools release everything: it reads as High here too.
        Assert.Equal(MemoryPressure.HighEnter, MemoryPressure.ShareOf(0, long.MaxValue, 90, 100), 6);
        Assert.Equal(0.75, MemoryPressure.ShareOf(750, 1000, 10, 100), 6);
    }

    [Theory]
    [InlineData(512L << 20, 64L << 20)]
    [InlineData(256L << 20, 32L << 20)]
    [InlineData(8L << 30, 1L << 30)]
    [InlineData(24L << 30, 1L << 30)]
    [InlineData(long.MaxValue, 1L << 30)]
    [InlineData(7L, 0L)]
    [InlineData(0L, 0L)]
    public void DerivedBudget_IsAnEighthOfTheLimit_AtMostTheCap(long limit, long expected) =>
        Assert.Equal(expected, MemoryPressure.DerivedBudget(limit, 8, 1L << 30));

    [Fact]
    public void TotalAvailableBytes_IsTheGcFigure_OrUnbounded()
    {
        long total = MemoryPressure.TotalAvailableBytes;

        Assert.True(total > 0);
#if !GEN0_NETSTANDARD
        Assert.Equal(GC.GetGCMemoryInfo().TotalAvailableMemoryBytes, total);
#endif
    }
}
