using System.Net;
using System.Text;
using Gen0.AspNetCore.Tests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.ObjectPool;
using Xunit;

namespace Gen0.AspNetCore.Tests;

/// <summary>
/// Issue 14, defect 1 end to end: a real Kestrel app with <c>AddGen0()</c> at default sizes, whose endpoint uses
/// pools made by the registered <see cref="ObjectPoolProvider"/> (2 × cores retained: shards of capacity 1),
/// under repeated bounded loopback load. It hung in 2 of 4 runs of 20,000 requests before the queue fix.
/// </summary>
public class ObjectPoolProviderKestrelLoadTests
{
    private const int Rounds = 4;
    private const int RequestsPerRound = 5_000;
    private const int Clients = 12;

    [Fact]
    public async Task AddGen0_StringBuilderPool_RepeatedLoad_NeverHangs_NeverSharesABuilder()
    {
        int doubleHandOuts = 0;
        await using KestrelTestServer server = await KestrelTestServer.StartAsync(
            services =>
            {
                services.AddGen0();
                services.AddSingleton(sp => sp.GetRequiredService<ObjectPoolProvider>().CreateStringBuilderPool());
            },
            app => app.MapGet("/build/{n:int}", async (int n, ObjectPool<StringBuilder> pool, HttpContext context) =>
            {
                StringBuilder builder = pool.Get();
                try
                {
                    // A builder shared by two requests would show the other request's text here.
                    if (builder.Length != 0)
                    {
                        Interlocked.Increment(ref doubleHandOuts);
                    }

                    builder.Append("request ").Append(n);
                    await Task.Yield();
                    string text = builder.ToString();
                    if (text != "request " + n)
                    {
                        Interlocked.Increment(ref doubleHandOuts);
                    }

                    return text;
                }
                finally
                {
                    pool.Return(builder);
                }
            }));

        Assert.IsType<Gen0ObjectPoolProvider>(server.Services.GetRequiredService<ObjectPoolProvider>());
        for (int round = 0; round < Rounds; round++)
        {
            int next = 0;
            int failures = 0;
            await WatchdogAsync(
                async () =>
                {
                    var clients = new Task[Clients];
                    for (int c = 0; c < clients.Length; c++)
                    {
                        clients[c] = Task.Run(async () =>
                        {
                            int n;
                            while ((n = Interlocked.Increment(ref next)) <= RequestsPerRound)
                            {
                                using HttpResponseMessage response = await server.Client.GetAsync(new Uri($"/build/{n}", UriKind.Relative));
                                string body = await response.Content.ReadAsStringAsync();
                                if (response.StatusCode != HttpStatusCode.OK || body != "request " + n)
                                {
                                    Interlocked.Increment(ref failures);
                                }
                            }
                        });
                    }

                    await Task.WhenAll(clients);
                },
                TimeSpan.FromSeconds(90),
                $"round {round + 1} of {Rounds}: {RequestsPerRound} requests from {Clients} clients");
            Assert.Equal(0, failures);
        }

        Assert.Equal(0, doubleHandOuts);
    }

    /// <summary>Fails the test instead of hanging it (the Gen0.Tests watchdog lives in another test project).</summary>
    private static async Task WatchdogAsync(Func<Task> operation, TimeSpan timeout, string what)
    {
        Task work = Task.Run(operation);
        if (await Task.WhenAny(work, Task.Delay(timeout)) != work)
        {
            throw new TimeoutException($"Hung: {what} did not finish within {timeout.TotalSeconds:0} s.");
        }

        await work;
    }
}
