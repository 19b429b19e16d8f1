using System.Buffers;
using Gen0.AspNetCore;
using Gen0.Buffers;
using Gen0.Diagnostics;
using Gen0.IO;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.ObjectPool;
using Microsoft.Extensions.Options;

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

    /// <summary>
    /// Does what <see cref="AddGen0(IServiceCollection)"/> does and binds Gen0's options from
    /// <paramref name="configuration"/>, the Gen0 section (<c>builder.Configuration.GetSection("Gen0")</c>):
    /// <c>ArrayPool</c> (<see cref="ScalableArrayPoolOptions"/>: when present, <see cref="ArrayPool{T}"/> of
    /// <see cref="byte"/> and <see cref="char"/> resolve to pools built with these options instead of
    /// <see cref="ScalableArrayPool{T}.Shared"/>) and <c>GcMonitor</c> (<see cref="GcMonitorOptions"/>, with per-rule
    /// settings under <c>GcMonitor:Alerts:&lt;rule id&gt;</c>, used by <c>AddGcMonitor</c>) and <c>Streams</c>
    /// (<see cref="PooledMemoryStreamOptions"/> of the <see cref="PooledMemoryStreamManager"/> the container hands out,
    /// with its own block pool; <c>new PooledMemoryStream()</c> keeps using <see cref="PooledMemoryStreamManager.Shared"/>).
    /// <c>Pools:&lt;name&gt;</c> is where <c>AddPooled</c> sections usually live. The keys are the options' property names.
    /// </summary>
    /// <remarks>
    /// Everything is validated when the host starts (<c>ValidateOnStart</c>): an unknown key, a value that does not
    /// parse or one out of its range stops the start with an <see cref="OptionsValidationException"/> whose messages
    /// name the key, the value and what is allowed, instead of failing at the first request. Options set in code
    /// (<c>services.Configure&lt;ScalableArrayPoolOptions&gt;(...)</c>) apply on top and are validated with them.
    /// </remarks>
    /// <param name="services">The service collection.</param>
    /// <param name="configuration">The Gen0 section.</param>
    /// <returns><paramref name="services"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="services"/> or <paramref name="configuration"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="configuration"/> is a whole configuration, not a section.</exception>
    public static IServiceCollection AddGen0(this IServiceCollection services, IConfiguration configuration)
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(configuration);
        if (configuration is not IConfigurationSection)
        {
            // The whole configuration holds Logging, AllowedHosts and the rest, which are not Gen0's keys.
            throw new ArgumentException("Pass the Gen0 section, for example builder.Configuration.GetSection(\"Gen0\"), not the whole configuration.", nameof(configuration));
        }

        services.AddGen0();
        string root = ConfigurationSectionBinder.PathOf(configuration);
        AddSection(services, new SectionOptionsSetup<Gen0RootOptions>(
            configuration,
            root,
            static (section, _) => [.. ConfigurationSectionBinder.UnknownKeys(section, Gen0ConfigurationBinding.RootSections)],
            static (_, _) => null));

        IConfigurationSection arrayPool = configuration.GetSection(Gen0ConfigurationSettings.ArrayPoolSection);
        AddSection(services, new SectionOptionsSetup<ScalableArrayPoolOptions>(arrayPool, arrayPool.Path, Gen0ConfigurationBinding.BindArrayPool, static (_, _) => null));
        if (arrayPool.Exists())
        {
            services.RemoveAll<ArrayPool<byte>>();
            services.RemoveAll<ArrayPool<char>>();
            services.AddSingleton<ArrayPool<byte>>(static provider => new ScalableArrayPool<byte>(provider.GetRequiredService<IOptions<ScalableArrayPoolOptions>>().Value));
            services.AddSingleton<ArrayPool<char>>(static provider => new ScalableArrayPool<char>(provider.GetRequiredService<IOptions<ScalableArrayPoolOptions>>().Value));
        }

        IConfigurationSection gcMonitor = configuration.GetSection(Gen0ConfigurationSettings.GcMonitorSection);
        AddSection(services, new SectionOptionsSetup<GcMonitorOptions>(gcMonitor, gcMonitor.Path, Gen0ConfigurationBinding.BindGcMonitor, Gen0OptionsValidation.GcMonitor));

        IConfigurationSection streams = configuration.GetSection(Gen0ConfigurationSettings.StreamsSection);
        AddSection(services, new SectionOptionsSetup<PooledMemoryStreamOptions>(streams, streams.Path, Gen0ConfigurationBinding.BindStreams, Gen0OptionsValidation.Streams));
        services.TryAddSingleton(static provider => new PooledMemoryStreamManager(provider.GetRequiredService<IOptions<PooledMemoryStreamOptions>>().Value));
        return services;
    }

    /// <summary>Registers <paramref name="setup"/> as the options' configuration and validator, validated at start-up.</summary>
    internal static void AddSection<TOptions>(IServiceCollection services, SectionOptionsSetup<TOptions> setup)
        where TOptions : class, new()
    {
        services.AddOptions<TOptions>().ValidateOnStart();
        services.AddSingleton<IConfigureOptions<TOptions>>(setup);
        services.AddSingleton<IValidateOptions<TOptions>>(setup);
    }
}
