using System.Diagnostics;
using Microsoft.Diagnostics.NETCore.Client;

namespace Gen0.Tool.Attach;

/// <summary>Finds the .NET processes this user can attach to (those that published a diagnostic port).</summary>
internal static class ProcessCatalog
{
    public static IReadOnlyList<ProcessEntry> List()
    {
        var entries = new List<ProcessEntry>();
        foreach (int pid in DiagnosticsClient.GetPublishedProcesses().Distinct().Order())
        {
            if (pid == Environment.ProcessId)
            {
                continue;
            }

            try
            {
                using Process process = Process.GetProcessById(pid);
                entries.Add(new ProcessEntry(pid, process.ProcessName, CommandLine(pid) ?? process.MainModule?.FileName ?? ""));
            }
            catch (Exception ex) when (ex is ArgumentException or InvalidOperationException or System.ComponentModel.Win32Exception or NotSupportedException)
            {
                // Exited between the listing and now, or not ours to inspect: a stale port, not a process to show.
            }
        }

        return entries;
    }

    /// <summary>Whether a process with this id runs now.</summary>
    public static bool IsRunning(int processId)
    {
        try
        {
            using Process process = Process.GetProcessById(processId);
            return !process.HasExited;
        }
        catch (Exception ex) when (ex is ArgumentException or InvalidOperationException or System.ComponentModel.Win32Exception)
        {
            return false;
        }
    }

    /// <summary>Whether the process published a diagnostic port (so a session can be opened).</summary>
    public static bool HasDiagnosticPort(int processId) => DiagnosticsClient.GetPublishedProcesses().Contains(processId);

    /// <summary>
    /// Whether a process started at <paramref name="startedUtc"/> has opened its diagnostic port: on Unix, a
    /// <c>dotnet-diagnostic-&lt;pid&gt;-*-socket</c> in the temporary folder written since then, so that the stale socket
    /// of an earlier process that had the same id (one that was killed) is not taken for it; elsewhere as
    /// <see cref="HasDiagnosticPort"/>.
    /// </summary>
    public static bool HasDiagnosticPortSince(int processId, DateTime startedUtc)
    {
        if (OperatingSystem.IsWindows())
        {
            return HasDiagnosticPort(processId);
        }

        try
        {
            foreach (string socket in Directory.EnumerateFiles(Path.GetTempPath(), $"dotnet-diagnostic-{processId}-*-socket"))
            {
                // A second of slack for file systems with coarse timestamps.
                if (File.GetLastWriteTimeUtc(socket) >= startedUtc.AddSeconds(-1))
                {
                    return true;
                }
            }
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
        }

        return false;
    }

    /// <summary>The process's name, or null when it cannot be read.</summary>
    public static string? Name(int processId)
    {
        try
        {
            using Process process = Process.GetProcessById(processId);
            return process.ProcessName;
        }
        catch (Exception ex) when (ex is ArgumentException or InvalidOperationException or System.ComponentModel.Win32Exception)
        {
            return null;
        }
    }

    /// <summary>The command line on Linux (<c>/proc/&lt;pid&gt;/cmdline</c>); null elsewhere or when unreadable.</summary>
    public static string? CommandLine(int processId)
    {
        string path = $"/proc/{processId}/cmdline";
        try
        {
            if (!File.Exists(path))
            {
                return null;
            }

            string raw = File.ReadAllText(path);
            string line = raw.Replace('\0', ' ').Trim();
            return line.Length == 0 ? null : line;
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }
}
