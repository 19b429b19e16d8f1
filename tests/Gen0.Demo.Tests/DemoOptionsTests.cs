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

    [Theory]
    [InlineData("--threads", "zero")]
    [InlineData("--threads", "0")]
    [InlineData("--duration", "601")]
    [InlineData("--mode", "fast")]
    [InlineData("--bogus")]
    [InlineData("--html")]
    public void Program_BadArguments_SayWhatIsWrong_OnStandardError_AndExitWith2(params string[] args)
    {
        (int exitCode, string stdout, string stderr) = DemoProcess.RunSeparately(args);
        Assert.Equal(2, exitCode);
        Assert.Empty(stdout);
        Assert.StartsWith("error: ", stderr, StringComparison.Ordinal);
        Assert.Contains(args[0], stderr, StringComparison.Ordinal);
        Assert.Contains("--help", stderr, StringComparison.Ordinal);
        Assert.DoesNotContain("Unhandled exception", stderr, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("--help")]
    [InlineData("-h")]
    public void Program_Help_ListsEveryOption_AndExitsWith0(string help)
    {
        (int exitCode, string stdout, _) = DemoProcess.RunSeparately(help);
        Assert.Equal(0, exitCode);
        foreach (string option in new[] { "Usage:", "--duration", "--threads", "--seed", "--server-gc", "--json", "--html", "--mode" })
        {
            Assert.Contains(option, stdout, StringComparison.Ordinal);
        }

        Assert.DoesNotContain("--result", stdout, StringComparison.Ordinal); // internal options stay hidden
        Assert.DoesNotContain("--progress", stdout, StringComparison.Ordinal);
    }

    [Fact]
    public void TryParse_HiddenProgressOption_IsRead()
    {
        Assert.Equal(ProgressStyle.Phases, DemoOptions.TryParse(["--progress", "Phases"], out _)!.Progress);
        Assert.Null(DemoOptions.TryParse([], out _)!.Progress);
    }

    [Fact]
    public void ProgressReporter_WritesOnlyWhatItsStyleAllows()
    {
        foreach (ProgressStyle style in Enum.GetValues<ProgressStyle>())
        {
            var writer = new StringWriter();
            var progress = new ProgressReporter(style, writer);
            progress.Phase("phase");
            progress.Status("status 1");
            progress.Status("status 2");
            progress.EndStatus();
            string text = writer.ToString();
            switch (style)
            {
                case ProgressStyle.None:
                    Assert.Empty(text);
                    break;
                case ProgressStyle.Phases:
                    Assert.Equal("phase" + Environment.NewLine, text);
                    break;
                case ProgressStyle.Live:
                    Assert.Contains("\rstatus 2", text, StringComparison.Ordinal);
                    Assert.EndsWith(Environment.NewLine, text, StringComparison.Ordinal);
                    break;
            }
        }

        Assert.Equal(ProgressStyle.None, ProgressReporter.Detect(json: true));
    }
}
