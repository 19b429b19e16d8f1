using System.Buffers;
using Gen0.Buffers;
using Gen0.Diagnostics;
using Gen0.IO;
using Gen0.Pools;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;

namespace Gen0.AspNetCore.Tests;

/// <summary>
/// <c>AddGen0(configuration)</c> and <c>AddPooled(configuration)</c>: every options type binds from its section, and
/// every bad value (unknown key, unparsable, out of range, unknown alert rule) stops the host's start with a message
/// that names the key and what is allowed, never the first request.
/// </summary>
public class Gen0ConfigurationTests
{
    [Fact]
    public void EveryArrayPoolKey_Binds_AndTheAppsPoolsUseTheOptions()
    {
        using ServiceProvider provider = Build(new()
        {
            ["Gen0:ArrayPool:Name"] = "api",
            ["Gen0:ArrayPool:MaxArrayLength"] = "4096",
            ["Gen0:ArrayPool:MaxArraysPerShard"] = "3",
            ["Gen0:ArrayPool:ShardCount"] = "2",
            ["Gen0:ArrayPool:ThreadLocalCache"] = "false",
            ["Gen0:ArrayPool:SizeClasses"] = "fine",
            ["Gen0:ArrayPool:MaxRetainedBytes"] = "1048576",
            ["Gen0:ArrayPool:TrimAfter"] = "00:00:10",
            ["Gen0:ArrayPool:ClearOnReturn"] = "Always",
        });

        ScalableArrayPoolOptions options = provider.GetRequiredService<IOptions<ScalableArrayPoolOptions>>().Value;
        Assert.Equal("api", options.Name);
        Assert.Equal(4096, options.MaxArrayLength);
        Assert.Equal(3, options.MaxArraysPerShard);
        Assert.Equal(2, options.ShardCount);
        Assert.False(options.ThreadLocalCache);
        Assert.Equal(SizeClasses.Fine, options.SizeClasses);
        Assert.Equal(1048576, options.MaxRetainedBytes);
        Assert.Equal(TimeSpan.FromSeconds(10), options.TrimAfter);
        Assert.Equal(ClearMode.Always, options.ClearOnReturn);

        ArrayPool<byte> bytes = provider.GetRequiredService<ArrayPool<byte>>();
        Assert.IsType<ScalableArrayPool<byte>>(bytes);
        Assert.NotSame(ScalableArrayPool<byte>.Shared, bytes);
        Assert.NotSame(ScalableArrayPool<char>.Shared, provider.GetRequiredService<ArrayPool<char>>());

        // MaxArrayLength 4096: a longer array is not kept.
        byte[] large = bytes.Rent(8192);
        bytes.Return(large);
        Assert.NotSame(large, bytes.Rent(8192));
    }

    [Fact]
    public void EveryStreamsKey_Binds_AndTheContainersManagerUsesThem()
    {
        using ServiceProvider provider = Build(new()
        {
            ["Gen0:Streams:Name"] = "uploads",
            ["Gen0:Streams:BlockSize"] = "16384",
            ["Gen0:Streams:MaxRetainedBytes"] = "1048576",
            ["Gen0:Streams:TrimAfter"] = "00:00:30",
            ["Gen0:Streams:MaximumStreamCapacity"] = "100000",
            ["Gen0:Streams:ClearMode"] = "Always",
            ["Gen0:Streams:ThrowExceptionOnToArray"] = "true",
            ["Gen0:Streams:CaptureCreationStack"] = "false",
            ["Gen0:Streams:DetectLeaks"] = "true",
        });
        PooledMemoryStreamManager manager = provider.GetRequiredService<PooledMemoryStreamManager>();
        PooledMemoryStreamOptions options = manager.GetOptions();
        Assert.Equal("uploads", options.Name);
        Assert.Equal(16384, options.BlockSize);
        Assert.Equal(1048576, options.MaxRetainedBytes);
        Assert.Equal(TimeSpan.FromSeconds(30), options.TrimAfter);
        Assert.Equal(100000, options.MaximumStreamCapacity);
        Assert.Equal(ClearMode.Always, options.ClearMode);
        Assert.True(options.ThrowExceptionOnToArray);
        Assert.True(options.DetectLeaks);
        Assert.NotSame(PooledMemoryStreamManager.Shared, manager);
        Assert.Equal("uploads", manager.Pool.Name);

        using PooledMemoryStream stream = manager.GetStream();
        stream.Write(new byte[20_000]);
        Assert.Throws<NotSupportedException>(() => stream.ToArray());
    }

