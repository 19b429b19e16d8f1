using System.Globalization;
using Gen0.Diagnostics;
using Microsoft.Extensions.Diagnostics.HealthChecks;

namespace Gen0.AspNetCore;

/// <summary>
/// A health check on <see cref="GcMonitor"/>: healthy while no GC alert is active, otherwise the registration's failure
/// status (<see cref="HealthStatus.Degraded"/> by default: a GC problem slows a service down, it rarely makes it wrong),
/// with the alerts as the description and the window's key figures as data. Each active alert adds its details under
/// <c>alert.&lt;ruleId&gt;.observed</c>, <c>.threshold</c>, <c>.unit</c>, <c>.explanation</c>, <c>.nextStep</c> and
/// <c>.raisedAt</c>, plain values any health-check writer can serialize.
/// </summary>
public sealed class GcHealthCheck : IHealthCheck
{
    private readonly GcMonitor _monitor;

    /// <summary>Creates the check on a monitor.</summary>
    /// <param name="monitor">The monitor to ask.</param>
    /// <exception cref="ArgumentNullException"><paramref name="monitor"/> is <see langword="null"/>.</exception>
    public GcHealthCheck(GcMonitor monitor)
    {
        ArgumentNullException.ThrowIfNull(monitor);
        _monitor = monitor;
    }

    /// <inheritdoc/>
    public Task<HealthCheckResult> CheckHealthAsync(HealthCheckContext context, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(context);
        GcHealthReport report = _monitor.Snapshot();
        var data = new Dictionary<string, object>(StringComparer.Ordinal)
        {
            ["pauseRatio"] = report.PausePercentage / 100.0,
            ["gen0Collections"] = report.Collections.Gen0,
            ["gen1Collections"] = report.Collections.Gen1,
            ["gen2Collections"] = report.Collections.Gen2,
            ["blockingGen2Collections"] = report.Collections.BlockingGen2,
            ["largeObjectHeapBytes"] = report.Heap.LargeObjectHeapBytes,
            ["privateBytes"] = report.PrivateBytes,
            ["alerts"] = report.Alerts.Select(a => a.RuleId).ToArray(),
        };
        foreach (GcAlert alert in report.Alerts)
        {
            string prefix = "alert." + alert.RuleId;
            data[prefix + ".observed"] = alert.Observed;
            data[prefix + ".threshold"] = alert.Threshold;
            data[prefix + ".unit"] = alert.Unit;
            data[prefix + ".explanation"] = alert.Explanation;
            data[prefix + ".nextStep"] = alert.NextStep;
            data[prefix + ".raisedAt"] = alert.RaisedAt;
        }

        if (report.Collections.Induced is long induced)
        {
            data["inducedCollections"] = induced;
        }

        if (report.IsHealthy)
        {
            string description = string.Create(CultureInfo.InvariantCulture, $"No GC alert over the last {report.WindowDuration.TotalSeconds:F0} s ({report.PausePercentage:F1} % time in GC).");
            return Task.FromResult(HealthCheckResult.Healthy(description, data));
        }

        return Task.FromResult(new HealthCheckResult(context.Registration.FailureStatus, string.Join(" | ", report.Alerts), data: data));
    }
}
