using System.Net;
using System.Text.Json;
using Gen0.AspNetCore.Tests.Infrastructure;
using Gen0.Diagnostics;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Diagnostics.HealthChecks;

namespace Gen0.AspNetCore.Tests;

/// <summary>The GC health endpoint and health check on a real Kestrel server.</summary>
public class GcHealthTests
{
    /// <summary>Options under which no rule can fire: the pause share cannot exceed 100 %, nothing else is reachable in a test.</summary>
    private static void NeverAlert(GcMonitorOptions o)
    {
        o.PauseTimeThresholdPercent = 100;
        o.GrowthWindows = 1_000;
        o.PrivateBytesFactor = 1_000;
    }

    /// <summary>Options under which any GC pause in the window fires the pause-time rule.</summary>
    private static void AlertOnAnyPause(GcMonitorOptions o)
    {
        o.PauseTimeThresholdPercent = 0;
        o.MinimumPauseTimeWindow = TimeSpan.Zero;
        o.GrowthWindows = 1_000;
        o.PrivateBytesFactor = 1_000;
    }

    private static Task<KestrelTestServer> StartAsync(Action<GcMonitorOptions> configure) =>
        KestrelTestServer.StartAsync(
            services =>
            {
                services.AddGcMonitor(configure);
                services.AddHealthChecks().AddGcHealthCheck();
            },
            app =>
            {
                app.MapGcHealth("/gc");
                app.MapHealthChecks("/health");
            });

    [Fact]
    public async Task MapGcHealth_ReturnsTheReportAsJson()
    {
        await using KestrelTestServer server = await StartAsync(NeverAlert);
        using HttpResponseMessage response = await server.Client.GetAsync("/gc");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
        string json = await response.Content.ReadAsStringAsync();
        using JsonDocument doc = JsonDocument.Parse(json);
        Assert.True(doc.RootElement.GetProperty("sampleCount").GetInt32() >= 2);
        Assert.True(doc.RootElement.GetProperty("heap").GetProperty("totalBytes").GetInt64() > 0);
        Assert.True(doc.RootElement.GetProperty("isHealthy").GetBoolean());

        GcHealthReport report = GcHealthReport.FromJson(json);
        Assert.True(report.CommittedBytes > 0);
        Assert.Same(server.Services.GetRequiredService<GcMonitor>(), server.Services.GetRequiredService<GcMonitor>());
    }