    [Fact]
    public void WithoutAStreamsSection_TheContainersManagerHasTheDefaults()
    {
        using ServiceProvider provider = Build([]);
        PooledMemoryStreamOptions options = provider.GetRequiredService<PooledMemoryStreamManager>().GetOptions();
        PooledMemoryStreamOptions defaults = new();
        Assert.Equal(defaults.BlockSize, options.BlockSize);
        Assert.Equal(defaults.MaxRetainedBytes, options.MaxRetainedBytes);
        Assert.Equal(defaults.MaximumStreamCapacity, options.MaximumStreamCapacity);
    }

    [Fact]
    public void WithoutAnArrayPoolSection_TheSharedPoolsStay()
    {
        using ServiceProvider provider = Build(new() { ["Gen0:GcMonitor:PollingInterval"] = "00:00:02" });
        Assert.Same(ScalableArrayPool<byte>.Shared, provider.GetRequiredService<ArrayPool<byte>>());
        Assert.Same(ScalableArrayPool<char>.Shared, provider.GetRequiredService<ArrayPool<char>>());
    }

    [Fact]
    public void GcMonitorKeys_AndAlertRuleSections_Bind()
    {
        using ServiceProvider provider = Build(new()
        {
            ["Gen0:GcMonitor:PollingInterval"] = "00:00:02",
            ["Gen0:GcMonitor:Window"] = "00:05:00",
            ["Gen0:GcMonitor:PrivateBytesBaseline"] = "null",
            ["Gen0:GcMonitor:Alerts:gc-pause-time:PauseTimeThresholdPercent"] = "12.5",
            ["Gen0:GcMonitor:Alerts:gc-induced:TrackInducedCollections"] = "true",
            ["Gen0:GcMonitor:Alerts:GC-LOH-GROWTH:LohGrowthThresholdBytes"] = "2097152",
            ["Gen0:GcMonitor:Alerts:process-private-bytes:PrivateBytesFactor"] = "3",
        }, services => services.AddGcMonitor(o => o.GrowthWindows = 4));

        GcMonitorOptions options = provider.GetRequiredService<IOptions<GcMonitorOptions>>().Value;
        Assert.Equal(TimeSpan.FromSeconds(2), options.PollingInterval);
        Assert.Equal(TimeSpan.FromMinutes(5), options.Window);
        Assert.Null(options.PrivateBytesBaseline);
        Assert.Equal(12.5, options.PauseTimeThresholdPercent);
        Assert.True(options.TrackInducedCollections);
        Assert.Equal(2097152, options.LohGrowthThresholdBytes);
        Assert.Equal(3, options.PrivateBytesFactor);
        Assert.Equal(4, options.GrowthWindows); // code applies on top of configuration
    }

