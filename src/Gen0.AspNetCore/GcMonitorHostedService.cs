using Gen0.Diagnostics;
using Microsoft.Extensions.Hosting;

namespace Gen0.AspNetCore;

/// <summary>
/// Creates the application's <see cref="GcMonitor"/> when the host starts: a singleton is otherwise created at its
/// first use, and a monitor first asked for a report during an incident has no window to report on.
/// </summary>
internal sealed class GcMonitorHostedService : IHostedService
{
    private readonly GcMonitor _monitor;

    public GcMonitorHostedService(GcMonitor monitor) => _monitor = monitor;

    public Task StartAsync(CancellationToken cancellationToken)
    {
        _monitor.Poll();
        return Task.CompletedTask;
    }

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;
}
