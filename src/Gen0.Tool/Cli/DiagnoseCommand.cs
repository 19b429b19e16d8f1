using Gen0.Tool.Analysis;
using Gen0.Tool.Attach;
using Gen0.Tool.Rendering;
using Microsoft.Diagnostics.NETCore.Client;

namespace Gen0.Tool;

/// <summary>
/// <c>dotnet-gen0 diagnose</c>: records a GC session of a process (by id, or a command it starts), or reads a trace
/// recorded by <c>dotnet-trace</c>, and reports who allocates on the LOH and POH with the stacks, why gen 2 ran, who
/// called <c>GC.Collect</c>, and the Gen0 remedy of each culprit.
/// </summary>
internal static class DiagnoseCommand
{
    public static int Run(DiagnoseOptions options, ToolConsole console, CancellationToken cancellation)
    {
        DiagnosisReport report = options.TracePath is string trace
            ? TraceAnalyzer.Analyze(trace, new TraceSource { Kind = "trace", TraceFile = Path.GetFullPath(trace) })
            : Record(options, console, cancellation);
        if (report.Source.Partial && !report.Source.Truncated)
        {
            console.Progress("Stopped early: the report covers what was recorded until then.");
        }

        ReportOutput.Write(report, DiagnosisDocument.Build(report), options.Output, console);
        if (report.Source.Truncated)
        {
            throw new ToolException(ExitCodes.BadTrace, "The trace file is truncated: the report above covers only the events before the cut. Record it again for a whole session.");
        }

        return ExitCodes.Success;
    }

    private static DiagnosisReport Record(DiagnoseOptions options, ToolConsole console, CancellationToken cancellation)
    {
        string path = options.KeepTracePath ?? Path.Combine(Path.GetTempPath(), $"dotnet-gen0-{Environment.ProcessId}-{Guid.NewGuid():N}.nettrace");
        try
        {
            return options.ProcessId is int pid
                ? RecordProcess(pid, options, path, console, cancellation)
                : RecordCommand(options, path, console, cancellation);
        }
        finally
        {
            if (options.KeepTracePath is null)
            {
                TryDelete(path);
            }
            else if (File.Exists(path))
            {
                console.Progress($"Trace kept at {Path.GetFullPath(path)}");
            }
        }
    }

    private static DiagnosisReport RecordProcess(int pid, DiagnoseOptions options, string path, ToolConsole console, CancellationToken cancellation)
    {
        if (!ProcessCatalog.IsRunning(pid))
        {
            throw new ToolException(ExitCodes.NoSuchProcess, $"No process with id {pid} is running. Run 'dotnet-gen0 ps' to list the .NET processes you can attach to.");
        }

        if (!ProcessCatalog.HasDiagnosticPort(pid))
        {
            throw new ToolException(ExitCodes.CannotAttach, $"Process {pid} has no .NET diagnostic port this user can reach: it is not a .NET (Core 3.0+) process, runs with DOTNET_EnableDiagnostics=0, belongs to another user, or lives in another container or TMPDIR. Run 'dotnet-gen0 ps' to list the processes you can attach to.");
        }

        TimeSpan duration = options.Duration ?? DiagnoseOptions.DefaultProcessDuration;
        string? name = ProcessCatalog.Name(pid);
        console.Progress($"Recording process {pid}{(name is null ? "" : $" ({name})")} for {duration.TotalSeconds:F0} s; Ctrl+C stops early and reports what was recorded.");
        var client = new DiagnosticsClient(pid);
        RecordingEnd end = SessionRecorder.Record(client, pid, path, duration, () => !ProcessCatalog.IsRunning(pid), afterStart: null, cancellation);
        var notes = new List<string>();
        if (end == RecordingEnd.TargetExited)
        {
            notes.Add("The process exited during the session: the report covers it until then.");
        }

        console.Progress("Analysing the trace...");
        return TraceAnalyzer.Analyze(path, new TraceSource
        {
            Kind = "process",
            ProcessId = pid,
            ProcessName = name,
            CommandLine = ProcessCatalog.CommandLine(pid),
            Partial = end == RecordingEnd.Cancelled,
        }, notes);
    }

    private static DiagnosisReport RecordCommand(DiagnoseOptions options, string path, ToolConsole console, CancellationToken cancellation)
    {
        string commandLine = string.Join(' ', options.Command);
        console.Progress($"Starting '{commandLine}' and recording until it exits{(options.Duration is TimeSpan d ? $" or {d.TotalSeconds:F0} s pass" : "")}; its output follows on standard error. Ctrl+C stops early and reports what was recorded.");
        using CommandLauncher launcher = CommandLauncher.Start(options.Command, console.Error);
        RecordingEnd end = SessionRecorder.Record(launcher.Client, launcher.ProcessId, path, options.Duration, () => launcher.HasExited, launcher.Resume, cancellation);

        // A command that ran its course is waited for (its last output); one cut short by --duration or Ctrl+C is stopped.
        launcher.Stop(end == RecordingEnd.TargetExited ? TimeSpan.FromSeconds(10) : TimeSpan.FromSeconds(2));
        var notes = new List<string>();
        if (end == RecordingEnd.Duration)
        {
            notes.Add($"The command was stopped after {options.Duration!.Value.TotalSeconds:F0} s (--duration).");
        }

        console.Progress("Analysing the trace...");
        return TraceAnalyzer.Analyze(path, new TraceSource
        {
            Kind = "command",
            ProcessId = launcher.ProcessId,
            CommandLine = commandLine,
            Partial = end == RecordingEnd.Cancelled,
            ExitCode = launcher.ExitCode,
        }, notes);
    }

    private static void TryDelete(string path)
    {
        try
        {
            File.Delete(path);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
        }
    }
}
