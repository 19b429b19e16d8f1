using Gen0.AspNetCore.Tests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;

namespace Gen0.AspNetCore.Tests;

public class KestrelTestServerTests
{
    [Fact]
    public async Task Start_ListensOnLoopbackWithAFreePort()
    {
        await using KestrelTestServer server = await KestrelTestServer.StartAsync(_ => { }, app => app.MapGet("/ping", () => "pong"));
        Assert.Equal("127.0.0.1", server.BaseAddress.Host);
        Assert.NotEqual(0, server.BaseAddress.Port);
        Assert.Equal("pong", await server.Client.GetStringAsync("/ping"));
    }
}
