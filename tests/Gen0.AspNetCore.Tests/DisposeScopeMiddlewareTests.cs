using System.Buffers;
using System.Collections.Concurrent;
using System.Net;
using System.Net.Http.Json;
using Gen0.AspNetCore.Tests.Infrastructure;
using Gen0.Buffers;
using Gen0.Scopes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;

namespace Gen0.AspNetCore.Tests;

public class DisposeScopeMiddlewareTests
{
    private static readonly TimeSpan s_wait = TimeSpan.FromSeconds(20);

    [Fact]
    public async Task ReturnedDisposableList_IsSerializedCompletely_ThenDisposedAfterTheResponse()
    {
        ProbeRegistry probes = new();
        await using KestrelTestServer server = await KestrelTestServer.StartAsync(_ => { }, app =>
        {
            app.UseDisposeScope();
            app.MapGet("/list/{id}/{count:int}", (string id, int count, HttpContext context) =>
            {
                bool completed = false;
                context.Response.OnCompleted(() =>
                {
                    completed = true;
                    return Task.CompletedTask;
                });
                DisposeProbeList list = new DisposeProbeList(Enumerable.Range(0, count), () => completed).RegisterDisposeScope();
                probes.Lists[id] = list;
                return list;
            });
        });

        foreach (int count in new[] { 0, 1, 100, 50_000 })
        {
            string id = $"c{count}";
            int[]? body = await server.Client.GetFromJsonAsync<int[]>($"/list/{id}/{count}");
            Assert.Equal(Enumerable.Range(0, count), body);
            DisposeProbeList list = probes.Lists[id];
            Assert.True(await list.Disposed.WaitAsync(s_wait)); // disposed after the response completed
            Assert.Equal(1, list.DisposeCount);
        }
    }

    [Fact]
    public async Task ControllerAction_ReturningARegisteredList_IsSerializedThenDisposed()
    {
        ProbeRegistry probes = new();
        await using KestrelTestServer server = await KestrelTestServer.StartAsync(
            services =>
            {
                services.AddSingleton(probes);
                services.AddControllers().AddApplicationPart(typeof(ProbeController).Assembly);
            },
            app =>
            {
                app.UseDisposeScope();
                app.MapControllers();
            });

        int[]? body = await server.Client.GetFromJsonAsync<int[]>("/probe/ctl/1000");
        Assert.Equal(Enumerable.Range(0, 1000), body);
        Assert.True(await probes.Lists["ctl"].Disposed.WaitAsync(s_wait));
        Assert.Equal(1, probes.Lists["ctl"].DisposeCount);
    }

    [Fact]
    public async Task TheScopeIsAmbientDuringTheEndpoint_AndFreshForEveryRequestOnAKeptAliveConnection()
    {
        ConcurrentQueue<DisposeScope> seen = new();
        await using KestrelTestServer server = await KestrelTestServer.StartAsync(_ => { }, app =>
        {
            app.UseDisposeScope();
            app.MapGet("/scope", async () =>
            {
                DisposeScope? scope = DisposeScope.Current;
                Assert.NotNull(scope);
                Assert.False(scope.IsDisposed);
                Assert.Equal(0, scope.Count);
                Assert.Equal(DisposeScopeOption.RequiresNew, scope.Option);
                await Task.Yield();
                Assert.Same(scope, DisposeScope.Current);
                seen.Enqueue(scope);
                return "ok";
            });
        });

        for (int i = 0; i < 5; i++)
        {
            Assert.Equal("ok", await server.Client.GetStringAsync("/scope"));
        }

        Assert.Equal(5, seen.Distinct().Count());
        await WaitUntilAsync(() => seen.All(scope => scope.IsDisposed));
    }

    [Fact]
    public async Task ARequestThatThrows_StillDisposesItsScope()
    {
        ProbeRegistry probes = new();
        await using KestrelTestServer server = await KestrelTestServer.StartAsync(_ => { }, app =>
        {
            app.UseDisposeScope();
            app.MapGet("/throws", () =>
            {
                probes.Lists["thrown"] = new DisposeProbeList([1, 2, 3]).RegisterDisposeScope();
                throw new InvalidOperationException("endpoint failure");
            });
        });

        using HttpResponseMessage response = await server.Client.GetAsync(new Uri("/throws", UriKind.Relative));
        Assert.Equal(HttpStatusCode.InternalServerError, response.StatusCode);
        Assert.True(await probes.Lists["thrown"].Disposed.WaitAsync(s_wait));
        Assert.Equal(1, probes.Lists["thrown"].DisposeCount);
    }

