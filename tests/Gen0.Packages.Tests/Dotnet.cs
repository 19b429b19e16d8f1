using Gen0.Docs.Tests;

namespace Gen0.Packages.Tests;

/// <summary>Runs the <c>dotnet</c> CLI under a time limit (a hung restore or build fails the test, not the run).</summary>
internal static class Dotnet
{
    /// <summary>The limit of one CLI command: a restore, build or pack on a loaded 2-core machine.</summary>
    public static readonly TimeSpan StepTimeout = TimeSpan.FromMinutes(3);

    /// <summary>Runs <c>dotnet</c> with <paramref name="arguments"/> in <paramref name="workingDirectory"/>.</summary>
    public static Task<(int ExitCode, string Output)> RunAsync(string workingDirectory, params string[] arguments) =>
        ChildProcess.RunAsync("dotnet", arguments, workingDirectory, StepTimeout);

    /// <summary>Runs <c>dotnet</c> and fails the test when it fails.</summary>
    public static async Task<string> RunCheckedAsync(string workingDirectory, params string[] arguments)
    {
        (int exitCode, string output) = await RunAsync(workingDirectory, arguments);
        Assert.True(exitCode == 0, $"'dotnet {string.Join(' ', arguments)}' exited with {exitCode}:\n{output}");
        return output;
    }
}
