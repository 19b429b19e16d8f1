using System.Diagnostics;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using OpenTelemetry.Metrics;

namespace Gen0.WebDemo;

/// <summary>
/// The server side (the child process): Kestrel on 127.0.0.1 with a free port, a dispose scope per request, and one
/// of the two endpoints. It prints <c>listening &lt;url&gt;</c> and runs until its standard input closes.
/// </summary>
/// <remarks>
/// It is wired as the README says a service should be: <c>AddGen0()</c> (the framework's pools on Gen0), a
/// <c>GcMonitor</c> whose alerts go to the log, the GC health check on <c>/health</c>, the report on <c>/gc</c>, and
/// OpenTelemetry metrics on <c>/metrics</c> (Prometheus text) with Gen0's meters beside the runtime's
/// <c>System.Runtime</c> meter, which already has the GC counts, sizes and pause time that <c>Gen0.Gc</c> leaves out.
/// </remarks>
public static class DemoServer
{
    public const string ListeningPrefix = "listening ";

    public static WebApplication Build(string endpoint)
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        builder.Logging.AddSimpleConsole(o => o.SingleLine = true);
        builder.Logging.SetMinimumLevel(LogLevel.Warning);  // GC alerts (Warning) go to standard error's log
        builder.Logging.AddFilter("Microsoft", LogLevel.Error);
        builder.Services.Configure<Microsoft.Extensions.Logging.Console.ConsoleLoggerOptions>(o => o.LogToStandardErrorThreshold = LogLevel.Trace);
        builder.Services.AddGen0();
        builder.Services.AddGcMonitor();
        builder.Services.AddHealthChecks().AddGcHealthCheck();
        builder.Services.AddOpenTelemetry().WithMetrics(metrics => metrics
            .AddMeter("System.Runtime")
            .AddMeter("Gen0.Gc", "Gen0.Buffers")
            .AddPrometheusExporter());
        WebApplication app = builder.Build();

        app.UseDisposeScope();
        app.MapGcHealth("/gc");
        app.MapHealthChecks("/health");
        app.MapPrometheusScrapingEndpoint("/metrics");
        if (endpoint == "list")
        {
            app.MapGet("/records/list", (int count, int offset) => RecordStore.QueryList(Clamp(count), offset & int.MaxValue));
        }
        else
        {
            app.MapGet("/records/pooled", (int count, int offset) => RecordStore.QueryPooled(Clamp(count), offset & int.MaxValue));
        }

        app.MapGet("/stats", () =>
        {
            using Process self = Process.GetCurrentProcess();
            GCMemoryInfo gc = GC.GetGCMemoryInfo(GCKind.Any);
            return new ServerStats(
                self.PeakWorkingSet64,
                self.WorkingSet64,
                GC.CollectionCount(0),
                GC.CollectionCount(1),
                GC.CollectionCount(2),
                GC.GetTotalAllocatedBytes(precise: false),
                System.Runtime.GCSettings.IsServerGC,
                gc.HeapSizeBytes,
                gc.TotalCommittedBytes,
                gc.FragmentedBytes,
                Gen0.Buffers.ScalableArrayPool<Record>.Shared.GetStatistics().RetainedBytes,
                self.Threads.Count,
                gc.GenerationInfo[3].SizeAfterBytes,
                gc.GenerationInfo[4].SizeAfterBytes); // Kestrel's pinned block memory pool lives on the POH
        });
        return app;
    }

    public static async Task<int> ServeAsync(string endpoint)
    {
        await using WebApplication app = Build(endpoint);
        await app.StartAsync();
        string address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
        Console.Out.WriteLine(ListeningPrefix + address);
        Console.Out.Flush();
        if (!Console.IsInputRedirected)
        {
            Console.Error.WriteLine($"Serving the {endpoint} endpoint: {address}/records/{endpoint}?count=10&offset=0, {address}/gc, {address}/health, {address}/metrics. Press Ctrl+D (end of input) to stop.");
        }

        // The parent closes our standard input to stop us; a parent that dies closes it too.
        await Task.Run(() =>
        {
            while (Console.In.ReadLine() is not null)
            {
            }
        });
        await app.StopAsync();
        return 0;
    }

    private static int Clamp(int count) => Math.Clamp(count, 0, RecordStore.Capacity);
}
