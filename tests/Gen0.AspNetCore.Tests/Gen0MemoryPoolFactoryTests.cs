using System.Buffers;
using System.Reflection;
using Gen0.AspNetCore.Tests.Infrastructure;
using Gen0.Buffers;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Server.Kestrel.Transport.Sockets;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace Gen0.AspNetCore.Tests;

/// <summary>
/// Issue 26: the opt-in <c>AddGen0MemoryPoolFactory()</c> replaces the <see cref="IMemoryPoolFactory{T}"/> that
/// ASP.NET Core 10 registers, Kestrel's socket transport takes it, and requests and responses of every size go through
/// its pools intact, with every block back in the array pool once the server has stopped.
/// </summary>
public class Gen0MemoryPoolFactoryTests
{
    [Fact]
    public void DefaultOptions_KeepAConnectionBurstsBlocks_WhenTheyComeBackOnOtherThreads()
    {
        // A transport rents a 4 KiB block per read on the I/O threads and gives it back on the thread pool. With the
        // array pool's default of 32 arrays per class per shard, the blocks of 50 busy connections did not fit: every
        // extra return was dropped, every rent allocated a new pinned array, and the POH growth ran about 300 gen 2
        // collections in 20 s of the web demo. The factory's pool keeps what its byte budget allows.
        using var factory = new Gen0MemoryPoolFactory(Gen0MemoryPoolFactory.CreateDefaultOptions());
        using MemoryPool<byte> pool = factory.Create();
        var owners = new IMemoryOwner<byte>[2_000];
        for (int round = 0; round < 3; round++)
        {
            for (int i = 0; i < owners.Length; i++)
            {
                owners[i] = pool.Rent();
            }

            var returner = new Thread(() =>
            {
                foreach (IMemoryOwner<byte> owner in owners)
                {
                    owner.Dispose();
                }
            });
            returner.Start();
            Assert.True(returner.Join(TimeSpan.FromSeconds(30)), "the returning thread did not finish");
        }

        ScalableArrayPoolStatistics stats = factory.ArrayPool.GetStatistics();
        Assert.Equal(0, stats.DropsPoolFull);
        Assert.True(stats.Allocations <= owners.Length + 64, stats.ToString());
    }

    [Fact]
    public void DefaultOptions_BudgetIsAnEighthOfTheMemoryLimit_AtMost128MiB()
    {
        long limit = GC.GetGCMemoryInfo().TotalAvailableMemoryBytes;

        ScalableArrayPoolOptions options = Gen0MemoryPoolFactory.CreateDefaultOptions();
        using var factory = new Gen0MemoryPoolFactory(options);

        Assert.Equal(Math.Min(128L << 20, limit / 8), options.MaxRetainedBytes);
        Assert.Equal(options.MaxRetainedBytes, factory.ArrayPool.MaxRetainedBytes);
    }

    /// <summary>
    /// Issue 42: 64 uploading connections had about 57 MB of 4 KiB blocks in flight, and a cap of 1,024 arrays per class
    /// per shard (8 MiB on two cores) dropped every return past it, so every later rent allocated a new pinned block.
    /// A burst that fits the byte budget must allocate each block once.
    /// </summary>
    [Fact]
    public async Task ABurstThatFitsTheBudget_AllocatesEachBlockOnce_RentedAndReturnedOnDifferentThreads()
    {
        const int connections = 64;
        const int blocksPerConnection = 256; // 1 MiB of 4 KiB blocks each: a pipe's pause threshold
        ScalableArrayPoolOptions options = Gen0MemoryPoolFactory.CreateDefaultOptions();
        options.MaxRetainedBytes = 128L << 20; // as on a machine with 1 GiB or more of limit, whatever this one has
        options.TrimAfter = Timeout.InfiniteTimeSpan;
        using var factory = new Gen0MemoryPoolFactory(options);
        using MemoryPool<byte> pool = factory.Create();

        long allocationsBefore = 0;
        for (int burst = 0; burst < 2; burst++)
        {
            var blocks = new IMemoryOwner<byte>[connections][];
            await Task.WhenAll(Enumerable.Range(0, connections).Select(c => Task.Run(() =>
            {
                blocks[c] = new IMemoryOwner<byte>[blocksPerConnection];
                for (int i = 0; i < blocksPerConnection; i++)
                {
                    blocks[c][i] = pool.Rent(4096);
                }
            })));

            // Returned by other tasks than the renters, as the thread pool returns what the I/O threads rented.
            await Task.WhenAll(Enumerable.Range(0, connections).Select(c => Task.Run(() =>
            {
                foreach (IMemoryOwner<byte> block in blocks[(c + 1) % connections])
                {
                    block.Dispose();
                }
            })));

            ScalableArrayPoolStatistics stats = factory.ArrayPool.GetStatistics();
            Assert.True(stats.DropsPoolFull == 0 && stats.DropsOverBudget == 0, $"burst {burst}: {stats}");
            Assert.True(stats.RetainedArrays == stats.Allocations && stats.RetainedBytes == stats.Allocations * 4096, $"burst {burst}: every block allocated is kept: {stats}");
            if (burst == 0)
            {
                allocationsBefore = stats.Allocations;
            }
            else
            {
                // A rent finds its own thread's cache and every shard, not other threads' caches: those few blocks
                // (at most 8 per thread) may be allocated again; nothing else may.
                long again = stats.Allocations - allocationsBefore;
                Assert.True(again <= connections * blocksPerConnection / 50, $"the second burst allocated {again} blocks again: {stats}");
            }
        }
    }

