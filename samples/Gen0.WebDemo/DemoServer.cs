using System.Diagnostics;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;

namespace Gen0.WebDemo;

/// <summary>
/// The server side (the child process): Kestrel on 127.0.0.1 with a free port, a dispose scope per request, and one
/// of the two endpoints. It prints <c>listening &lt;url&gt;</c> and runs until its standard input closes.
/// </summary>
public static class DemoServer
{
    public const string ListeningPrefix = "listening ";

    public static WebApplication Build(string endpoint)
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        WebApplication app = builder.Build();

        app.UseDisposeScope();
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
            return new ServerStats(
                self.PeakWorkingSet64,
                self.WorkingSet64,
                GC.CollectionCount(0),
                GC.CollectionCount(1),
                GC.CollectionCount(2),
                GC.GetTotalAllocatedBytes(precise: false),
                System.Runtime.GCSettings.IsServerGC);
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
