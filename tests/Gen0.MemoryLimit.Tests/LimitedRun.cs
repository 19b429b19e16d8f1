using System.Diagnostics;
using System.Text;

namespace Gen0.MemoryLimit.Tests;

/// <summary>
/// Runs the workload (tests/Gen0.MemoryLimit.Workload) in a child process under <c>DOTNET_GCHeapHardLimit</c>, killed
/// if it overruns its time: a run that would take the test host down with it, or hang, ends as an outcome instead.
/// </summary>
internal sealed record LimitedRun(WorkloadOutcome Outcome, int ExitCode, string Output)
{
    private static readonly TimeSpan s_timeout = TimeSpan.FromSeconds(90);

    public static LimitedRun Start(long limitBytes, params string[] arguments)
    {
        string workload = Path.Combine(AppContext.BaseDirectory, "Gen0.MemoryLimit.Workload.dll");
        var info = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        info.ArgumentList.Add(workload);
        foreach (string argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }

        info.Environment["DOTNET_GCHeapHardLimit"] = "0x" + limitBytes.ToString("X");

        // Nothing the test host's environment sets may size the pools or the GC differently.
        foreach (string name in info.Environment.Keys.Where(static k => k.StartsWith("GEN0_", StringComparison.Ordinal) || k is "DOTNET_gcServer" or "DOTNET_GCgen0size").ToArray())
        {
            info.Environment.Remove(name);
        }

        var output = new StringBuilder();
        using var process = new Process { StartInfo = info };
        process.OutputDataReceived += (_, e) => Append(output, e.Data);
        process.ErrorDataReceived += (_, e) => Append(output, e.Data);
        process.Start();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        if (!process.WaitForExit(s_timeout))
        {
            process.Kill(entireProcessTree: true);
            process.WaitForExit();
            return new LimitedRun(WorkloadOutcome.Hung, -1, Snapshot(output) + $"\n(killed after {s_timeout.TotalSeconds} s)");
        }

        process.WaitForExit(); // drains the redirected streams
        string text = Snapshot(output);
        WorkloadOutcome outcome = process.ExitCode switch
        {
            0 when text.Contains("outcome: survived", StringComparison.Ordinal) => WorkloadOutcome.Survived,
            3 when text.Contains("outcome: out-of-memory", StringComparison.Ordinal) => WorkloadOutcome.OutOfMemory,
            _ => WorkloadOutcome.Aborted,
        };
        return new LimitedRun(outcome, process.ExitCode, text);
    }

    /// <summary>The value of the last <c>name: value</c> line the workload printed.</summary>
    public long Last(string name) => long.Parse(
        Output.Split('\n').Last(line => line.StartsWith(name + ": ", StringComparison.Ordinal))[(name.Length + 2)..].Trim(),
        System.Globalization.CultureInfo.InvariantCulture);

    public override string ToString() => $"{Outcome} (exit {ExitCode}):\n{Output}";

    private static void Append(StringBuilder output, string? line)
    {
        if (line is not null)
        {
            lock (output)
            {
                output.AppendLine(line);
            }
        }
    }

    private static string Snapshot(StringBuilder output)
    {
        lock (output)
        {
            return output.ToString();
        }
    }
}
