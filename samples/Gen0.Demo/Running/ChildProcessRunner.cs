using System.Diagnostics;
using System.Reflection;
using System.Text.Json;
using Gen0.Demo.Workload;

namespace Gen0.Demo.Running;

/// <summary>
/// Runs a mode in a child process of this program, so that one mode's heap, pools and GC history cannot flavour the
/// other's figures. The child writes its <see cref="ModeResult"/> as JSON to a file; its progress line goes to our
/// standard error.
/// </summary>
internal static class ChildProcessRunner
{
    public static ModeResult Run(string mode, DemoOptions options, ProgressStyle progress)
    {
        string resultPath = Path.Combine(Path.GetTempPath(), $"gen0-demo-{Environment.ProcessId}-{mode}.json");
        var start = new ProcessStartInfo { UseShellExecute = false, RedirectStandardOutput = true };
        string host = Environment.ProcessPath ?? "dotnet";
        start.FileName = host;
        if (Path.GetFileNameWithoutExtension(host).Equals("dotnet", StringComparison.OrdinalIgnoreCase))
        {
            start.ArgumentList.Add(Assembly.GetEntryAssembly()!.Location);
        }

        foreach (string arg in new[]
        {
            "--mode", mode, "--result", resultPath,
            "--duration", options.DurationSeconds.ToString(System.Globalization.CultureInfo.InvariantCulture),
            "--threads", options.Threads.ToString(System.Globalization.CultureInfo.InvariantCulture),
            "--seed", options.Seed.ToString(System.Globalization.CultureInfo.InvariantCulture),
            "--progress", progress.ToString(),
        })
        {
            start.ArgumentList.Add(arg);
        }

        start.Environment["DOTNET_gcServer"] = options.ServerGc ? "1" : "0";
        start.Environment["DOTNET_TieredPGO"] = "1";
        try
        {
            using Process child = Process.Start(start) ?? throw new InvalidOperationException($"Could not start '{host}'.");
            string output = child.StandardOutput.ReadToEnd();
            child.WaitForExit();
            if (child.ExitCode != 0 || !File.Exists(resultPath))
            {
                throw new InvalidOperationException($"The {mode} child process failed (exit code {child.ExitCode}).{Environment.NewLine}{output}");
            }

            return JsonSerializer.Deserialize<ModeResult>(File.ReadAllText(resultPath), DemoJson.Options)
                ?? throw new InvalidOperationException($"The {mode} child process wrote no result.");
        }
        finally
        {
            File.Delete(resultPath);
        }
    }
}
