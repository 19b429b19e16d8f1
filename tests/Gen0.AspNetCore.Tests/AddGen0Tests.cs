using System.Buffers;
using System.Text;
using Gen0.AspNetCore.Tests.Infrastructure;
using Gen0.Buffers;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Mvc.Infrastructure;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.ObjectPool;

namespace Gen0.AspNetCore.Tests;

public class AddGen0Tests
{
    [Fact]
    public void AddGen0_RegistersTheScalablePoolsAndTheProvider_BeforeOrAfterTheFramework()
    {
        foreach (bool gen0First in new[] { true, false })
        {
            ServiceCollection services = new();
            if (gen0First)
            {
                services.AddGen0();
                services.AddControllers();
            }
            else
            {
                services.AddControllers();
                services.AddSingleton<ObjectPoolProvider, DefaultObjectPoolProvider>();
                services.AddGen0();
            }

            using ServiceProvider provider = services.BuildServiceProvider();
            Assert.Same(ScalableArrayPool<byte>.Shared, provider.GetRequiredService<ArrayPool<byte>>());
            Assert.Same(ScalableArrayPool<char>.Shared, provider.GetRequiredService<ArrayPool<char>>());
            Assert.IsType<Gen0ObjectPoolProvider>(provider.GetRequiredService<ObjectPoolProvider>());
            Assert.Single(services, d => d.ServiceType == typeof(ObjectPoolProvider));
            Assert.NotNull(provider.GetRequiredService<IHttpResponseStreamWriterFactory>());
        }
    }

    [Fact]
    public void AddGen0_Null_ThrowsArgumentNull() =>
        Assert.Throws<ArgumentNullException>(() => Gen0ServiceCollectionExtensions.AddGen0(null!));

    [Fact]
    public void StringBuilderPool_ReusesAndResetsBuilders_LikeTheDefaultProvider()
    {
        Gen0ObjectPoolProvider provider = new();
        ObjectPool<StringBuilder> pool = provider.CreateStringBuilderPool();
        StringBuilder first = pool.Get();
        first.Append("hello");
        pool.Return(first);

        StringBuilder second = pool.Get();
        Assert.Same(first, second);
        Assert.Equal(0, second.Length); // the policy cleared it on return
        pool.Return(second);

        // A builder grown past the policy's maximum capacity is dropped, as with Microsoft's pool.
        StringBuilder big = pool.Get();
        big.Append('x', 8 * 1024);
        pool.Return(big);
        Assert.NotSame(big, pool.Get());
        Assert.Throws<ArgumentNullException>(() => pool.Return(null!));
    }

    [Fact]
    public void Provider_KeepsAtMostMaximumRetained_AndDisposesDroppedDisposables()
    {
        Gen0ObjectPoolProvider provider = new() { MaximumRetained = 2 };
        int created = 0;
        ObjectPool<Resource> pool = provider.Create(new ResourcePolicy(() => created++));
        Resource[] rented = [pool.Get(), pool.Get(), pool.Get(), pool.Get(), pool.Get()];
        Assert.Equal(5, created);
        Assert.Equal(5, rented.Distinct().Count());
        foreach (Resource resource in rented)
        {
            pool.Return(resource);
        }

        // Returned objects beyond what the pool retains (its thread slot plus MaximumRetained) are disposed.
        Assert.True(rented.Count(r => r.Disposed) >= 2);
        Assert.True(rented.Count(r => !r.Disposed) <= 3);

        Resource rejected = pool.Get();
        rejected.Reject = true;
        pool.Return(rejected); // the policy refuses it: dropped and disposed
        Assert.True(rejected.Disposed);
        Assert.IsAssignableFrom<IDisposable>(pool);
        ((IDisposable)pool).Dispose();
        Assert.All(rented, r => Assert.True(r.Disposed)); // disposing the pool disposes the idle objects too
    }

    [Fact]
    public async Task InAnApp_ObjectPoolOfStringBuilder_FromTheContainer_RunsOnGen0()
    {
        await using KestrelTestServer server = await KestrelTestServer.StartAsync(
            services =>
            {
                services.AddGen0();
                services.AddSingleton(sp => sp.GetRequiredService<ObjectPoolProvider>().CreateStringBuilderPool());
            },
            app =>
            {
                app.UseDisposeScope();
                app.MapGet("/sb/{n:int}", (int n, ObjectPool<StringBuilder> pool) =>
                {
                    StringBuilder builder = pool.Get();
                    try
                    {
                        for (int i = 0; i < n; i++)
                        {
                            builder.Append(i).Append(',');
                        }

                        return $"{pool.GetType().Name}:{builder}";
                    }
                    finally
                    {
                        pool.Return(builder);
                    }
                });
            });

        for (int attempt = 0; attempt < 3; attempt++)
        {
            Assert.Equal("Gen0ObjectPool`1:0,1,2,", await server.Client.GetStringAsync("/sb/3"));
        }
    }

    private sealed class Resource : IDisposable
    {
        public bool Disposed { get; private set; }

        public bool Reject { get; set; }

        public void Dispose() => Disposed = true;
    }

    private sealed class ResourcePolicy(Action onCreate) : IPooledObjectPolicy<Resource>
    {
        public Resource Create()
        {
            onCreate();
            return new Resource();
        }

        public bool Return(Resource obj) => !obj.Reject;
    }
}
