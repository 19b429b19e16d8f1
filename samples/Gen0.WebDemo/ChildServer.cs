using System.Diagnostics;
using System.Net.Http.Json;

namespace Gen0.WebDemo;

/// <summary>
/// This program re-launched with <c>--serve &lt;endpoint&gt;</c>: one server process per endpoint, so that each peak
/// working set belongs to one endpoint. Closing its standard input stops it; it is killed if it does not stop.
/// </summary>
public sealed class ChildServer : IAsyncDisposable
{
    private readonly Process _process;
    private readonly HttpClient _statsClient;

    private ChildServer(Process process, Uri address)
    {
        _process = process;
        Address = address;
        _statsClient = new HttpClient { BaseAddress = address, Timeout = TimeSpan.FromSeconds(30) };
    }

    public Uri Address { get; }

    /// <summary>Gets the server's process id (taskset replaces itself with the server, so it is the server's).</summary>
    public int ProcessId => _process.Id;

    public static async Task<ChildServer> StartAsync(string endpoint, string memoryPool, DemoOptions options)
    {
        ProcessStartInfo start = new()
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            UseShellExecute = false,
        };

        // Launched through the apphost when there is one, through `dotnet app.dll` otherwise; under taskset when the
        // server is pinned and taskset is there (it sets the affinity and then executes the server in its place).
        string processPath = Environment.ProcessPath!;
        string? taskset = options.ServerCpus > 0 && OperatingSystem.IsLinux() ? FindOnPath("taskset") : null;
        if (taskset is not null)
        {
            start.FileName = taskset;
            start.ArgumentList.Add("--cpu-list");
            start.ArgumentList.Add(options.ServerCpus == 1 ? "0" : $"0-{options.ServerCpus - 1}");
            start.ArgumentList.Add(processPath);
        }
        else
        {
            start.FileName = processPath;
        }

        if (Path.GetFileNameWithoutExtension(processPath).Equals("dotnet", StringComparison.OrdinalIgnoreCase))
        {
            start.ArgumentList.Add(typeof(ChildServer).Assembly.Location);
        }

        start.ArgumentList.Add("--serve");
        start.ArgumentList.Add(endpoint);
        start.ArgumentList.Add("--rows");
        start.ArgumentList.Add(options.Rows.ToString(System.Globalization.CultureInfo.InvariantCulture));
        start.ArgumentList.Add("--shape");
        start.ArgumentList.Add(options.Shape);
        start.ArgumentList.Add("--memory-pool");
        start.ArgumentList.Add(memoryPool);
        start.Environment["DOTNET_gcServer"] = options.ServerGc ? "1" : "0";
        if (options.ServerCpus > 0)
        {
            // Without taskset (or off Linux) these still size the thread pool and the server GC's heaps as for n cores.
            start.Environment["DOTNET_PROCESSOR_COUNT"] = options.ServerCpus.ToString(System.Globalization.CultureInfo.InvariantCulture);
            if (options.ServerGc)
            {
                start.Environment["DOTNET_GCHeapCount"] = options.ServerCpus.ToString("x", System.Globalization.CultureInfo.InvariantCulture); // GC settings are hexadecimal
            }
        }

        if (options.ServerHeapLimitMegabytes > 0)
        {
            // The server alone runs under the limit, as in a container; the load generator does not.
            start.Environment["DOTNET_GCHeapHardLimit"] = ((long)options.ServerHeapLimitMegabytes << 20).ToString("x", System.Globalization.CultureInfo.InvariantCulture);
        }

        start.Environment["ASPNETCORE_ENVIRONMENT"] = "Production";

        Process process = Process.Start(start) ?? throw new InvalidOperationException("Could not start the server process.");
        using CancellationTokenSource timeout = new(TimeSpan.FromSeconds(60));
        while (true)
        {
            string? line = await process.StandardOutput.ReadLineAsync(timeout.Token);
            if (line is null)
            {
                throw new InvalidOperationException("The server process exited before it listened.");
            }

            if (line.StartsWith(DemoServer.ListeningPrefix, StringComparison.Ordinal))
            {
                return new ChildServer(process, new Uri(line[DemoServer.ListeningPrefix.Length..]));
            }
        }
    }

    /// <summary>The full path of <paramref name="program"/> in a directory of <c>PATH</c>, or <see langword="null"/>.</summary>
    public static string? FindOnPath(string program) =>
        (Environment.GetEnvironmentVariable("PATH") ?? string.Empty)
            .Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
            .Select(directory => Path.Combine(directory, program))
            .FirstOrDefault(File.Exists);

    public async Task<ServerStats> GetStatsAsync()
    {
        if (_process.HasExited)
        {
            // Its own last words (the runtime's "Out of memory." or "Fatal error.") went to our standard error.
            throw new InvalidOperationException($"The server process {_process.Id} died with exit code {_process.ExitCode}.");
        }

        return await _statsClient.GetFromJsonAsync<ServerStats>("/stats") ?? throw new InvalidOperationException("No stats.");
    }

    public async ValueTask DisposeAsync()
    {
        _statsClient.Dispose();
        try
        {
            _process.StandardInput.Close();
            using CancellationTokenSource timeout = new(TimeSpan.FromSeconds(10));
            await _process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            _process.Kill(entireProcessTree: true);
        }
        finally
        {
            _process.Dispose();
        }
    }
}
