using Gen0.AspNetCore.Tests.Infrastructure;
using Gen0.Diagnostics;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Diagnostics.HealthChecks;
using Microsoft.Extensions.Logging;

namespace Gen0.AspNetCore.Tests;

/// <summary>Issue 17: GC alerts reach ILogger (category per component, stable event ids, structured fields) without code.</summary>
public class GcAlertLoggingTests
{
    private static void AlertOnAnyPause(GcMonitorOptions o)
    {
        o.PollingInterval = TimeSpan.Zero;
        o.PauseTimeThresholdPercent = 0;
        o.MinimumPauseTimeWindow = TimeSpan.Zero;
        o.GrowthWindows = 1_000;
        o.PrivateBytesFactor = 1_000;
    }

    [Fact]
    public async Task AddGcMonitor_LogsARaisedAlert_WithItsFields()
    {
        var logs = new CapturingLoggerProvider();
        await using KestrelTestServer server = await KestrelTestServer.StartAsync(
            services =>
            {
                services.AddSingleton<ILoggerProvider>(logs);
                services.AddGcMonitor(AlertOnAnyPause);
                services.AddHealthChecks().AddGcHealthCheck();
            },
            app => app.MapHealthChecks("/health"));
        GC.Collect();
        server.Services.GetRequiredService<GcMonitor>().Poll();

        CapturingLoggerProvider.LogEntry entry = Assert.Single(logs.Entries, e => e.EventId.Id == 1001);
        Assert.Equal("Gen0.Diagnostics.GcMonitor", entry.Category);
        Assert.Equal("GcAlertRaised", entry.EventId.Name);
        Assert.Equal(LogLevel.Warning, entry.Level);
        Assert.Equal(GcAlertRules.PauseTime, entry.Fields["RuleId"]);
        Assert.True((double)entry.Fields["Observed"]! > 0);
        Assert.Equal(0.0, entry.Fields["Threshold"]);
        Assert.Equal("%", entry.Fields["Unit"]);
        Assert.False(string.IsNullOrEmpty((string?)entry.Fields["NextStep"]));
        Assert.Contains("GC alert gc-pause-time raised", entry.Message, StringComparison.Ordinal);

        // The health check carries the same details in its data.
        HealthReport health = await server.Services.GetRequiredService<HealthCheckService>().CheckHealthAsync();
        IReadOnlyDictionary<string, object> data = health.Entries["gc"].Data;
        Assert.Equal("%", data["alert.gc-pause-time.unit"]);
        Assert.True((double)data["alert.gc-pause-time.observed"] > 0);
        Assert.Equal(0.0, data["alert.gc-pause-time.threshold"]);
        Assert.IsType<DateTimeOffset>(data["alert.gc-pause-time.raisedAt"]);
        Assert.False(string.IsNullOrEmpty((string)data["alert.gc-pause-time.explanation"]));
        Assert.InRange((double)data["pauseRatio"], 0, 1);
    }

    [Fact]
    public void ClearedAlert_IsLoggedAsInformation_WithItsDuration()
    {
        var logs = new CapturingLoggerProvider();
        ILogger logger = logs.CreateLogger(GcAlertLog.Category);
        var alert = new GcAlert { RuleId = GcAlertRules.LohGrowth, Observed = 2e6, Threshold = 1e6, Unit = "bytes", RaisedAt = new DateTimeOffset(2026, 1, 1, 0, 0, 0, TimeSpan.Zero) };
        GcAlertLog.Cleared(logger, alert, alert.RaisedAt.AddSeconds(90));

        CapturingLoggerProvider.LogEntry entry = Assert.Single(logs.Entries);
        Assert.Equal(new EventId(1002, "GcAlertCleared"), entry.EventId);
        Assert.Equal(LogLevel.Information, entry.Level);
        Assert.Equal(90.0, entry.Fields["DurationSeconds"]);
        Assert.Equal(GcAlertRules.LohGrowth, entry.Fields["RuleId"]);

        GcAlertLog.Cleared(logger, alert, alert.RaisedAt.AddSeconds(-5)); // a clock that went back: never negative
        Assert.Equal(0.0, logs.Entries.Last().Fields["DurationSeconds"]);
    }

    [Fact]
    public async Task StoppedHost_NoLongerLogs()
    {
        var logs = new CapturingLoggerProvider();
        GcMonitor monitor;
        await using (KestrelTestServer server = await KestrelTestServer.StartAsync(
            services =>
            {
                services.AddSingleton<ILoggerProvider>(logs);
                services.AddGcMonitor(AlertOnAnyPause);
            },
            _ => { }))
        {
            monitor = server.Services.GetRequiredService<GcMonitor>();
            Assert.Single(server.Services.GetServices<Microsoft.Extensions.Hosting.IHostedService>().OfType<GcAlertLogger>());
        }

        Assert.Throws<ObjectDisposedException>(monitor.Poll);
    }

    [Fact]
    public void AddGcMonitor_Twice_RegistersOneLogger()
    {
        var services = new ServiceCollection();
        services.AddLogging();
        services.AddGcMonitor().AddGcMonitor();
        Assert.Equal(1, services.Count(d => d.ImplementationFactory?.Method.ReturnType == typeof(GcAlertLogger) || d.ImplementationType == typeof(GcAlertLogger)));
    }
}
