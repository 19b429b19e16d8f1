using System.Diagnostics.CodeAnalysis;
using Gen0.AspNetCore;
using Gen0.Pools;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Options;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers services whose instances come from a <see cref="Pool{T}"/>, one per scope (per request).</summary>
public static class PooledServiceCollectionExtensions
{
    /// <summary>
    /// Registers <typeparamref name="TService"/> as a scoped service whose instance is rented from a
    /// <see cref="Pool{T}"/> of <typeparamref name="TImplementation"/> when a scope first resolves it, and returned
    /// to the pool when the scope ends (for ASP.NET Core, after the response): an expensive object (a large buffer
    /// owner, a parser, a serializer with caches) is reused across requests instead of being built per request.
    /// </summary>
    /// <remarks>
    /// <para>
    /// The pool is a singleton <see cref="Pool{T}"/> of <typeparamref name="TImplementation"/> (also resolvable
    /// itself, for its statistics). Objects are created with the implementation's constructor, its parameters
    /// resolved from the root provider: give it singleton dependencies only, since a pooled object outlives every
    /// scope. Set <see cref="PoolOptions{T}.Reset"/> (or, where the pool honours it, implement
    /// <c>Microsoft.Extensions.ObjectPool.IResettable</c>) to clear an object's state before the next request sees it.
    /// </para>
    /// <para>
    /// <typeparamref name="TImplementation"/> must not be <see cref="IDisposable"/> or <see cref="IAsyncDisposable"/>:
    /// the container disposes every disposable a scoped factory returns at the end of the scope, which would return a
    /// disposed object to the pool. The pool itself disposes what it drops (<see cref="PoolOptions{T}.DisposeDropped"/>).
    /// With <see cref="PoolOptions{T}.MaxSize"/> and <see cref="PoolExhaustedBehavior.Wait"/>, resolving the service
    /// blocks the request's thread until an object comes back; prefer <see cref="PoolExhaustedBehavior.Allocate"/> or
    /// a <see cref="PoolOptions{T}.WaitTimeout"/>. The options are validated when the host starts.
    /// </para>
    /// </remarks>
    /// <typeparam name="TService">The service type the application injects.</typeparam>
    /// <typeparam name="TImplementation">The pooled type that implements it.</typeparam>
    /// <param name="services">The service collection.</param>
    /// <param name="configure">Sets the pool's options (<see cref="PoolOptions{T}.Factory"/> replaces the constructor); <see langword="null"/> keeps the defaults.</param>
    /// <returns><paramref name="services"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="services"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><typeparamref name="TImplementation"/> is disposable.</exception>
    public static IServiceCollection AddPooled<TService, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicConstructors)] TImplementation>(this IServiceCollection services, Action<PoolOptions<TImplementation>>? configure = null)
        where TService : class
        where TImplementation : class, TService =>
        AddPooledCore<TService, TImplementation>(services, null, configure);

    /// <summary>
    /// Registers <typeparamref name="TService"/> as a scoped service rented from a pool of
    /// <typeparamref name="TImplementation"/>, as <see cref="AddPooled{TService, TImplementation}(IServiceCollection, Action{PoolOptions{TImplementation}}?)"/>
    /// does, with the pool's options bound from <paramref name="configuration"/> (for example
    /// <c>Gen0:Pools:ReportBuilder</c>): the keys <c>MaxRetained</c>, <c>MaxSize</c>, <c>WhenExhausted</c>,
    /// <c>WaitTimeout</c>, <c>Prewarm</c>, <c>DisposeDropped</c>, <c>TrackOwnership</c>, <c>TrimAfter</c>; the
    /// delegates come from <paramref name="configure"/>. A bad value fails the host's start with a message naming the key.
    /// </summary>
    /// <typeparam name="TService">The service type the application injects.</typeparam>
    /// <typeparam name="TImplementation">The pooled type that implements it.</typeparam>
    /// <param name="services">The service collection.</param>
    /// <param name="configuration">The section of this pool's options.</param>
    /// <param name="configure">Sets more options in code, after the section; <see langword="null"/> for none.</param>
    /// <returns><paramref name="services"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="services"/> or <paramref name="configuration"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><typeparamref name="TImplementation"/> is disposable.</exception>
    public static IServiceCollection AddPooled<TService, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicConstructors)] TImplementation>(this IServiceCollection services, IConfiguration configuration, Action<PoolOptions<TImplementation>>? configure = null)
        where TService : class
        where TImplementation : class, TService
    {
        ArgumentNullException.ThrowIfNull(configuration);
        return AddPooledCore<TService, TImplementation>(services, configuration, configure);
    }

    private static IServiceCollection AddPooledCore<TService, [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicConstructors)] TImplementation>(IServiceCollection services, IConfiguration? configuration, Action<PoolOptions<TImplementation>>? configure)
        where TService : class
        where TImplementation : class, TService
    {
        ArgumentNullException.ThrowIfNull(services);
        if (typeof(IDisposable).IsAssignableFrom(typeof(TImplementation)) || typeof(IAsyncDisposable).IsAssignableFrom(typeof(TImplementation)))
        {
            throw new ArgumentException(
                $"{typeof(TImplementation).FullName} is disposable: the container disposes what a scoped service hands out when the scope ends, so a pooled instance would go back to its pool disposed. Keep the disposable resource out of the pooled type, or rent from a Pool<T> yourself.",
                nameof(TImplementation));
        }

        Gen0ServiceCollectionExtensions.AddSection(services, new SectionOptionsSetup<PoolOptions<TImplementation>>(
            configuration,
            "AddPooled<" + typeof(TImplementation).Name + ">",
            Gen0ConfigurationBinding.BindPool,
            Gen0OptionsValidation.Pool));
        OptionsBuilder<PoolOptions<TImplementation>> options = services.AddOptions<PoolOptions<TImplementation>>();
        if (configure is not null)
        {
            options.Configure(configure);
        }

        ObjectFactory<TImplementation> create = ActivatorUtilities.CreateFactory<TImplementation>([]);
        services.TryAddSingleton(provider =>
        {
            PoolOptions<TImplementation> settings = provider.GetRequiredService<IOptions<PoolOptions<TImplementation>>>().Value;
            settings.Factory ??= () => create(provider, null);
            return new Pool<TImplementation>(settings);
        });
        services.TryAddScoped(static provider => new PooledServiceLease<TImplementation>(provider.GetRequiredService<Pool<TImplementation>>()));
        services.AddScoped<TService>(static provider => provider.GetRequiredService<PooledServiceLease<TImplementation>>().Value);
        return services;
    }
}
