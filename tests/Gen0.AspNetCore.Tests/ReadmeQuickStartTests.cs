using System.Net.Http.Json;
using System.Text;
using Gen0.AspNetCore.Tests.Infrastructure;
using Gen0.Collections;
using Gen0.Scopes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.ObjectPool;

namespace Gen0.AspNetCore.Tests;

/// <summary>The README's ASP.NET Core quick start, run against a real Kestrel server.</summary>
public class ReadmeQuickStartTests
{
    [Fact]
    public async Task QuickStart_ServesAPooledListAndTheGcReport()
    {
        await using KestrelTestServer server = await KestrelTestServer.StartAsync(
            services =>
            {
                // README quick start (services): begin
                services.AddGen0();                                   // ArrayPool<byte/char> and ObjectPoolProvider on Gen0
                services.AddGcMonitor(o => o.TrackInducedCollections = true);
                services.AddHealthChecks().AddGcHealthCheck();        // Degraded while a GC alert is active
                services.AddSingleton(sp => sp.GetRequiredService<ObjectPoolProvider>().CreateStringBuilderPool());
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
                app.MapGcHealth("/gc");                               // protect it: .RequireAuthorization()
                app.MapHealthChecks("/health");
                // README quick start (app): end
            });

        List<Order>? orders = await server.Client.GetFromJsonAsync<List<Order>>("/orders");
        Assert.NotNull(orders);
        Assert.Equal(1000, orders.Count);
        Assert.Equal(1.5m * 1000, orders[^1].Amount);
        Assert.Equal("hello", await server.Client.GetStringAsync("/greeting"));
        string report = await server.Client.GetStringAsync("/gc");
        Assert.Contains("\"collections\"", report, StringComparison.Ordinal);
        HttpResponseMessage health = await server.Client.GetAsync("/health");
        Assert.True(health.IsSuccessStatusCode || (int)health.StatusCode == 503);
    }

    public sealed record Order(int Id, decimal Amount);
}
