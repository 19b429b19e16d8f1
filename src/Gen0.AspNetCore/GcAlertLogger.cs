using Gen0.Diagnostics;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace Gen0.AspNetCore;

/// <summary>
/// Writes the application's <see cref="GcMonitor"/> alerts to <see cref="ILogger"/> (category
/// <see cref="GcAlertLog.Category"/>, event ids <see cref="GcAlertLog.AlertRaisedId"/> and
/// <see cref="GcAlertLog.AlertClearedId"/>) from the host's start to its stop. Registered by <c>AddGcMonitor</c>, so
/// that an alert reaches the application's logs without any code.
/// </summary>
internal sealed class GcAlertLogger : IHostedService
{
    private readonly GcMonitor _monitor;
    private readonly ILogger _logger;
    private readonly TimeProvider _time;

    public GcAlertLogger(GcMonitor monitor, ILoggerFactory loggerFactory, TimeProvider? time = null)
    {
        _monitor = monitor;
        _logger = loggerFactory.CreateLogger(GcAlertLog.Category);
        _time = time ?? TimeProvider.System;
    }

    public Task StartAsync(CancellationToken cancellationToken)
    {
        _monitor.AlertRaised += OnRaised;
        _monitor.AlertCleared += OnCleared;
        return Task.CompletedTask;
    }

    public Task StopAsync(CancellationToken cancellationToken)
    {
        _monitor.AlertRaised -= OnRaised;
        _monitor.AlertCleared -= OnCleared;
        return Task.CompletedTask;
    }

    private void OnRaised(object? sender, GcAlert alert) => GcAlertLog.Raised(_logger, alert);

    private void OnCleared(object? sender, GcAlert alert) => GcAlertLog.Cleared(_logger, alert, _time.GetUtcNow());
}
