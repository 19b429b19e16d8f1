using System.Net.Http.Json;
using System.Text;
using Gen0.AspNetCore.Tests.Infrastructure;
using Gen0.Collections;
using Gen0.Scopes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.ObjectPool;

namespace Gen0.AspNetCore.Tests;

/// <summary>The README's ASP.NET Core quick start, run against a real Kestrel server.</summary>
public class ReadmeQuickStartTests
{
    // README quick start (appsettings.json): begin
    private const string AppSettings = """
        {
          "Gen0": {
            "ArrayPool": { "MaxRetainedBytes": 268435456, "SizeClasses": "Fine", "TrimAfter": "00:00:30" },
            "GcMonitor": {
              "PollingInterval": "00:00:01",
              "Alerts": {
                "gc-pause-time": { "PauseTimeThresholdPercent": 5 },
                "gc-loh-growth": { "LohGrowthThresholdBytes": 1048576 }
              }
            },
            "Pools": { "Report": { "MaxRetained": 64, "MaxSize": 256, "WhenExhausted": "Allocate" } }
          }
        }
        """;
    // README quick start (appsettings.json): end

    [Fact]
    public async Task QuickStart_ServesAPooledListAndTheGcReport()
    {
        IConfiguration configuration = new ConfigurationBuilder().AddJsonStream(new MemoryStream(Encoding.UTF8.GetBytes(AppSettings))).Build();
        await using KestrelTestServer server = await KestrelTestServer.StartAsync(
            services =>
            {
                // README quick start (services): begin
                IConfigurationSection gen0 = configuration.GetSection("Gen0");  // appsettings.json below
                services.AddGen0(gen0);                               // ArrayPool<byte/char> and ObjectPoolProvider on Gen0
                services.AddGcMonitor(o => o.TrackInducedCollections = true);
                services.AddHealthChecks().AddGcHealthCheck();        // Degraded while a GC alert is active
                services.AddSingleton(sp => sp.GetRequiredService<ObjectPoolProvider>().CreateStringBuilderPool());
                services.AddPooled<Report, Report>(gen0.GetSection("Pools:Report"), o => o.Reset = r => r.Clear());
                // README quick start (services): end
            },
            app =>
            {
                // README quick start (app): begin
                app.UseDisposeScope();                                // one scope per request, ended after the response
                app.MapGet("/orders", () => Enumerable.Range(1, 1000).Select(id => new Order(id, id * 1.5m)).ToPooledListScope());
                app.MapGet("/greeting", (ObjectPool<StringBuilder> builders) =>
                {
                    StringBuilder builder = builders.Get();           // runs on Gen0's Pool<T>
                    try { return builder.Append("hello").ToString(); }
                    finally { builders.Return(builder); }
                });
                app.MapGet("/report", (Report report) => report.Line("orders: 1000").Line("status: ok").Text());  // a pooled Report per request
                app.MapGcHealth("/gc");                               // protect it: .RequireAuthorization()
                app.MapHealthChecks("/health");
                // README quick start (app): end
            });

        List<Order>? orders = await server.Client.GetFromJsonAsync<List<Order>>("/orders");
        Assert.NotNull(orders);
        Assert.Equal(1000, orders.Count);
        Assert.Equal(1.5m * 1000, orders[^1].Amount);
        Assert.Equal("hello", await server.Client.GetStringAsync("/greeting"));
        for (int i = 0; i < 3; i++)
        {
            // The same pooled Report serves every request, cleared in between.
            Assert.Equal("orders: 1000\nstatus: ok\n".Replace("\n", Environment.NewLine, StringComparison.Ordinal), await server.Client.GetStringAsync("/report"));
        }

        string report = await server.Client.GetStringAsync("/gc");
        Assert.Contains("\"collections\"", report, StringComparison.Ordinal);
        HttpResponseMessage health = await server.Client.GetAsync("/health");
        Assert.True(health.IsSuccessStatusCode || (int)health.StatusCode == 503);
    }

    public sealed record Order(int Id, decimal Amount);

    public sealed class Report                                       // expensive to build, so rented per request and reused
    {
        private readonly StringBuilder _text = new(capacity: 16 * 1024);

        public Report Line(string line)
        {
            _text.AppendLine(line);
            return this;
        }

        public string Text() => _text.ToString();

        public bool Clear()
        {
            _text.Clear();
            return true;
        }
    }
}