    [Fact]
    public async Task ConcurrentRequests_NeverShareAScope()
    {
        const int requests = 32;
        ConcurrentDictionary<int, DisposeScope> scopes = new();
        using SemaphoreSlim allInside = new(0);
        int inside = 0;
        await using KestrelTestServer server = await KestrelTestServer.StartAsync(_ => { }, app =>
        {
            app.UseDisposeScope();
            app.MapGet("/concurrent/{id:int}", async (int id) =>
            {
                DisposeScope scope = DisposeScope.Current!;
                DisposeProbeList mine = new DisposeProbeList([id]).RegisterDisposeScope();
                Assert.True(scopes.TryAdd(id, scope));
                if (Interlocked.Increment(ref inside) == requests)
                {
                    allInside.Release(requests);
                }

                // Every request is inside its endpoint at the same time before any of them finishes.
                Assert.True(await allInside.WaitAsync(s_wait));
                Assert.Same(scope, DisposeScope.Current);
                Assert.Equal(1, scope.Count);
                return mine;
            });
        });

        server.Client.DefaultRequestHeaders.ConnectionClose = false;
        int[]?[] bodies = await Task.WhenAll(Enumerable.Range(0, requests)
            .Select(id => server.Client.GetFromJsonAsync<int[]>($"/concurrent/{id}")));

        Assert.Equal(Enumerable.Range(0, requests).Select(id => new[] { id }), bodies);
        Assert.Equal(requests, scopes.Values.Distinct().Count());
        await WaitUntilAsync(() => scopes.Values.All(scope => scope.IsDisposed));
    }

    [Fact]
    public async Task EveryArrayRentedDuringARequest_IsReturnedAfterIt()
    {
        GuardedArrayPool<byte> pool = new(ArrayPool<byte>.Shared);
        ConcurrentBag<DisposeScope> scopes = [];
        await using KestrelTestServer server = await KestrelTestServer.StartAsync(_ => { }, app =>
        {
            app.UseDisposeScope();
            app.MapGet("/rent/{length:int}", (int length) =>
            {
                scopes.Add(DisposeScope.Current!);
                ArrayLease<byte> first = pool.LeaseScope(length);
                ArrayLease<byte> second = pool.LeaseScope(length * 2);
                first.Span.Fill(1);
                second.Span.Fill(2);
                return first.Length + second.Length;
            });
        });

        int[] lengths = [1, 100, 4_096, 70_000];
        int[] results = await Task.WhenAll(lengths.Select(length => server.Client.GetFromJsonAsync<int>($"/rent/{length}")));
        Assert.Equal(lengths.Select(length => length * 3), results);

        await WaitUntilAsync(() => scopes.Count == lengths.Length && scopes.All(scope => scope.IsDisposed));
        Assert.Equal(2 * lengths.Length, pool.RentCount);
        Assert.Equal(pool.RentCount, pool.ReturnCount);
        pool.AssertAllReturned();
    }

    [Fact]
    public void UseDisposeScope_NullApp_ThrowsArgumentNull() =>
        Assert.Throws<ArgumentNullException>(() => DisposeScopeApplicationBuilderExtensions.UseDisposeScope(null!));

    private static async Task WaitUntilAsync(Func<bool> condition)
    {
        DateTime deadline = DateTime.UtcNow + s_wait;
        while (!condition())
        {
            Assert.True(DateTime.UtcNow < deadline, "The condition did not become true in time.");
            await Task.Delay(10);
        }
    }
}

[ApiController]
[Route("probe")]
public sealed class ProbeController(ProbeRegistry probes) : ControllerBase
{
    [HttpGet("{id}/{count:int}")]
    public DisposeProbeList Get(string id, int count) =>
        probes.Lists[id] = new DisposeProbeList(Enumerable.Range(0, count)).RegisterDisposeScope();
}
