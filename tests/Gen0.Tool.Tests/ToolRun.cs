using System.Diagnostics;
using System.Text.Json;

namespace Gen0.Tool.Tests;

/// <summary>Runs dotnet-gen0 in this process (ToolMain, standard streams captured) or as a child process.</summary>
public sealed record ToolRun(int ExitCode, string Out, string Error)
{
    public static string ToolPath => Path.Combine(AppContext.BaseDirectory, "dotnet-gen0.dll");

    public static string DemoPath => Path.Combine(AppContext.BaseDirectory, "Gen0.Demo.dll");

    public static ToolRun InProcess(bool terminal, params string[] args)
    {
        var output = new StringWriter();
        var error = new StringWriter();
        int exitCode = ToolMain.Run(args, new ToolConsole(output, error, terminal));
        return new ToolRun(exitCode, output.ToString(), error.ToString());
    }

    public static ToolRun InProcess(params string[] args) => InProcess(terminal: false, args);

    public JsonDocument Json() => JsonDocument.Parse(Out); // the whole of standard output: nothing before or after

    /// <summary>The failure message of a bad-input run: one line after "error: ", and nothing that looks like a stack trace.</summary>
    public void AssertOneLineError(int expectedExitCode)
    {
        Assert.True(ExitCode == expectedExitCode, $"exit code {ExitCode}, expected {expectedExitCode}; stderr: {Error}");
        Assert.DoesNotContain("   at ", Error, StringComparison.Ordinal);
        Assert.DoesNotContain("Exception:", Error, StringComparison.Ordinal);
        string[] errors = [.. Error.Split('\n', StringSplitOptions.RemoveEmptyEntries).Where(static l => l.StartsWith("error: ", StringComparison.Ordinal))];
        Assert.NotEmpty(errors);
    }

    /// <summary>Starts a child process with its output captured; the caller disposes it (killing what is left).</summary>
    public static ChildProcess Start(string fileName, params string[] args) => new(fileName, args, workingDirectory: null);

    public static ChildProcess StartIn(string workingDirectory, string fileName, params string[] args) => new(fileName, args, workingDirectory);

    public sealed class ChildProcess : IDisposable
    {
        private readonly System.Text.StringBuilder _out = new();
        private readonly System.Text.StringBuilder _err = new();

        public ChildProcess(string fileName, string[] args, string? workingDirectory)
        {
            var start = new ProcessStartInfo(fileName) { UseShellExecute = false, RedirectStandardOutput = true, RedirectStandardError = true };
            if (workingDirectory is not null)
            {
                start.WorkingDirectory = workingDirectory;
            }

            foreach (string arg in args)
            {
                start.ArgumentList.Add(arg);
            }

            Process = Process.Start(start)!;
            Process.OutputDataReceived += (_, e) => Append(_out, e.Data);
            Process.ErrorDataReceived += (_, e) => Append(_err, e.Data);
            Process.BeginOutputReadLine();
            Process.BeginErrorReadLine();
        }

        public Process Process { get; }

        public string Out
        {
            get
            {
                lock (_out)
                {
                    return _out.ToString();
                }
            }
        }

        public string Error
        {
            get
            {
                lock (_err)
                {
                    return _err.ToString();
                }
            }
        }

        /// <summary>What a failed wait reports: whether the process is still running (or its exit code), for how long, and all it printed.</summary>
        public string Describe()
        {
            string state = Process.HasExited
                ? $"exited with code {Process.ExitCode}"
                : $"still running after {(DateTime.Now - Process.StartTime).TotalSeconds:F1} s";
            string output = Out;
            string error = Error;
            return $"{Process.StartInfo.FileName} {string.Join(' ', Process.StartInfo.ArgumentList)}: {state}; " +
                $"stdout: {(output.Length == 0 ? "(nothing)" : output)}; stderr: {(error.Length == 0 ? "(nothing)" : error)}";
        }

        /// <summary>Waits (bounded) until standard error contains <paramref name="text"/>.</summary>
        public bool WaitForError(string text, TimeSpan timeout)
        {
            var clock = Stopwatch.StartNew();
            while (clock.Elapsed < timeout)
            {
                if (Error.Contains(text, StringComparison.Ordinal))
                {
                    return true;
                }

                if (Process.HasExited)
                {
                    return Error.Contains(text, StringComparison.Ordinal);
                }

                Thread.Sleep(50);
            }

            return false;
        }

        public int WaitForExit(TimeSpan timeout)
        {
            if (!Process.WaitForExit(timeout))
            {
                Process.Kill(entireProcessTree: true);
                Assert.Fail($"{Process.StartInfo.FileName} {string.Join(' ', Process.StartInfo.ArgumentList)} did not exit in {timeout.TotalSeconds:F0} s; stderr: {Error}");
            }

            Process.WaitForExit(); // flushes the asynchronous readers
            return Process.ExitCode;
        }

        public void Dispose()
        {
            try
            {
                if (!Process.HasExited)
                {
                    Process.Kill(entireProcessTree: true);
                    Process.WaitForExit(10_000);
                }
            }
            catch (InvalidOperationException)
            {
            }

            Process.Dispose();
        }

        private static void Append(System.Text.StringBuilder sb, string? line)
        {
            if (line is null)
            {
                return;
            }

            lock (sb)
            {
                sb.AppendLine(line);
            }
        }
    }
}
