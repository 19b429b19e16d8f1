using System.ComponentModel;
using System.Diagnostics;
using Microsoft.Diagnostics.NETCore.Client;

namespace Gen0.Tool.Attach;

/// <summary>
/// Starts a .NET command with its runtime suspended before any managed code runs
/// (<c>DOTNET_DefaultDiagnosticPortSuspend=1</c>), so that a session opened before it resumes sees everything from
/// the first allocation. The command's own output goes to this tool's standard error, so <c>--json</c> stays alone on
/// standard output.
/// </summary>
internal sealed class CommandLauncher : IDisposable
{
    /// <summary>How long the runtime of the started command may take to open its diagnostic port.</summary>
    public static readonly TimeSpan PortTimeout = TimeSpan.FromSeconds(20);

    private readonly Process _process;

    private CommandLauncher(Process process, DiagnosticsClient client)
    {
        _process = process;
        Client = client;
    }

    public DiagnosticsClient Client { get; }

    public int ProcessId => _process.Id;

    public bool HasExited => _process.HasExited;

    public int? ExitCode => _process.HasExited ? _process.ExitCode : null;

    public static CommandLauncher Start(IReadOnlyList<string> command, TextWriter output)
    {
        var start = new ProcessStartInfo(command[0])
        {
            UseShellExecute = false,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = false,
        };
        for (int i = 1; i < command.Count; i++)
        {
            start.ArgumentList.Add(command[i]);
        }

        start.Environment["DOTNET_DefaultDiagnosticPortSuspend"] = "1";
        DateTime startedUtc = DateTime.UtcNow;
        Process process;
        try
        {
            process = Process.Start(start) ?? throw new ToolException(ExitCodes.CannotStart, $"'{command[0]}' did not start.");
        }
        catch (Win32Exception ex)
        {
            throw new ToolException(ExitCodes.CannotStart, $"Could not start '{command[0]}': {ex.Message.TrimEnd('.')}. Give a .NET program (an app host, or dotnet path/to/app.dll) after '--'.", ex);
        }

        object gate = new();
        process.OutputDataReceived += (_, e) => Forward(output, gate, e.Data);
        process.ErrorDataReceived += (_, e) => Forward(output, gate, e.Data);
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();

        var clock = Stopwatch.StartNew();
        while (!ProcessCatalog.HasDiagnosticPortSince(process.Id, startedUtc))
        {
            if (process.WaitForExit(50))
            {
                int exitCode = process.ExitCode;
                process.Dispose();
                throw new ToolException(ExitCodes.CannotStart, $"'{command[0]}' exited (code {exitCode}) before a .NET runtime opened a diagnostic port: give a .NET program, not a script or 'dotnet run' (use 'dotnet path/to/app.dll').");
            }

            if (clock.Elapsed > PortTimeout)
            {
                Kill(process);
                process.Dispose();
                throw new ToolException(ExitCodes.CannotStart, $"'{command[0]}' opened no .NET diagnostic port in {PortTimeout.TotalSeconds:F0} s: give a .NET program (an app host, or 'dotnet path/to/app.dll'), and do not set DOTNET_EnableDiagnostics=0.");
            }
        }

        return new CommandLauncher(process, new DiagnosticsClient(process.Id));
    }

    /// <summary>Resumes the runtime, after telling it that the processes it starts must not wait for a tool as it did.</summary>
    public void Resume()
    {
        try
        {
            Client.SetEnvironmentVariable("DOTNET_DefaultDiagnosticPortSuspend", "0");
        }
        catch (Exception ex) when (ex is ServerNotAvailableException or UnsupportedCommandException or DiagnosticsClientException or IOException)
        {
            // Older runtimes lack the command; their child processes would wait for a tool, as documented.
        }

        Client.ResumeRuntime();
    }

    /// <summary>Waits for the command to exit (bounded), then stops it and everything it started.</summary>
    public void Stop(TimeSpan grace)
    {
        if (!_process.WaitForExit(grace))
        {
            Kill(_process);
        }

        _process.WaitForExit(5_000);
    }

    public void Dispose()
    {
        if (!_process.HasExited)
        {
            Kill(_process);
        }

        _process.Dispose();
    }

    private static void Kill(Process process)
    {
        try
        {
            process.Kill(entireProcessTree: true);
        }
        catch (Exception ex) when (ex is InvalidOperationException or Win32Exception or NotSupportedException)
        {
        }
    }

    private static void Forward(TextWriter output, object gate, string? line)
    {
        if (line is null)
        {
            return;
        }

        lock (gate)
        {
            output.WriteLine(line);
        }
    }
}
