using Microsoft.Diagnostics.NETCore.Client;

namespace Gen0.Tool.Tests;

/// <summary>
/// A test that attaches to a process over EventPipe: skipped, with the reason, only where EventPipe is unavailable
/// (diagnostics disabled, or this test host publishes no diagnostic port), never because a session failed.
/// </summary>
[AttributeUsage(AttributeTargets.Method)]
public sealed class EventPipeFactAttribute : FactAttribute
{
    public EventPipeFactAttribute()
    {
        if (Unavailable is string reason)
        {
            Skip = reason;
        }
    }

    public static string? Unavailable { get; } = Probe();

    private static string? Probe()
    {
        if (Environment.GetEnvironmentVariable("DOTNET_EnableDiagnostics") == "0" || Environment.GetEnvironmentVariable("COMPlus_EnableDiagnostics") == "0")
        {
            return "EventPipe is unavailable: DOTNET_EnableDiagnostics=0 disables the diagnostic port of every .NET process started from here.";
        }

        if (!DiagnosticsClient.GetPublishedProcesses().Contains(Environment.ProcessId))
        {
            return "EventPipe is unavailable: this test host published no diagnostic port (no writable TMPDIR for the IPC socket, or diagnostics disabled).";
        }

        return null;
    }
}
