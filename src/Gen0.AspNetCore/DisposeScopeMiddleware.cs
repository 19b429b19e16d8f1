using Gen0.Scopes;
using Microsoft.AspNetCore.Http;

namespace Gen0.AspNetCore;

/// <summary>
/// Begins a <see cref="DisposeScope"/> for each request and ends it once the response has been sent, so that pooled
/// objects registered while handling the request (including a <c>PooledList&lt;T&gt;</c> returned from an endpoint,
/// which is serialized after the endpoint returns) are disposed after they were written, not before.
/// </summary>
/// <remarks>
/// The scope is begun with <see cref="DisposeScopeOption.RequiresNew"/>, so requests never share a scope even when
/// the server was started inside one, and it is ended by <see cref="HttpResponse.RegisterForDisposeAsync"/>: the
/// server disposes it after the response has completed, whether the request succeeded or threw. Objects that
/// implement <see cref="IAsyncDisposable"/> are awaited. The method is <see langword="async"/> so that the ambient
/// scope it sets stays within this request's execution flow and never leaks into the connection's next request.
/// </remarks>
internal sealed class DisposeScopeMiddleware
{
    private readonly RequestDelegate _next;

    public DisposeScopeMiddleware(RequestDelegate next) => _next = next;

    public async Task InvokeAsync(HttpContext context)
    {
        DisposeScope scope = DisposeScope.BeginScope(DisposeScopeOption.RequiresNew);
        context.Response.RegisterForDisposeAsync(scope);
        await _next(context).ConfigureAwait(false);
    }
}
