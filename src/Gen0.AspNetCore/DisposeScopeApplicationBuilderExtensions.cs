using Gen0.AspNetCore;
using Gen0.Scopes;

namespace Microsoft.AspNetCore.Builder;

/// <summary>Adds a <see cref="DisposeScope"/> per request to the ASP.NET Core pipeline.</summary>
public static class DisposeScopeApplicationBuilderExtensions
{
    /// <summary>
    /// Begins a new <see cref="DisposeScope"/> for every request and ends it after the response has been sent, so that
    /// <c>x.RegisterDisposeScope()</c> and <c>ToPooledListScope()</c> work anywhere in the request's code and a pooled
    /// collection returned from a minimal-API endpoint or a controller action is serialized before it is disposed.
    /// Add it before the middleware and endpoints that register objects (first is simplest).
    /// </summary>
    /// <param name="app">The application builder.</param>
    /// <returns><paramref name="app"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="app"/> is <see langword="null"/>.</exception>
    public static IApplicationBuilder UseDisposeScope(this IApplicationBuilder app)
    {
        ArgumentNullException.ThrowIfNull(app);
        return app.UseMiddleware<DisposeScopeMiddleware>();
    }
}
