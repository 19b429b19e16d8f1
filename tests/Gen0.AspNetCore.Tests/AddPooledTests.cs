using Gen0.Pools;
using Microsoft.Extensions.DependencyInjection;

namespace Gen0.AspNetCore.Tests;

/// <summary><c>AddPooled</c>: one rented instance per scope, returned when the scope ends, reused by the next scope.</summary>
public class AddPooledTests
{
    [Fact]
    public void AScope_GetsOneInstance_AndTheNextScopeReusesIt()
    {
        ServiceCollection services = new();
        services.AddSingleton<Clock>();
        services.AddPooled<IFormatter, Formatter>(o => o.Reset = f => f.Reset());
        using ServiceProvider provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateScopes = true, ValidateOnBuild = true });
        Pool<Formatter> pool = provider.GetRequiredService<Pool<Formatter>>();

        IFormatter first;
        using (IServiceScope scope = provider.CreateScope())
        {
            first = scope.ServiceProvider.GetRequiredService<IFormatter>();
            Assert.Same(first, scope.ServiceProvider.GetRequiredService<IFormatter>());
            Assert.Equal("1", first.Format());
            Assert.Equal(1, pool.Outstanding);
        }

        Assert.Equal(0, pool.Outstanding);
        using (IServiceScope scope = provider.CreateScope())
        {
            IFormatter second = scope.ServiceProvider.GetRequiredService<IFormatter>();
            Assert.Same(first, second);
            Assert.Equal("1", second.Format()); // Reset ran on return
            Assert.Same(provider.GetRequiredService<Clock>(), ((Formatter)second).Clock);
        }
    }

    [Fact]
    public void OverlappingScopes_GetDifferentInstances_UpToMaxSize()
    {
        ServiceCollection services = new();
        services.AddSingleton<Clock>();
        services.AddPooled<IFormatter, Formatter>(o =>
        {
            o.MaxSize = 2;
            o.WhenExhausted = PoolExhaustedBehavior.Throw;
        });
        using ServiceProvider provider = services.BuildServiceProvider();
        using IServiceScope a = provider.CreateScope();
        using IServiceScope b = provider.CreateScope();
        using IServiceScope c = provider.CreateScope();
        Assert.NotSame(a.ServiceProvider.GetRequiredService<IFormatter>(), b.ServiceProvider.GetRequiredService<IFormatter>());
        Assert.ThrowsAny<InvalidOperationException>(() => c.ServiceProvider.GetRequiredService<IFormatter>());
        a.Dispose();
        Assert.NotNull(c.ServiceProvider.GetRequiredService<IFormatter>());
    }

    [Fact]
    public void ScopesOnManyThreads_NeverShareAnInstance()
    {
        ServiceCollection services = new();
        services.AddSingleton<Clock>();
        services.AddPooled<IFormatter, Formatter>(o => o.MaxSize = 4);
        using ServiceProvider provider = services.BuildServiceProvider();
        int overlaps = 0;
        Parallel.For(0, 2_000, new ParallelOptions { MaxDegreeOfParallelism = 8 }, _ =>
        {
            using IServiceScope scope = provider.CreateScope();
            var formatter = (Formatter)scope.ServiceProvider.GetRequiredService<IFormatter>();
            if (Interlocked.Increment(ref formatter.Users) != 1)
            {
                Interlocked.Increment(ref overlaps);
            }

            Thread.SpinWait(50);
            Interlocked.Decrement(ref formatter.Users);
        });
        Assert.Equal(0, overlaps);
        Assert.InRange(provider.GetRequiredService<Pool<Formatter>>().LiveCount, 1, 4);
    }

    [Fact]
    public void ADisposableImplementation_IsRefused()
    {
        ArgumentException error = Assert.Throws<ArgumentException>(() => new ServiceCollection().AddPooled<IDisposable, DisposableThing>());
        Assert.Contains("disposable", error.Message, StringComparison.Ordinal);
        Assert.Throws<ArgumentNullException>(() => PooledServiceCollectionExtensions.AddPooled<Formatter, Formatter>(null!));
    }

    public interface IFormatter
    {
        string Format();
    }

    public sealed class Clock
    {
    }

    public sealed class Formatter(Clock clock) : IFormatter
    {
        private int _calls;

        public int Users;

        public Clock Clock { get; } = clock;

        public string Format() => (++_calls).ToString(System.Globalization.CultureInfo.InvariantCulture);

        public bool Reset()
        {
            _calls = 0;
            return true;
        }
    }

    public sealed class DisposableThing : IDisposable
    {
        public void Dispose()
        {
        }
    }
}
