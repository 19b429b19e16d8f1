using System.Diagnostics;
using System.Text.Json;
using Gen0.WebDemo;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;

namespace Gen0.Demo.Tests;

/// <summary>
/// samples/Gen0.WebDemo: its command line, and its server wired as the README says (AddGen0, the GC monitor, /gc,
/// the health check, OpenTelemetry metrics with Gen0's meters beside the runtime's).
/// </summary>
public class WebDemoTests
{
    [Fact]
    public void Parse_Defaults()
    {
        Gen0.WebDemo.DemoOptions.Parse([], out Gen0.WebDemo.DemoOptions? options);
        Assert.NotNull(options);
        Assert.Equal(8, options.DurationSeconds);
        Assert.Equal(16, options.Connections);
        Assert.True(options.ServerGc);
        Assert.Null(options.ServeEndpoint);
        Assert.Equal((100_000, "record", 0), (options.Rows, options.Shape, options.ServerCpus));
    }

    [Fact]
    public void Parse_ReadsTheSeedWorkloadOptions()
    {
        Gen0.WebDemo.DemoOptions.Parse(["--rows", "10000", "--shape", "seed001", "--server-cpus", "1"], out Gen0.WebDemo.DemoOptions? o);
        Assert.NotNull(o);
        Assert.Equal((10_000, "seed001", 1), (o.Rows, o.Shape, o.ServerCpus));
    }

    [Fact]
    public void Parse_ReadsEveryOption()
    {
        Gen0.WebDemo.DemoOptions.Parse(["--duration", "3", "--warmup", "0", "--connections", "1", "--records", "100000", "--rate", "50", "--gc", "workstation", "--serve", "pooled"], out Gen0.WebDemo.DemoOptions? o);
        Assert.NotNull(o);
        Assert.Equal((3, 0, 1, 100_000, 50, false, "pooled"), (o.DurationSeconds, o.WarmupSeconds, o.Connections, o.Records, o.Rate, o.ServerGc, o.ServeEndpoint));
    }

    [Theory]
    [InlineData("--duration", "0")]
    [InlineData("--duration", "601")]
    [InlineData("--connections", "many")]
    [InlineData("--records", "100001")]
    [InlineData("--records", "0")]
    [InlineData("--rows", "0")]
    [InlineData("--rows", "1000001")]
    [InlineData("--shape", "struct")]
    [InlineData("--server-cpus", "-1")]
    [InlineData("--rate", "-1")]
    [InlineData("--gc", "fast")]
    [InlineData("--serve", "array")]
    [InlineData("--serve")]
    [InlineData("--unknown")]
    public void Parse_BadArguments_AreErrorsNamingTheOption(params string[] args)
    {
        var parsed = Gen0.WebDemo.DemoOptions.Parse(args, out Gen0.WebDemo.DemoOptions? options);
        Assert.Null(options);
        Assert.Contains(parsed.Errors, e => e.Message.Contains(args[0], StringComparison.Ordinal));
    }

    [Theory]
    [InlineData(1, 0, 1)]
    [InlineData(3, 2, 5)]     // wraps around the data set
    [InlineData(10, 0, 0)]
    [InlineData(10, 9, 11)]   // one past the end: the first row again
    public void RecordStore_BothQueries_ReturnTheSameRows_WrappingAround(int rows, int offset, int count)
    {
        SeedRecord[] data = RecordStore.BuildSeedRecords(rows);
        List<SeedRecord> list = RecordStore.QueryList(data, count, offset);
        using Gen0.Scopes.DisposeScope scope = Gen0.Scopes.DisposeScope.BeginScope();
        Gen0.Collections.PooledList<SeedRecord> pooled = RecordStore.QueryPooled(data, count, offset);
        Assert.Equal(count, list.Count);
        Assert.Equal(list, pooled);
        Assert.Equal(Enumerable.Range(offset, count).Select(i => i % rows), list.Select(r => r.F1));
        Assert.All(list, r => Assert.Equal((r.F1, r.F1.ToString(System.Globalization.CultureInfo.InvariantCulture), (double)r.F1), (r.F2, r.F4, r.F5)));
    }

    [Fact]
    public void RecordStore_OffsetNearIntMaxValue_DoesNotOverflow()
    {
        Gen0.WebDemo.Record[] data = RecordStore.BuildRecords(7);
        Assert.Equal(
            Enumerable.Range(0, 3).Select(i => (int)(((long)int.MaxValue + i) % 7)),
            RecordStore.QueryList(data, 3, int.MaxValue).Select(r => r.Id));
    }

    [Fact]
    public void MemorySampler_ParsesResidentAndAnonymousFromProcStatus()
    {
        string status = "Name:\tdotnet\nVmHWM:\t  200000 kB\nVmRSS:\t  150000 kB\nRssAnon:\t   60000 kB\nRssFile:\t   90000 kB\n";
        Assert.Equal((150_000L * 1024, 60_000L * 1024), MemorySampler.ParseStatus(status));
        Assert.Null(MemorySampler.ParseStatus("VmRSS:\t 1 kB\n")); // no RssAnon (a kernel before 4.5)
        Assert.Null(MemorySampler.ParseStatus(string.Empty));
    }

