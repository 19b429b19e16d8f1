using System.Buffers;
using Gen0.AspNetCore;
using Gen0.Buffers;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.ObjectPool;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers Gen0's pools in an application's service container.</summary>
public static class Gen0ServiceCollectionExtensions
{
    /// <summary>
    /// Makes Gen0's pools the application's pools: <see cref="ArrayPool{T}"/> of <see cref="byte"/> and of
    /// <see cref="char"/> resolve to <see cref="ScalableArrayPool{T}.Shared"/> (the two element types ASP.NET Core's
    /// own services take from the container, for example MVC's response writers and formatters), and
    /// <see cref="ObjectPoolProvider"/> resolves to <see cref="Gen0ObjectPoolProvider"/>. Earlier registrations of
    /// these three services are replaced, and the framework's later <c>TryAdd</c> registrations then leave them
    /// alone, so the call works before or after <c>AddControllers()</c>. Pools of other element types are not
    /// registered; add <c>services.AddSingleton&lt;ArrayPool&lt;T&gt;&gt;(ScalableArrayPool&lt;T&gt;.Shared)</c> for
    /// the ones you inject. Kestrel's connection memory pools are left as they are; on ASP.NET Core 10,
    /// <c>AddGen0MemoryPoolFactory()</c> is the opt-in that builds them over a Gen0 array pool.
    /// </summary>
    /// <param name="services">The service collection.</param>
    /// <returns><paramref name="services"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="services"/> is <see langword="null"/>.</exception>
    public static IServiceCollection AddGen0(this IServiceCollection services)
    {
        ArgumentNullException.ThrowIfNull(services);
        services.RemoveAll<ArrayPool<byte>>();
        services.RemoveAll<ArrayPool<char>>();
        services.RemoveAll<ObjectPoolProvider>();
        services.AddSingleton<ArrayPool<byte>>(ScalableArrayPool<byte>.Shared);
        services.AddSingleton<ArrayPool<char>>(ScalableArrayPool<char>.Shared);
        services.AddSingleton<ObjectPoolProvider, Gen0ObjectPoolProvider>();
        return services;
    }
}