    [Fact]
    public void Registration_ReplacesTheServersFactory_AndTheSocketTransportTakesIt()
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        Assert.Contains(builder.Services, d => d.ServiceType == typeof(IMemoryPoolFactory<byte>));
        builder.Services.AddGen0MemoryPoolFactory(o => o.MaxRetainedBytes = 1 << 20);
        Assert.Single(builder.Services, d => d.ServiceType == typeof(IMemoryPoolFactory<byte>));

        using WebApplication app = builder.Build();
        var factory = Assert.IsType<Gen0MemoryPoolFactory>(app.Services.GetRequiredService<IMemoryPoolFactory<byte>>());

        // The socket transport's options take the factory from the container (an internal property in ASP.NET Core 10).
        SocketTransportOptions transport = app.Services.GetRequiredService<IOptions<SocketTransportOptions>>().Value;
        Assert.Same(factory, typeof(SocketTransportOptions).GetProperty("MemoryPoolFactory", BindingFlags.Instance | BindingFlags.NonPublic | BindingFlags.Public)!.GetValue(transport));
        Assert.Equal(1 << 20, factory.ArrayPool.MaxRetainedBytes);
        Assert.Equal(Gen0MemoryPoolFactory.DefaultPoolName, factory.ArrayPool.Name);
        Assert.Equal(64 * 1024, factory.ArrayPool.MaxArrayLength);

        using MemoryPool<byte> pool = factory.Create(new MemoryPoolOptions { Owner = "test" });
        Assert.Equal(64 * 1024, pool.MaxBufferSize);
        using (IMemoryOwner<byte> block = pool.Rent())
        {
            Assert.True(block.Memory.Length >= 4096);
        }

        Assert.Throws<ArgumentNullException>(() => ((IServiceCollection)null!).AddGen0MemoryPoolFactory());
    }

    [Fact]
    public async Task Kestrel_ServesThroughTheFactorysPools_AndGivesEveryBlockBack()
    {
        Gen0MemoryPoolFactory? factory = null;
        await using (KestrelTestServer server = await KestrelTestServer.StartAsync(
            services => services.AddGen0MemoryPoolFactory(),
            app => app.MapPost("/echo", async (HttpContext context) =>
            {
                var copy = new MemoryStream();
                await context.Request.Body.CopyToAsync(copy);
                context.Response.ContentType = "application/octet-stream";
                await context.Response.Body.WriteAsync(copy.GetBuffer().AsMemory(0, (int)copy.Length));
            })))
        {
            factory = Assert.IsType<Gen0MemoryPoolFactory>(server.Services.GetRequiredService<IMemoryPoolFactory<byte>>());
            foreach (int length in new[] { 0, 1, 4095, 4096, 4097, 65_536, 1_000_000 })
            {
                byte[] body = new byte[length];
                new Random(length).NextBytes(body);
                using HttpResponseMessage response = await server.Client.PostAsync("/echo", new ByteArrayContent(body));
                response.EnsureSuccessStatusCode();
                Assert.Equal(body, await response.Content.ReadAsByteArrayAsync());
            }

            Assert.True(factory.ArrayPool.GetStatistics().Rents > 0, "the transport rented from the factory's array pool");
        }

        // Stopped: the connections are closed and every pipe has given its segments back.
        ScalableArrayPoolStatistics statistics = factory.ArrayPool.GetStatistics();
        Assert.Equal(statistics.Rents, statistics.Returns);
    }
}
