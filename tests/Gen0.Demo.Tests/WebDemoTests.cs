using System.Text.Json;
using Gen0.WebDemo;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;

namespace Gen0.Demo.Tests;

/// <summary>
/// samples/Gen0.WebDemo: its command line, and its server wired as the README says (AddGen0, the GC monitor, /gc,
/// the health check, OpenTelemetry metrics with Gen0's meters beside the runtime's).
/// </summary>
public class WebDemoTests
{
    [Fact]
    public void Parse_Defaults()
    {
        Gen0.WebDemo.DemoOptions.Parse([], out Gen0.WebDemo.DemoOptions? options);
        Assert.NotNull(options);
        Assert.Equal(8, options.DurationSeconds);
        Assert.Equal(16, options.Connections);
        Assert.True(options.ServerGc);
        Assert.Null(options.ServeEndpoint);
    }

    [Fact]
    public void Parse_ReadsEveryOption()
    {
        Gen0.WebDemo.DemoOptions.Parse(["--duration", "3", "--warmup", "0", "--connections", "1", "--records", "100000", "--rate", "50", "--gc", "workstation", "--serve", "pooled"], out Gen0.WebDemo.DemoOptions? o);
        Assert.NotNull(o);
        Assert.Equal((3, 0, 1, 100_000, 50, false, "pooled"), (o.DurationSeconds, o.WarmupSeconds, o.Connections, o.Records, o.Rate, o.ServerGc, o.ServeEndpoint));
    }

    [Theory]
    [InlineData("--duration", "0")]
    [InlineData("--duration", "601")]
    [InlineData("--connections", "many")]
    [InlineData("--records", "100001")]
    [InlineData("--rate", "-1")]
    [InlineData("--gc", "fast")]
    [InlineData("--serve", "array")]
    [InlineData("--serve")]
    [InlineData("--unknown")]
    public void Parse_BadArguments_AreErrorsNamingTheOption(params string[] args)
    {
        var parsed = Gen0.WebDemo.DemoOptions.Parse(args, out Gen0.WebDemo.DemoOptions? options);
        Assert.Null(options);
        Assert.Contains(parsed.Errors, e => e.Message.Contains(args[0], StringComparison.Ordinal));
    }

    [Fact]
    public async Task Server_ServesGcHealthAndMetrics_WithGen0AndRuntimeMeters()
    {
        await using WebApplication app = DemoServer.Build("pooled");
        await app.StartAsync();
        var address = new Uri(app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First());
        using var client = new HttpClient { BaseAddress = address, Timeout = TimeSpan.FromSeconds(30) };

        Assert.Equal(10, JsonDocument.Parse(await client.GetStringAsync(new Uri("/records/pooled?count=10&offset=0", UriKind.Relative))).RootElement.GetArrayLength());
        using JsonDocument gc = JsonDocument.Parse(await client.GetStringAsync(new Uri("/gc", UriKind.Relative)));
        Assert.True(gc.RootElement.GetProperty("heap").GetProperty("totalBytes").GetInt64() > 0);
        Assert.Equal(JsonValueKind.Number, gc.RootElement.GetProperty("totalPauseMs").ValueKind);
        using HttpResponseMessage health = await client.GetAsync(new Uri("/health", UriKind.Relative));
        Assert.Contains(await health.Content.ReadAsStringAsync(), new[] { "Healthy", "Degraded" });

        // AddGen0 made the framework's ArrayPool<byte> a Gen0 pool.
        Assert.IsType<Gen0.Buffers.ScalableArrayPool<byte>>(app.Services.GetRequiredService<System.Buffers.ArrayPool<byte>>());

        string metrics = await client.GetStringAsync(new Uri("/metrics", UriKind.Relative));
        foreach (string series in new[] { "gen0_gc_pause_ratio", "gen0_gc_alerts_active", "gen0_process_memory_private", "dotnet_gc_collections_total", "dotnet_gc_heap_total_allocated" })
        {
            Assert.Contains(series, metrics, StringComparison.Ordinal);
        }

        // Nothing the runtime publishes comes twice: no dotnet_* series from the Gen0.Gc meter.
        Assert.DoesNotContain("otel_scope_name=\"Gen0.Gc\"", string.Join('\n', metrics.Split('\n').Where(l => l.StartsWith("dotnet_", StringComparison.Ordinal))), StringComparison.Ordinal);
        await app.StopAsync();
    }
}
