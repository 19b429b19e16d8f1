using Gen0.AspNetCore;
using Gen0.Diagnostics;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers a <see cref="GcMonitor"/> in a service collection.</summary>
public static class GcMonitorServiceCollectionExtensions
{
    /// <summary>
    /// Registers one <see cref="GcMonitor"/> for the application, configured through the options pattern
    /// (<see cref="IOptions{TOptions}"/> of <see cref="GcMonitorOptions"/>), created when the host starts so that its
    /// window fills from the first request on, and disposed with the service provider. Its alerts are logged through
    /// <see cref="Microsoft.Extensions.Logging.ILogger"/> under the category <c>Gen0.Diagnostics.GcMonitor</c>: event
    /// 1001 <c>GcAlertRaised</c> (Warning) and 1002 <c>GcAlertCleared</c> (Information), with the fields <c>RuleId</c>,
    /// <c>Observed</c>, <c>Threshold</c>, <c>Unit</c>, <c>Explanation</c>, <c>NextStep</c> (and <c>DurationSeconds</c> when cleared).
    /// </summary>
    /// <param name="services">The service collection.</param>
    /// <param name="configure">Sets thresholds and intervals; <see langword="null"/> keeps the defaults.</param>
    /// <returns><paramref name="services"/>, for chaining.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="services"/> is <see langword="null"/>.</exception>
    public static IServiceCollection AddGcMonitor(this IServiceCollection services, Action<GcMonitorOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        OptionsBuilder<GcMonitorOptions> options = services.AddOptions<GcMonitorOptions>();
        if (configure is not null)
        {
            options.Configure(configure);
        }

        services.TryAddSingleton(static provider => new GcMonitor(provider.GetRequiredService<IOptions<GcMonitorOptions>>().Value));
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IHostedService, GcMonitorHostedService>());
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IHostedService, GcAlertLogger>(
            static provider => new GcAlertLogger(provider.GetRequiredService<GcMonitor>(), provider.GetRequiredService<Microsoft.Extensions.Logging.ILoggerFactory>())));
        return services;
    }
}