    public static TheoryData<string, string, string[]> BadValues => new()
    {
        { "Gen0:ArrayPool:MaxRetainedBytes", "-1", ["Gen0:ArrayPool:MaxRetainedBytes", "'-1'", "0 to"] },
        { "Gen0:ArrayPool:MaxArrayLength", "0", ["Gen0:ArrayPool:MaxArrayLength", "'0'", "from 1 to"] },
        { "Gen0:ArrayPool:MaxArrayLength", "lots", ["Gen0:ArrayPool:MaxArrayLength", "'lots'", "an integer"] },
        { "Gen0:ArrayPool:ShardCount", "99999999999", ["Gen0:ArrayPool:ShardCount", "from 1 to 1024"] },
        { "Gen0:ArrayPool:TrimAfter", "-00:00:01", ["Gen0:ArrayPool:TrimAfter", "positive duration"] },
        { "Gen0:ArrayPool:SizeClasses", "Sometimes", ["Gen0:ArrayPool:SizeClasses", "PowerOfTwo, Fine"] },
        { "Gen0:ArrayPool:ClearOnReturn", "7", ["Gen0:ArrayPool:ClearOnReturn", "Auto, Always, Never"] },
        { "Gen0:ArrayPool:MaxArraysPerShrad", "4", ["Gen0:ArrayPool:MaxArraysPerShrad", "not a known setting", "MaxArraysPerShard"] },
        { "Gen0:ArrayPol:MaxArrayLength", "4", ["Gen0:ArrayPol", "not a known setting", "ArrayPool, GcMonitor, Pools, Streams"] },
        { "Gen0:GcMonitor:Window", "-00:00:01", ["Gen0:GcMonitor:Window", "must be positive"] },
        { "Gen0:GcMonitor:PollingInterval", "soon", ["Gen0:GcMonitor:PollingInterval", "'soon'"] },
        { "Gen0:GcMonitor:GrowthWindows", "0", ["Gen0:GcMonitor:GrowthWindows"] },
        { "Gen0:GcMonitor:PrivateBytesFactor", "0", ["Gen0:GcMonitor:PrivateBytesFactor", "must be positive"] },
        { "Gen0:GcMonitor:Alerts:gc-pauses:PauseTimeThresholdPercent", "5", ["Gen0:GcMonitor:Alerts:gc-pauses", "names no alert rule", "gc-pause-time"] },
        { "Gen0:GcMonitor:Alerts:gc-pause-time:LohGrowthThresholdBytes", "5", ["Gen0:GcMonitor:Alerts:gc-pause-time:LohGrowthThresholdBytes", "not a known setting", "PauseTimeThresholdPercent"] },
        { "Gen0:GcMonitor:Alerts:gc-pause-time:PauseTimeThresholdPercent", "-5", ["PauseTimeThresholdPercent", "non-negative"] },
        { "Gen0:Pools:Widget:MaxSize", "0", ["Gen0:Pools:Widget", "MaxSize must be at least 1"] },
        { "Gen0:Pools:Widget:MaxRetained", "-3", ["Gen0:Pools:Widget", "MaxRetained must not be negative"] },
        { "Gen0:Pools:Widget:Prewarm", "100", ["Gen0:Pools:Widget", "Prewarm must be between 0 and MaxRetained"] },
        { "Gen0:Pools:Widget:WhenExhausted", "Explode", ["Gen0:Pools:Widget:WhenExhausted", "Allocate, Wait, Throw"] },
        { "Gen0:Pools:Widget:WaitTimeout", "-00:00:02", ["Gen0:Pools:Widget", "WaitTimeout must be between 0 and"] },
        { "Gen0:Pools:Widget:Factory", "x", ["Gen0:Pools:Widget:Factory", "not a known setting"] },
        { "Gen0:Streams:BlockSize", "0", ["Gen0:Streams", "BlockSize must be between 1 and"] },
        { "Gen0:Streams:BlockSize", "100000", ["Gen0:Streams", "below the LOH threshold"] },
        { "Gen0:Streams:MaxRetainedBytes", "-1", ["Gen0:Streams", "MaxRetainedBytes must be between 0 and"] },
        { "Gen0:Streams:MaximumStreamCapacity", "0", ["Gen0:Streams", "MaximumStreamCapacity must be between 1 and"] },
        { "Gen0:Streams:TrimAfter", "-00:00:05", ["Gen0:Streams", "TrimAfter must be positive"] },
        { "Gen0:Streams:ClearMode", "Sometimes", ["Gen0:Streams:ClearMode", "Auto, Always, Never"] },
        { "Gen0:Streams:BlockSise", "4096", ["Gen0:Streams:BlockSise", "not a known setting", "BlockSize"] },
    };

    [Theory]
    [MemberData(nameof(BadValues))]
    public async Task ABadValue_FailsTheStart_NamingTheKeyAndTheRange(string key, string value, string[] expected)
    {
        Dictionary<string, string?> settings = new()
        {
            ["Gen0:Pools:Widget:MaxRetained"] = "8",
            [key] = value,
        };
        using IHost host = BuildHost(settings);
        OptionsValidationException error = await Assert.ThrowsAsync<OptionsValidationException>(() => host.StartAsync());
        foreach (string part in expected)
        {
            Assert.Contains(part, error.Message, StringComparison.Ordinal);
        }
    }

