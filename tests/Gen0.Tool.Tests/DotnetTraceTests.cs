using System.Text.Json;

namespace Gen0.Tool.Tests;

/// <summary>
/// A trace recorded by dotnet-trace (the repository's local tool, .config/dotnet-tools.json, restored here with
/// 'dotnet tool restore') of the demo's baseline: the tool names the same culprits as from its own session.
/// </summary>
[Collection(DemoSessionsCollection.Name)]
public sealed class DotnetTraceTests(DemoSessions sessions)
{
    [EventPipeFact]
    public void DotnetTraceRecording_OfTheBaseline_NamesTheHandlerAndTheRemedies()
    {
        string root = RepositoryRoot();
        Run(root, TimeSpan.FromMinutes(3), "tool", "restore");
        string trace = Path.Combine(sessions.Folder, "dotnet-trace.nettrace");
        Run(root, TimeSpan.FromMinutes(2), "tool", "run", "dotnet-trace", "--", "collect", "--profile", "gc-verbose", "-o", trace,
            "--", "dotnet", ToolRun.DemoPath, "--mode", "baseline", "--duration", "2", "--threads", "2");

        ToolRun run = ToolRun.InProcess("diagnose", "--trace", trace, "--json");
        Assert.True(run.ExitCode == 0, run.Error);
        JsonElement report = run.Json().RootElement;
        Assert.Equal("trace", report.GetProperty("source").GetProperty("kind").GetString());
        JsonElement[] culprits = [.. report.GetProperty("lohCulprits").EnumerateArray()];
        Assert.Contains(culprits, c => c.GetProperty("method").GetString() == "Gen0.Demo.Workload.BaselineRequestHandler.Handle"
            && c.GetProperty("remedy").GetProperty("id").GetString() == "memorystream-growth");
        Assert.Contains(culprits, c => c.GetProperty("remedy").GetProperty("id").GetString() == "hashset-growth");
        Assert.Empty(report.GetProperty("notes").EnumerateArray());
    }

    private static string RepositoryRoot()
    {
        for (DirectoryInfo? dir = new(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "Gen0.slnx")))
            {
                return dir.FullName;
            }
        }

        throw new InvalidOperationException($"No Gen0.slnx above {AppContext.BaseDirectory}.");
    }

    private static void Run(string workingDirectory, TimeSpan timeout, params string[] args)
    {
        // The local tool manifest is found from the working directory.
        using ToolRun.ChildProcess child = ToolRun.StartIn(workingDirectory, "dotnet", args);
        int exitCode = child.WaitForExit(timeout);
        Assert.True(exitCode == 0, $"dotnet {string.Join(' ', args)} exited with {exitCode}: {child.Out}{child.Error}");
    }
}
