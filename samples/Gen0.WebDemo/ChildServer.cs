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

    public static async Task<ChildServer> StartAsync(string endpoint, DemoOptions options)
    {
        ProcessStartInfo start = new()
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            UseShellExecute = false,
        };

        // Launched through the apphost when there is one, through `dotnet app.dll` otherwise.
        string processPath = Environment.ProcessPath!;
        start.FileName = processPath;
        if (Path.GetFileNameWithoutExtension(processPath).Equals("dotnet", StringComparison.OrdinalIgnoreCase))
        {
            start.ArgumentList.Add(typeof(ChildServer).Assembly.Location);
        }

        start.ArgumentList.Add("--serve");
        start.ArgumentList.Add(endpoint);
        start.Environment["DOTNET_gcServer"] = options.ServerGc ? "1" : "0";
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

    public async Task<ServerStats> GetStatsAsync() =>
        await _statsClient.GetFromJsonAsync<ServerStats>("/stats") ?? throw new InvalidOperationException("No stats.");

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
