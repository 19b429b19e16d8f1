namespace Gen0.Demo.Tests;

public class DemoOptionsTests
{
    [Fact]
    public void TryParse_Defaults_FinishUnderAMinute()
    {
        DemoOptions options = DemoOptions.TryParse([], out string? error)!;
        Assert.Null(error);
        Assert.True((2 * options.DurationSeconds) + 20 < 60);
        Assert.Null(options.Mode);
    }

    [Fact]
    public void TryParse_ReadsEveryOption()
    {
        DemoOptions options = DemoOptions.TryParse(["--duration", "3", "--threads", "8", "--seed", "7", "--json", "--html", "r.html", "--server-gc"], out _)!;
        Assert.Equal(3, options.DurationSeconds);
        Assert.Equal(8, options.Threads);
        Assert.Equal(7, options.Seed);
        Assert.True(options.Json);
        Assert.True(options.ServerGc);
        Assert.Equal("r.html", options.HtmlPath);
    }

    [Theory]
    [InlineData("--duration")]
    [InlineData("--duration", "0")]
    [InlineData("--duration", "abc")]
    [InlineData("--threads", "-1")]
    [InlineData("--mode", "fast")]
    [InlineData("--html")]
    [InlineData("--bogus")]
    public void TryParse_BadArguments_ReturnNullWithAReason(params string[] args)
    {
        Assert.Null(DemoOptions.TryParse(args, out string? error));
        Assert.False(string.IsNullOrWhiteSpace(error));
    }

    [Fact]
    public void Program_BadArguments_PrintUsageAndExitWith2()
    {
        (int exitCode, string output) = DemoProcess.Run("--threads", "zero");
        Assert.Equal(2, exitCode);
        Assert.Contains("Usage:", output);
        Assert.Contains("--threads", output);
    }
}