    [Fact]
    public async Task MapGcHealth_TextFormat_ReturnsTheTable()
    {
        await using KestrelTestServer server = await StartAsync(NeverAlert);
        using HttpResponseMessage response = await server.Client.GetAsync("/gc?format=text");
        Assert.Equal("text/plain", response.Content.Headers.ContentType?.MediaType);
        Assert.Contains("% time paused in GC", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task MapGcHealth_HtmlFormat_ReturnsAPageWithTwoChartsAndTheTable()
    {
        await using KestrelTestServer server = await StartAsync(NeverAlert);
        using HttpResponseMessage response = await server.Client.GetAsync("/gc?format=html");
        Assert.Equal("text/html", response.Content.Headers.ContentType?.MediaType);
        string html = await response.Content.ReadAsStringAsync();
        System.Xml.Linq.XDocument page = System.Xml.Linq.XDocument.Parse(html.Replace("<!DOCTYPE html>", string.Empty, StringComparison.Ordinal));
        System.Xml.Linq.XNamespace svg = "http://www.w3.org/2000/svg";
        Assert.Equal(["heap", "pauses"], page.Descendants(svg + "svg").Select(e => (string?)e.Attribute("data-chart")));
        Assert.Contains("% time paused in GC", html, StringComparison.Ordinal);
        Assert.DoesNotContain("<script", html, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public async Task MapGcHealth_JsonDurations_AreMillisecondNumbers_AndTheHeapIsNeverEmpty()
    {
        await using KestrelTestServer server = await StartAsync(NeverAlert);
        using JsonDocument doc = JsonDocument.Parse(await server.Client.GetStringAsync("/gc"));
        Assert.Equal(JsonValueKind.Number, doc.RootElement.GetProperty("totalPauseMs").ValueKind);
        Assert.Equal(JsonValueKind.Number, doc.RootElement.GetProperty("windowDurationMs").ValueKind);
        Assert.Equal(JsonValueKind.Number, doc.RootElement.GetProperty("pauses").GetProperty("p99Ms").ValueKind);
        Assert.True(doc.RootElement.GetProperty("heap").GetProperty("totalBytes").GetInt64() > 0);
    }

    [Fact]
    public async Task HealthCheck_IsHealthyWithoutAlerts_AndDegradedWhileOneIsActive()
    {
        await using (KestrelTestServer calm = await StartAsync(NeverAlert))
        {
            Assert.Equal("Healthy", await calm.Client.GetStringAsync("/health"));
        }

        await using KestrelTestServer server = await StartAsync(AlertOnAnyPause);
        GC.Collect(); // a pause inside the window, where any pause is too much
        using HttpResponseMessage response = await server.Client.GetAsync("/health");
        Assert.Equal(HttpStatusCode.OK, response.StatusCode); // Degraded still serves traffic
        Assert.Equal("Degraded", await response.Content.ReadAsStringAsync());

        HealthReport report = await server.Services.GetRequiredService<HealthCheckService>().CheckHealthAsync();
        HealthReportEntry entry = report.Entries["gc"];
        Assert.Equal(HealthStatus.Degraded, entry.Status);
        Assert.Contains(GcAlertRules.PauseTime, entry.Description, StringComparison.Ordinal);
        Assert.Contains(GcAlertRules.PauseTime, (string[])entry.Data["alerts"]);

        string json = await server.Client.GetStringAsync("/gc");
        Assert.Contains(GcAlertRules.PauseTime, json, StringComparison.Ordinal);
    }

    [Fact]
    public async Task HealthCheck_FailureStatusIsConfigurable()
    {
        await using KestrelTestServer server = await KestrelTestServer.StartAsync(
            services =>
            {
                services.AddGcMonitor(AlertOnAnyPause);
                services.AddHealthChecks().AddGcHealthCheck("gc-strict", HealthStatus.Unhealthy, ["ready"]);
            },
            app => app.MapHealthChecks("/ready"));
        GC.Collect();
        using HttpResponseMessage response = await server.Client.GetAsync("/ready");
        Assert.Equal(HttpStatusCode.ServiceUnavailable, response.StatusCode);
        Assert.Equal("Unhealthy", await response.Content.ReadAsStringAsync());
    }

    [Fact]
    public async Task MapGcHealth_WithoutAddGcMonitor_ThrowsAtStartup()
    {
        InvalidOperationException ex = await Assert.ThrowsAsync<InvalidOperationException>(
            () => KestrelTestServer.StartAsync(_ => { }, app => app.MapGcHealth()));
        Assert.Contains("AddGcMonitor", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void BadArguments_Throw()
    {
        Assert.Throws<ArgumentNullException>(() => GcMonitorServiceCollectionExtensions.AddGcMonitor(null!));
        Assert.Throws<ArgumentNullException>(() => GcHealthChecksBuilderExtensions.AddGcHealthCheck(null!));
        Assert.Throws<ArgumentNullException>(() => new GcHealthCheck(null!));
    }

    [Fact]
    public async Task AddGcMonitor_AppliesTheOptions_AndDisposesWithTheHost()
    {
        GcMonitor monitor;
        await using (KestrelTestServer server = await KestrelTestServer.StartAsync(
            services => services.AddGcMonitor(o => o.PauseTimeThresholdPercent = 7),
            _ => { }))
        {
            monitor = server.Services.GetRequiredService<GcMonitor>();
            Assert.Equal(7, monitor.Options.PauseTimeThresholdPercent);
        }

        Assert.Throws<ObjectDisposedException>(() => monitor.Snapshot());
    }
}
