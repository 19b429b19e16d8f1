using System.Diagnostics;
using System.Text;

namespace Gen0.Docs.Tests;

/// <summary>Runs a program to completion under a timeout, killing its whole tree when it overruns.</summary>
internal static class ChildProcess
{
    public static async Task<(int ExitCode, string Output)> RunAsync(string fileName, IEnumerable<string> arguments, string workingDirectory, TimeSpan timeout)
    {
        using Process process = Start(fileName, arguments, workingDirectory, out StringBuilder output);
        using var cts = new CancellationTokenSource(timeout);
        try
        {
            await process.WaitForExitAsync(cts.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"'{fileName} {string.Join(' ', arguments)}' did not finish in {timeout}:\n{Snapshot(output)}");
        }

        process.WaitForExit(); // drain the redirected streams
        return (process.ExitCode, Snapshot(output));
    }

    public static Process Start(string fileName, IEnumerable<string> arguments, string workingDirectory, out StringBuilder output)
    {
        var info = new ProcessStartInfo(fileName)
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (string argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }

        info.Environment["DOTNET_NOLOGO"] = "1";
        info.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        info.Environment["DOTNET_SKIP_FIRST_TIME_EXPERIENCE"] = "1";
        info.Environment["MSBUILDDISABLENODEREUSE"] = "1"; // no build server outlives the test
        info.Environment["DOTNET_CLI_USE_MSBUILD_SERVER"] = "0";
        var buffer = new StringBuilder();
        var process = new Process { StartInfo = info };
        process.OutputDataReceived += (_, e) => Append(buffer, e.Data);
        process.ErrorDataReceived += (_, e) => Append(buffer, e.Data);
        process.Start();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        output = buffer;
        return process;
    }

    public static string Snapshot(StringBuilder output)
    {
        lock (output)
        {
            return output.ToString();
        }
    }

    private static void Append(StringBuilder buffer, string? line)
    {
        if (line is null)
        {
            return;
        }

        lock (buffer)
        {
            buffer.AppendLine(line);
        }
    }
}
