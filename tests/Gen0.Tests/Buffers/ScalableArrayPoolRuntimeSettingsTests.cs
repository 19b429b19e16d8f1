using Gen0.Buffers;

namespace Gen0.Tests.Buffers;

/// <summary>
/// Issue 27: <see cref="ScalableArrayPool{T}.Shared"/> is sized without code, from runtimeconfig.json properties and
/// environment variables (the environment wins), and a wrong setting names itself, its source and what it takes.
/// </summary>
public sealed class ScalableArrayPoolRuntimeSettingsTests
{
    [Fact]
    public void NoSettings_GiveTheDefaults()
    {
        ScalableArrayPoolOptions options = Read([], []);
        var defaults = new ScalableArrayPoolOptions();
        Assert.Equal("Shared", options.Name);
        Assert.Equal(defaults.MaxArrayLength, options.MaxArrayLength);
        Assert.Equal(defaults.MaxArraysPerShard, options.MaxArraysPerShard);
        Assert.Equal(defaults.ShardCount, options.ShardCount);
        Assert.Equal(defaults.MaxRetainedBytes, options.MaxRetainedBytes);
        Assert.Equal(defaults.TrimAfter, options.TrimAfter);
        Assert.Equal(defaults.ThreadLocalCache, options.ThreadLocalCache);
        Assert.Equal(defaults.SizeClasses, options.SizeClasses);
        Assert.Equal(defaults.ClearOnReturn, options.ClearOnReturn);
    }

    [Fact]
    public void EverySetting_IsRead_FromTheEnvironment()
    {
        ScalableArrayPoolOptions options = Read(
            new()
            {
                ["GEN0_SHAREDARRAYPOOL_MAXARRAYLENGTH"] = "1048576",
                ["GEN0_SHAREDARRAYPOOL_MAXARRAYSPERSHARD"] = "0",
                ["GEN0_SHAREDARRAYPOOL_SHARDCOUNT"] = "1024",
                ["GEN0_SHAREDARRAYPOOL_MAXRETAINEDBYTES"] = "268435456",
                ["GEN0_SHAREDARRAYPOOL_THREADLOCALCACHE"] = "false",
                ["GEN0_SHAREDARRAYPOOL_SIZECLASSES"] = "fine",
                ["GEN0_SHAREDARRAYPOOL_TRIMAFTER"] = "00:00:05",
                ["GEN0_SHAREDARRAYPOOL_CLEARONRETURN"] = " Always ",
            },
            []);
        Assert.Equal(1 << 20, options.MaxArrayLength);
        Assert.Equal(0, options.MaxArraysPerShard);
        Assert.Equal(1024, options.ShardCount);
        Assert.Equal(256L << 20, options.MaxRetainedBytes);
        Assert.False(options.ThreadLocalCache);
        Assert.Equal(SizeClasses.Fine, options.SizeClasses);
        Assert.Equal(TimeSpan.FromSeconds(5), options.TrimAfter);
        Assert.Equal(ClearMode.Always, options.ClearOnReturn);
    }

    [Fact]
    public void RuntimeConfig_IsRead_AndTheEnvironmentWinsOverIt()
    {
        ScalableArrayPoolOptions options = Read(
            new() { ["GEN0_SHAREDARRAYPOOL_MAXRETAINEDBYTES"] = "1024" },
            new()
            {
                ["Gen0.SharedArrayPool.MaxRetainedBytes"] = "4096",
                ["Gen0.SharedArrayPool.TrimAfter"] = "Infinite",
                ["Gen0.SharedArrayPool.ShardCount"] = 3, // runtimeconfig.json numbers arrive as numbers
            });
        Assert.Equal(1024, options.MaxRetainedBytes);
        Assert.Equal(Timeout.InfiniteTimeSpan, options.TrimAfter);
        Assert.Equal(3, options.ShardCount);
    }

    [Theory]
    [InlineData("MAXRETAINEDBYTES", "-1", "MaxRetainedBytes takes a byte count, 0 or more")]
    [InlineData("MAXRETAINEDBYTES", "1GB", "MaxRetainedBytes takes a byte count")]
    [InlineData("MAXARRAYLENGTH", "0", "MaxArrayLength takes an integer from 1 to")]
    [InlineData("MAXARRAYLENGTH", "99999999999", "MaxArrayLength takes an integer from 1 to")]
    [InlineData("MAXARRAYSPERSHARD", "2000000", "MaxArraysPerShard takes an integer from 0 to 1048576")]
    [InlineData("SHARDCOUNT", "0", "ShardCount takes an integer from 1 to 1024")]
    [InlineData("THREADLOCALCACHE", "yes", "ThreadLocalCache takes true or false")]
    [InlineData("SIZECLASSES", "1", "SizeClasses takes PowerOfTwo or Fine")]
    [InlineData("CLEARONRETURN", "Sometimes", "ClearOnReturn takes Auto, Always or Never")]
    [InlineData("TRIMAFTER", "0", "TrimAfter takes a positive time span")]
    [InlineData("TRIMAFTER", "soon", "TrimAfter takes a positive time span")]
    public void AWrongSetting_NamesItsVariable_AndWhatItTakes(string option, string value, string expected)
    {
        string variable = "GEN0_SHAREDARRAYPOOL_" + option;
        var error = Assert.ThrowsAny<ArgumentException>(() => Read(new() { [variable] = value }, []));
        Assert.Contains("environment variable " + variable, error.Message);
        Assert.Contains($"'{value}'", error.Message);
        Assert.Contains(expected, error.Message);
    }

    [Fact]
    public void AWrongRuntimeConfigProperty_NamesTheProperty()
    {
        var error = Assert.ThrowsAny<ArgumentException>(() => Read([], new() { ["Gen0.SharedArrayPool.ShardCount"] = "many" }));
        Assert.Contains("runtimeconfig.json property Gen0.SharedArrayPool.ShardCount", error.Message);
    }

    [Fact]
    public void TheSharedPool_UsesTheSettings()
    {
        // A harmless value (one byte over the default budget) on an element type no other test uses, so a test that
        // creates another Shared meanwhile is not disturbed.
        Environment.SetEnvironmentVariable("GEN0_SHAREDARRAYPOOL_MAXRETAINEDBYTES", "1073741825");
        try
        {
            Assert.Equal(1073741825, ScalableArrayPool<OnlyHere>.Shared.MaxRetainedBytes);
        }
        finally
        {
            Environment.SetEnvironmentVariable("GEN0_SHAREDARRAYPOOL_MAXRETAINEDBYTES", null);
        }
    }

    private static ScalableArrayPoolOptions Read(Dictionary<string, string> environment, Dictionary<string, object> runtimeConfig) =>
        ScalableArrayPoolOptions.FromRuntimeSettings(
            name => environment.TryGetValue(name, out string? value) ? value : null,
            name => runtimeConfig.TryGetValue(name, out object? value) ? value : null);

    private readonly record struct OnlyHere(int Value);
}
