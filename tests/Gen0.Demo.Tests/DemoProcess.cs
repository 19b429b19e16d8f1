using System.Diagnostics;

namespace Gen0.Demo.Tests;

/// <summary>Runs the demo programs (built next to the tests) as child processes, their standard streams redirected.</summary>
internal static class DemoProcess
{
    public static (int ExitCode, string Output) Run(params string[] args)
    {
        (int exitCode, string stdout, string stderr) = RunSeparately(args);
        return (exitCode, stdout + stderr);
    }

    public static (int ExitCode, string StandardOutput, string StandardError) RunSeparately(params string[] args) =>
        RunProgram("Gen0.Demo.dll", TimeSpan.FromMinutes(2), args);

    /// <summary>Runs samples/Gen0.WebDemo (built next to the tests), killed and failed after <paramref name="limit"/>.</summary>
    public static (int ExitCode, string StandardOutput, string StandardError) RunWebDemo(TimeSpan limit, params string[] args) =>
        RunProgram("Gen0.WebDemo.dll", limit, args);

    private static (int ExitCode, string StandardOutput, string StandardError) RunProgram(string assembly, TimeSpan limit, string[] args)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        start.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, assembly));
        foreach (string arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        using Process process = Process.Start(start)!;
        Task<string> stderr = process.StandardError.ReadToEndAsync();
        Task<string> stdout = process.StandardOutput.ReadToEndAsync();
        if (!process.WaitForExit(limit))
        {
            process.Kill(entireProcessTree: true);
            Assert.Fail($"{assembly} {string.Join(' ', args)} did not finish in {limit.TotalSeconds:F0} s");
        }

        return (process.ExitCode, stdout.Result, stderr.Result);
    }
}
