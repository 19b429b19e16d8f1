using Gen0.Diagnostics;
using Gen0.AspNetCore;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;

namespace Microsoft.AspNetCore.Builder;

/// <summary>Maps the GC health report as an HTTP endpoint.</summary>
public static class GcHealthEndpointRouteBuilderExtensions
{
    /// <summary>
    /// Maps <c>GET <paramref name="pattern"/></c> to the current <see cref="GcHealthReport"/> of the registered
    /// <see cref="GcMonitor"/>, as JSON (camelCase, enums as strings, durations as numbers of milliseconds;
    /// <c>?format=text</c> returns the text table, <c>?format=html</c> a page with charts of the heap per generation
    /// and the pause percentiles).
    /// The report shows process internals: protect the endpoint like any diagnostics endpoint
    /// (<c>.RequireAuthorization()</c>, <c>.RequireHost()</c>).
    /// </summary>
    /// <param name="endpoints">The route builder.</param>
    /// <param name="pattern">The route pattern. Default <c>/gc</c>.</param>
    /// <returns>A builder for further conventions (authorization, host, rate limiting).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="endpoints"/> or <paramref name="pattern"/> is <see langword="null"/>.</exception>
    /// <exception cref="InvalidOperationException">No <see cref="GcMonitor"/> is registered; call <c>services.AddGcMonitor()</c>.</exception>
    public static IEndpointConventionBuilder MapGcHealth(this IEndpointRouteBuilder endpoints, string pattern = "/gc")
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        ArgumentNullException.ThrowIfNull(pattern);
        if (endpoints.ServiceProvider.GetService<IServiceProviderIsService>() is { } isService && !isService.IsService(typeof(GcMonitor)))
        {
            throw new InvalidOperationException("MapGcHealth needs a GcMonitor in the service container. Call services.AddGcMonitor() when configuring services.");
        }

        return endpoints.MapGet(pattern, WriteReportAsync).WithDisplayName("Gen0 GC health");
    }

    private static Task WriteReportAsync(HttpContext context)
    {
        GcHealthReport report = context.RequestServices.GetRequiredService<GcMonitor>().Snapshot();
        context.Response.Headers.CacheControl = "no-store";
        if (string.Equals(context.Request.Query["format"], "text", StringComparison.OrdinalIgnoreCase))
        {
            context.Response.ContentType = "text/plain; charset=utf-8";
            return context.Response.WriteAsync(report.ToString(), context.RequestAborted);
        }

        if (string.Equals(context.Request.Query["format"], "html", StringComparison.OrdinalIgnoreCase))
        {
            context.Response.ContentType = "text/html; charset=utf-8";
            return context.Response.WriteAsync(GcHealthHtml.Render(report), context.RequestAborted);
        }

        return context.Response.WriteAsJsonAsync(report, GcHealthReport.JsonTypeInfo, contentType: null, context.RequestAborted);
    }
}