    [Fact]
    public async Task SeveralBadValues_AreAllReported_AtOnce()
    {
        using IHost host = BuildHost(new()
        {
            ["Gen0:ArrayPool:MaxRetainedBytes"] = "-1",
            ["Gen0:ArrayPool:MaxArrayLength"] = "0",
            ["Gen0:ArrayPool:Nonsense"] = "1",
        });
        OptionsValidationException error = await Assert.ThrowsAsync<OptionsValidationException>(() => host.StartAsync());
        Assert.Equal(3, error.Failures.Count());
    }

    [Fact]
    public async Task AGoodConfiguration_Starts_AndThePooledServiceUsesItsSection()
    {
        using IHost host = BuildHost(new()
        {
            ["Gen0:ArrayPool:MaxRetainedBytes"] = "1048576",
            ["Gen0:GcMonitor:Alerts:gc-pause-time:PauseTimeThresholdPercent"] = "7",
            ["Gen0:Pools:Widget:MaxRetained"] = "2",
            ["Gen0:Pools:Widget:MaxSize"] = "3",
            ["Gen0:Pools:Widget:WhenExhausted"] = "Throw",
            ["Gen0:Pools:Widget:TrimAfter"] = "Infinite",
        });
        await host.StartAsync();
        PoolOptions<Widget> options = host.Services.GetRequiredService<IOptions<PoolOptions<Widget>>>().Value;
        Assert.Equal(2, options.MaxRetained);
        Assert.Equal(3, options.MaxSize);
        Assert.Equal(PoolExhaustedBehavior.Throw, options.WhenExhausted);
        Assert.Equal(Timeout.InfiniteTimeSpan, options.TrimAfter);
        Assert.Equal(7, host.Services.GetRequiredService<IOptions<GcMonitorOptions>>().Value.PauseTimeThresholdPercent);
        await host.StopAsync();
    }

    [Fact]
    public void NullArguments_ThrowArgumentNull()
    {
        Assert.Throws<ArgumentNullException>(() => new ServiceCollection().AddGen0(null!));
        Assert.Throws<ArgumentNullException>(() => Gen0ServiceCollectionExtensions.AddGen0(null!, new ConfigurationBuilder().Build()));
        ArgumentException whole = Assert.Throws<ArgumentException>(() => new ServiceCollection().AddGen0(new ConfigurationBuilder().Build()));
        Assert.Contains("GetSection(\"Gen0\")", whole.Message, StringComparison.Ordinal);
        Assert.Throws<ArgumentNullException>(() => new ServiceCollection().AddPooled<Widget, Widget>((IConfiguration)null!));
    }

    private static ServiceProvider Build(Dictionary<string, string?> settings, Action<IServiceCollection>? more = null)
    {
        IConfiguration configuration = new ConfigurationBuilder().AddInMemoryCollection(settings).Build();
        ServiceCollection services = new();
        services.AddGen0(configuration.GetSection("Gen0"));
        more?.Invoke(services);
        ServiceProvider provider = services.BuildServiceProvider();

        // What ValidateOnStart runs when a host starts.
        provider.GetRequiredService<IStartupValidator>().Validate();
        return provider;
    }

    private static IHost BuildHost(Dictionary<string, string?> settings)
    {
        HostApplicationBuilder builder = Host.CreateEmptyApplicationBuilder(new HostApplicationBuilderSettings());
        builder.Configuration.AddInMemoryCollection(settings);
        IConfigurationSection gen0 = builder.Configuration.GetSection("Gen0");
        builder.Services.AddGen0(gen0);
        builder.Services.AddGcMonitor();
        builder.Services.AddPooled<Widget, Widget>(gen0.GetSection("Pools:Widget"));
        return builder.Build();
    }

    public sealed class Widget
    {
        public int Uses { get; set; }
    }
}
