using System.Buffers;
using System.Diagnostics;
using System.Globalization;
using System.IO.Pipelines;
using System.Text.Json;
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

    /// <summary>How much of an upload <c>POST /upload</c> lets the transport buffer before it consumes: just under the 1 MiB pause threshold.</summary>
    public const int UploadBatchBytes = 960 * 1024;

    /// <summary>Builds a server for <paramref name="endpoint"/> (<c>list</c> or <c>pooled</c>) over the default data set.</summary>
    public static WebApplication Build(string endpoint) => Build(endpoint, RecordStore.DefaultRows, RecordStore.RecordShape);

    /// <summary>Builds a server for <paramref name="endpoint"/> over <paramref name="rows"/> rows of <paramref name="shape"/>.</summary>
    public static WebApplication Build(string endpoint, int rows, string shape) => Build(endpoint, rows, shape, DemoOptions.KestrelPool);

    /// <summary>
    /// Builds a server for <paramref name="endpoint"/> over <paramref name="rows"/> rows of <paramref name="shape"/>, with
    /// Kestrel's own transport memory pool or (<paramref name="memoryPool"/> <c>gen0</c>) Gen0's.
    /// </summary>
    public static WebApplication Build(string endpoint, int rows, string shape, string memoryPool)
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        builder.Logging.AddSimpleConsole(o => o.SingleLine = true);
        builder.Logging.SetMinimumLevel(LogLevel.Warning);  // GC alerts (Warning) go to standard error's log
        builder.Logging.AddFilter("Microsoft", LogLevel.Error);
        builder.Services.Configure<Microsoft.Extensions.Logging.Console.ConsoleLoggerOptions>(o => o.LogToStandardErrorThreshold = LogLevel.Trace);
        builder.Services.AddGen0();
        if (memoryPool == DemoOptions.Gen0Pool)
        {
            builder.Services.AddGen0MemoryPoolFactory();
        }

        // Started before the server creates its pools, so that Kestrel's pooled-bytes counter is summed from zero.
        var transportPool = new TransportPoolGauge();
        builder.Services.AddSingleton(_ => transportPool);
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
        if (shape == RecordStore.Seed001Shape)
        {
            MapRecords(app, endpoint, RecordStore.BuildSeedRecords(rows));
        }
        else
        {
            MapRecords(app, endpoint, RecordStore.BuildRecords(rows));
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
                Gen0.Buffers.ScalableArrayPool<Record>.Shared.GetStatistics().RetainedBytes + Gen0.Buffers.ScalableArrayPool<SeedRecord>.Shared.GetStatistics().RetainedBytes,
                self.Threads.Count,
                gc.GenerationInfo[3].SizeAfterBytes,
                gc.GenerationInfo[4].SizeAfterBytes, // Kestrel's pinned block memory pool lives on the POH
                transportPool.Read(),
                transportPool.ReadAllocated());
        });
        app.MapPost("/upload", ReadUploadAsync);
        return app;
    }

    public static async Task<int> ServeAsync(DemoOptions options)
    {
        string endpoint = options.ServeEndpoint!;
        await using WebApplication app = Build(endpoint, options.Rows, options.Shape, options.MemoryPool);
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

    // Both endpoints through the same generic code, so that they differ only in the collection they return.
    private static void MapRecords<T>(WebApplication app, string endpoint, T[] rows)
    {
        if (endpoint == "list")
        {
            app.MapGet("/records/list", (HttpResponse response, int count, int offset) => WriteJsonAsync(response, RecordStore.QueryList(rows, Clamp(count), offset & int.MaxValue)));
        }
        else
        {
            app.MapGet("/records/pooled", (HttpResponse response, int count, int offset) => WriteJsonAsync(response, RecordStore.QueryPooled(rows, Clamp(count), offset & int.MaxValue)));
        }
    }

    /// <summary>
    /// Serializes <paramref name="value"/> to the response body <see cref="Stream"/>, as the framework would (web
    /// defaults), but not through the response's <c>PipeWriter</c>.
    /// </summary>
    /// <remarks>
    /// Why: returning the list lets the framework serialize into the response's <c>PipeWriter</c>, where
    /// <see cref="Utf8JsonWriter"/> asks for at least 4,096 bytes at a time and the chunked encoding adds its framing on
    /// top. That is more than Kestrel's 4 KiB pool blocks, so the transport's pipe takes each segment from
    /// <c>ArrayPool&lt;byte&gt;.Shared</c> instead (8 KiB arrays), and with a dozen responses in flight that pool is
    /// exhausted: about 230 KB of new 8 KiB arrays per 10,000-row response, under both endpoints alike, which hid the
    /// difference the demo is about. The stream overload fills one rented 16 KiB buffer per response and copies it
    /// into Kestrel's own blocks.
    /// </remarks>
    private static Task WriteJsonAsync<TCollection>(HttpResponse response, TCollection value)
    {
        response.ContentType = "application/json; charset=utf-8";
        return JsonSerializer.SerializeAsync(response.Body, value, JsonSerializerOptions.Web, response.HttpContext.RequestAborted);
    }

    private static int Clamp(int count) => Math.Clamp(count, 0, RecordStore.MaxRecords);

    /// <summary>
    /// Reads a request body through the request's <see cref="PipeReader"/> and drops it, consuming it only in batches
    /// of <see cref="UploadBatchBytes"/>: until a batch is there, the transport's blocks stay in the connection's pipe,
    /// up to its pause threshold (Kestrel's <c>MaxRequestBufferSize</c>, 1 MiB). An upload endpoint that parses or
    /// forwards what it reads holds blocks the same way; with many such connections the transport pool has tens of
    /// megabytes in flight (issue 42). Answers with the number of bytes read.
    /// </summary>
    private static async Task<IResult> ReadUploadAsync(HttpRequest request)
    {
        PipeReader reader = request.BodyReader;
        long total = 0;
        while (true)
        {
            ReadResult result = await reader.ReadAsync(request.HttpContext.RequestAborted);
            ReadOnlySequence<byte> buffer = result.Buffer;
            if (buffer.Length >= UploadBatchBytes || result.IsCompleted)
            {
                total += buffer.Length;
                reader.AdvanceTo(buffer.End);
            }
            else
            {
                reader.AdvanceTo(buffer.Start, buffer.End);
            }

            if (result.IsCompleted)
            {
                return Results.Text(total.ToString(CultureInfo.InvariantCulture));
            }
        }
    }
}
