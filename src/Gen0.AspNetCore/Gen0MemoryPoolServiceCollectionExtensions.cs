using Gen0.AspNetCore;
using Gen0.Buffers;
using Microsoft.AspNetCore.Connections;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers Gen0's memory pools for the server's transports (ASP.NET Core 10).</summary>
public static class Gen0MemoryPoolServiceCollectionExtensions
{
    /// <summary>
    /// Makes Kestrel (and IIS, HTTP.sys) build their connection memory pools over a Gen0
    /// <see cref="ScalableArrayPool{T}"/>: registers an <see cref="IMemoryPoolFactory{T}"/> of <see cref="byte"/> in
    /// place of the server's own, whose pools have a byte budget, release idle blocks on a timer, and report through
    /// <c>Gen0-Buffers</c> and <c>Gen0.Buffers</c>. An opt-in, not part of <c>AddGen0()</c>: see docs/benchmarks.md
    /// for how it measures against Kestrel's default pool.
    /// </summary>
    /// <remarks>
    /// Call it after the server is added (after <c>WebApplication.CreateBuilder</c>, or after <c>UseKestrel</c> on a
    /// generic host): earlier registrations of <see cref="IMemoryPoolFactory{T}"/> are removed, and the server
    /// resolves the last one. The defaults: arrays up to 64 KiB, a 128 MiB budget, blocks idle for 10 s released, pool
    /// name <c>Gen0.AspNetCore.Transport</c>; <paramref name="configure"/> changes them.
    /// </remarks>
    /// <param name="services">The service collection.</param>
    /// <param name="configure">Changes the options of the array pool under the memory pools; <see langword="null"/> keeps the defaults.</param>
    /// <returns><paramref name="services"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="services"/> is <see langword="null"/>.</exception>
    public static IServiceCollection AddGen0MemoryPoolFactory(this IServiceCollection services, Action<ScalableArrayPoolOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        ScalableArrayPoolOptions options = Gen0MemoryPoolFactory.CreateDefaultOptions();
        configure?.Invoke(options);
        services.RemoveAll<IMemoryPoolFactory<byte>>();
        services.AddSingleton<IMemoryPoolFactory<byte>>(_ => new Gen0MemoryPoolFactory(options));
        return services;
    }
}
