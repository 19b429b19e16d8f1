using System.Diagnostics;

namespace Gen0.Tool.Tests;

/// <summary>Every bad input: one line that says what to do, the documented exit code, never a stack trace.</summary>
public sealed class BadInputTests
{
    [Theory]
    [InlineData]
    [InlineData("bogus")]
    [InlineData("diagnose")]
    [InlineData("diagnose", "-p", "0")]
    [InlineData("diagnose", "-p", "-1")]
    [InlineData("diagnose", "-p", "abc")]
    [InlineData("diagnose", "-p", "2147483648")]
    [InlineData("diagnose", "-p", "1", "--trace", "x.nettrace")]
    [InlineData("diagnose", "--trace", "x.nettrace", "--", "dotnet", "app.dll")]
    [InlineData("diagnose", "--trace", "x.nettrace", "--duration", "5")]
    [InlineData("diagnose", "--trace", "x.nettrace", "--output-trace", "y.nettrace")]
    [InlineData("diagnose", "-p", "1", "--duration", "0")]
    [InlineData("diagnose", "-p", "1", "--duration", "-3")]
    [InlineData("diagnose", "-p", "1", "--duration", "1e9")]
    [InlineData("diagnose", "-p", "1", "--duration", "NaN")]
    [InlineData("diagnose", "-p", "1", "--html", "")]
    [InlineData("diagnose", "--trace", "")]
    [InlineData("monitor")]
    [InlineData("monitor", "-p", "1", "--interval", "0")]
    [InlineData("monitor", "-p", "1", "--interval", "100000")]
    [InlineData("ps", "--unknown")]
    public void BadArguments_ExitTwo_WithOneLineErrors(params string[] args)
    {
        ToolRun run = ToolRun.InProcess(args);
        Assert.Equal(ExitCodes.BadArguments, run.ExitCode);
        Assert.DoesNotContain("   at ", run.Error + run.Out, StringComparison.Ordinal);
        if (args.Length > 0)
        {
            Assert.StartsWith("error: ", run.Error, StringComparison.Ordinal);
            Assert.Empty(run.Out); // nothing on standard output: a script reading --json gets no half answer
        }
    }

    [Fact]
    public void NoArguments_PrintsTheHelpWithTheExitCodes()
    {
        ToolRun run = ToolRun.InProcess();
        Assert.Contains("diagnose", run.Out, StringComparison.Ordinal);
        Assert.Contains("Exit codes:", run.Out, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("diagnose", "-p")]
    [InlineData("monitor", "-p")]
    public void ExitedOrUnknownProcess_ExitsThree(string verb, string option)
    {
        using Process exited = Process.Start(new ProcessStartInfo("true") { UseShellExecute = false })!;
        exited.WaitForExit();
        foreach (int pid in new[] { exited.Id, int.MaxValue })
        {
            ToolRun run = ToolRun.InProcess(verb, option, pid.ToString(System.Globalization.CultureInfo.InvariantCulture));
            run.AssertOneLineError(ExitCodes.NoSuchProcess);
            Assert.Contains("dotnet-gen0 ps", run.Error, StringComparison.Ordinal);
        }
    }

    [Theory]
    [InlineData("diagnose")]
    [InlineData("monitor")]
    public void ProcessWithoutEventPipe_ExitsFour(string verb)
    {
        // A native process has no .NET diagnostic port, exactly as a .NET one with DOTNET_EnableDiagnostics=0.
        using ToolRun.ChildProcess sleeper = ToolRun.Start("sleep", "30");
        ToolRun run = ToolRun.InProcess(verb, "-p", sleeper.Process.Id.ToString(System.Globalization.CultureInfo.InvariantCulture));
        run.AssertOneLineError(ExitCodes.CannotAttach);
        Assert.Contains("diagnostic port", run.Error, StringComparison.Ordinal);
    }

    [EventPipeFact]
    public void DotnetProcessWithDiagnosticsDisabled_ExitsFour()
    {
        var start = new ProcessStartInfo("dotnet") { UseShellExecute = false, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string arg in new[] { ToolRun.DemoPath, "--mode", "baseline", "--duration", "20", "--threads", "1" })
        {
            start.ArgumentList.Add(arg);
        }

        start.Environment["DOTNET_EnableDiagnostics"] = "0";
        using Process demo = Process.Start(start)!;
        try
        {
            Thread.Sleep(500);
            ToolRun run = ToolRun.InProcess("diagnose", "-p", demo.Id.ToString(System.Globalization.CultureInfo.InvariantCulture), "--duration", "1");
            run.AssertOneLineError(ExitCodes.CannotAttach);
            Assert.Contains("DOTNET_EnableDiagnostics=0", run.Error, StringComparison.Ordinal);
        }
        finally
        {
            demo.Kill(entireProcessTree: true);
            demo.WaitForExit(10_000);
        }
    }

    [Fact]
    public void MissingEmptyOrForeignTrace_ExitsFive()
    {
        string folder = Path.Combine(Path.GetTempPath(), $"gen0-tool-bad-{Guid.NewGuid():N}");
        Directory.CreateDirectory(folder);
        try
        {
            string empty = Path.Combine(folder, "empty.nettrace");
            File.WriteAllBytes(empty, []);
            string text = Path.Combine(folder, "text.nettrace");
            File.WriteAllText(text, "not a trace\n");
            string random = Path.Combine(folder, "random.nettrace");
            var bytes = new byte[100_000];
            new Random(28).NextBytes(bytes);
            File.WriteAllBytes(random, bytes);
            string header = Path.Combine(folder, "header-only.nettrace");
            File.WriteAllBytes(header, [.. "Nettrace"u8.ToArray().Prepend((byte)8).Prepend((byte)0).Prepend((byte)0).Prepend((byte)0)]);
            foreach (string path in new[] { Path.Combine(folder, "missing.nettrace"), empty, text, random, header, folder })
            {
                ToolRun run = ToolRun.InProcess("diagnose", "--trace", path, "--json");
                run.AssertOneLineError(ExitCodes.BadTrace);
                Assert.Empty(run.Out);
            }
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Theory]
    [InlineData("/nonexistent/program")]
    [InlineData("true")]
    public void CommandThatIsNotDotNet_ExitsSix(string command)
    {
        ToolRun run = ToolRun.InProcess("diagnose", "--", command);
        run.AssertOneLineError(ExitCodes.CannotStart);
        Assert.Contains(".NET program", run.Error, StringComparison.Ordinal);
    }
}
