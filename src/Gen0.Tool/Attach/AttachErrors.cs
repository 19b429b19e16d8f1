using System.ComponentModel;
using System.Net.Sockets;
using Microsoft.Diagnostics.NETCore.Client;

namespace Gen0.Tool.Attach;

/// <summary>Turns what the diagnostics client throws into a one-line message with what to do.</summary>
internal static class AttachErrors
{
    public static ToolException Translate(Exception ex, int processId)
    {
        if (!ProcessCatalog.IsRunning(processId))
        {
            return new ToolException(ExitCodes.NoSuchProcess, $"Process {processId} exited. Run 'dotnet-gen0 ps' to list the .NET processes you can attach to.", ex);
        }

        return ex switch
        {
            UnauthorizedAccessException or SocketException { SocketErrorCode: SocketError.AccessDenied } =>
                new ToolException(ExitCodes.CannotAttach, $"No permission to attach to process {processId}: run dotnet-gen0 as the user that runs the process (or as root).", ex),
            ServerNotAvailableException or TimeoutException or SocketException or IOException =>
                new ToolException(ExitCodes.CannotAttach, $"Process {processId} has no reachable .NET diagnostic port: it is not a .NET (Core 3.0+) process, runs with DOTNET_EnableDiagnostics=0, or lives in another container or TMPDIR. Run 'dotnet-gen0 ps' to list the processes you can attach to.", ex),
            UnsupportedCommandException or DiagnosticsClientException =>
                new ToolException(ExitCodes.CannotAttach, $"Process {processId} refused the EventPipe session ({ex.Message.TrimEnd('.')}). Its runtime may be too old (EventPipe needs .NET Core 3.0 or later).", ex),
            Win32Exception =>
                new ToolException(ExitCodes.CannotAttach, $"Process {processId} cannot be inspected ({ex.Message.TrimEnd('.')}): run dotnet-gen0 as the same user or as root.", ex),
            _ => new ToolException(ExitCodes.CannotAttach, $"Could not attach to process {processId}: {ex.Message.TrimEnd('.')}.", ex),
        };
    }
}
