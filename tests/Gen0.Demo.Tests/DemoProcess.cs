using System.Diagnostics;

namespace Gen0.Demo.Tests;

/// <summary>Runs the demo program (built next to the tests) as a child process, its standard streams redirected.</summary>
internal static class DemoProcess
{
    public static (int ExitCode, string Output) Run(params string[] args)
    {
        (int exitCode, string stdout, string stderr) = RunSeparately(args);
        return (exitCode, stdout + stderr);
    }

    public static (int ExitCode, string StandardOutput, string StandardError) RunSeparately(params string[] args)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        start.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "Gen0.Demo.dll"));
        foreach (string arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        using Process process = Process.Start(start)!;
        Task<string> stderr = process.StandardError.ReadToEndAsync();
        Task<string> stdout = process.StandardOutput.ReadToEndAsync();
        if (!process.WaitForExit(TimeSpan.FromMinutes(2)))
        {
            process.Kill(entireProcessTree: true);
            Assert.Fail("the demo did not finish in two minutes");
        }

        return (process.ExitCode, stdout.Result, stderr.Result);
    }
}