    [Fact]
    public void MemorySampler_SamplesThisProcess()
    {
        using var sampler = new MemorySampler(Environment.ProcessId, TimeSpan.FromMilliseconds(5));
        sampler.Start();
        Thread.Sleep(50);
        MemorySample sample = sampler.Stop();
        Assert.True(sample.Samples >= 1);
        Assert.True(sample.PeakPrivateBytes > 0 && sample.PeakPrivateBytes <= sample.PeakResidentBytes);
        Assert.InRange(sample.MeanPrivateBytes, 1, sample.PeakPrivateBytes);
        Assert.Throws<InvalidOperationException>(sampler.Start);
    }

    [Fact]
    public void MemorySampler_OfAProcessThatIsGone_HasNoSamples()
    {
        Assert.Null(MemorySampler.Read(int.MaxValue));
        using var sampler = new MemorySampler(int.MaxValue, TimeSpan.FromMilliseconds(5));
        sampler.Start();
        Thread.Sleep(20);
        Assert.Equal(new MemorySample(0, 0, 0, 0), sampler.Stop());
    }

    [Theory]
    [InlineData("list")]
    [InlineData("pooled")]
    public async Task Server_SeedShape_ServesTheSeedsRows(string endpoint)
    {
        await using WebApplication app = DemoServer.Build(endpoint, 10, RecordStore.Seed001Shape);
        await app.StartAsync();
        var address = new Uri(app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First());
        using var client = new HttpClient { BaseAddress = address, Timeout = TimeSpan.FromSeconds(30) };
        using JsonDocument rows = JsonDocument.Parse(await client.GetStringAsync(new Uri($"/records/{endpoint}?count=12&offset=8", UriKind.Relative)));
        Assert.Equal(12, rows.RootElement.GetArrayLength());
        JsonElement last = rows.RootElement[11];
        Assert.Equal((9, 9, "9", "9", 9.0, 9.0f), (last.GetProperty("f1").GetInt32(), last.GetProperty("f2").GetInt32(), last.GetProperty("f3").GetString(), last.GetProperty("f4").GetString(), last.GetProperty("f5").GetDouble(), last.GetProperty("f6").GetSingle()));
        Assert.Equal(0, rows.RootElement[2].GetProperty("f1").GetInt32());
        await app.StopAsync();
    }

    [Fact]
    public void Comparison_SeedWorkload_RunsBothServers_AndReportsTheirPrivateMemory()
    {
        (int exitCode, string output, string errors) = DemoProcess.RunWebDemo(
            TimeSpan.FromMinutes(2),
            "--duration", "1", "--warmup", "0", "--connections", "2", "--records", "300", "--rows", "100", "--shape", "seed001", "--server-cpus", "1");
        Assert.True(exitCode == 0, output + errors);
        Assert.Contains("300 seed001 rows per response from 100", output, StringComparison.Ordinal);
        System.Text.RegularExpressions.Match ratio = System.Text.RegularExpressions.Regex.Match(output, @"peak private     pooled/list = (\d+\.\d\d) ");
        Assert.True(ratio.Success, output); // both servers were sampled: not NaN or infinity
        Assert.InRange(double.Parse(ratio.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture), 0.05, 20);
    }

    [Fact]
    public void Comparison_MoreServerCoresThanTheMachineHas_IsABadArgument()
    {
        (int exitCode, _, string errors) = DemoProcess.RunWebDemo(
            TimeSpan.FromMinutes(1),
            "--server-cpus", (Environment.ProcessorCount + 1).ToString(System.Globalization.CultureInfo.InvariantCulture));
        Assert.Equal(2, exitCode);
        Assert.Contains("--server-cpus", errors, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Server_ServesGcHealthAndMetrics_WithGen0AndRuntimeMeters()
    {
        await using WebApplication app = DemoServer.Build("pooled");
        await app.StartAsync();
        var address = new Uri(app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First());
        using var client = new HttpClient { BaseAddress = address, Timeout = TimeSpan.FromSeconds(30) };

        Assert.Equal(10, JsonDocument.Parse(await client.GetStringAsync(new Uri("/records/pooled?count=10&offset=0", UriKind.Relative))).RootElement.GetArrayLength());
        using JsonDocument gc = JsonDocument.Parse(await client.GetStringAsync(new Uri("/gc", UriKind.Relative)));
        Assert.True(gc.RootElement.GetProperty("heap").GetProperty("totalBytes").GetInt64() > 0);
        Assert.Equal(JsonValueKind.Number, gc.RootElement.GetProperty("totalPauseMs").ValueKind);
        using HttpResponseMessage health = await client.GetAsync(new Uri("/health", UriKind.Relative));
        Assert.Contains(await health.Content.ReadAsStringAsync(), new[] { "Healthy", "Degraded" });

        // AddGen0 made the framework's ArrayPool<byte> a Gen0 pool.
        Assert.IsType<Gen0.Buffers.ScalableArrayPool<byte>>(app.Services.GetRequiredService<System.Buffers.ArrayPool<byte>>());

        string metrics = await client.GetStringAsync(new Uri("/metrics", UriKind.Relative));
        foreach (string series in new[] { "gen0_gc_pause_ratio", "gen0_gc_alerts_active", "gen0_process_memory_private", "dotnet_gc_collections_total", "dotnet_gc_heap_total_allocated" })
        {
            Assert.Contains(series, metrics, StringComparison.Ordinal);
        }

        // Nothing the runtime publishes comes twice: no dotnet_* series from the Gen0.Gc meter.
        Assert.DoesNotContain("otel_scope_name=\"Gen0.Gc\"", string.Join('\n', metrics.Split('\n').Where(l => l.StartsWith("dotnet_", StringComparison.Ordinal))), StringComparison.Ordinal);
        await app.StopAsync();
    }
}
