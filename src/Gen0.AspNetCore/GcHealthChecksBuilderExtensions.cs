using Gen0.AspNetCore;
using Gen0.Diagnostics;
using Microsoft.Extensions.Diagnostics.HealthChecks;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Adds the GC health check to <c>services.AddHealthChecks()</c>.</summary>
public static class GcHealthChecksBuilderExtensions
{
    /// <summary>
    /// Adds a <see cref="GcHealthCheck"/> that reports <paramref name="failureStatus"/> (default
    /// <see cref="HealthStatus.Degraded"/>) while a GC alert is active. Registers a <see cref="GcMonitor"/> with default
    /// options when none is registered yet (call <c>services.AddGcMonitor(...)</c> to configure it).
    /// </summary>
    /// <param name="builder">The health checks builder.</param>
    /// <param name="name">The check's name. Default <c>gc</c>.</param>
    /// <param name="failureStatus">The status while alerts are active; <see langword="null"/> for <see cref="HealthStatus.Degraded"/>.</param>
    /// <param name="tags">Tags to filter checks by (for example <c>ready</c> or <c>live</c>).</param>
    /// <returns><paramref name="builder"/>, for chaining.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="builder"/> or <paramref name="name"/> is <see langword="null"/>.</exception>
    public static IHealthChecksBuilder AddGcHealthCheck(this IHealthChecksBuilder builder, string name = "gc", HealthStatus? failureStatus = null, IEnumerable<string>? tags = null)
    {
        ArgumentNullException.ThrowIfNull(builder);
        ArgumentNullException.ThrowIfNull(name);
        builder.Services.AddGcMonitor();
        return builder.Add(new HealthCheckRegistration(
            name,
            static provider => new GcHealthCheck(provider.GetRequiredService<GcMonitor>()),
            failureStatus ?? HealthStatus.Degraded,
            tags));
    }
}
