using System.Diagnostics;

namespace Gen0.Demo.Tests;

/// <summary>Runs the demo program (built next to the tests) as a child process.</summary>
internal static class DemoProcess
{
    public static (int ExitCode, string Output) Run(params string[] args)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        start.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "Gen0.Demo.dll"));
        foreach (string arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        using Process process = Process.Start(start)!;
        Task<string> stderr = process.StandardError.ReadToEndAsync();
        string stdout = process.StandardOutput.ReadToEnd();
        Assert.True(process.WaitForExit(TimeSpan.FromMinutes(2)), "the demo did not finish in time");
        return (process.ExitCode, stdout + stderr.Result);
    }
}
