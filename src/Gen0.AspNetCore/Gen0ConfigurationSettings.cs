using Gen0.Buffers;
using Gen0.Diagnostics;
using Gen0.IO;
using Gen0.Pools;

namespace Gen0.AspNetCore;

/// <summary>
/// The configuration keys of each Gen0 options type: the property names, so that appsettings.json reads like the
/// options in code. Ranges are enforced by the options types themselves (setters, or the constructor of what they
/// configure); the words here only say what is allowed in the error message.
/// </summary>
internal static class Gen0ConfigurationSettings
{
    /// <summary>The section of <see cref="ScalableArrayPoolOptions"/> under the Gen0 section.</summary>
    public const string ArrayPoolSection = "ArrayPool";

    /// <summary>The section of <see cref="GcMonitorOptions"/> under the Gen0 section.</summary>
    public const string GcMonitorSection = "GcMonitor";

    /// <summary>The subsection of <see cref="GcMonitorSection"/> holding per-rule settings, keyed by <see cref="GcAlertRules"/> ids.</summary>
    public const string AlertsSection = "Alerts";

    /// <summary>The section under the Gen0 section where pooled services' <see cref="PoolOptions{T}"/> usually live (<c>Pools:&lt;name&gt;</c>).</summary>
    public const string PoolsSection = "Pools";

    /// <summary>The section of <see cref="PooledMemoryStreamOptions"/> under the Gen0 section (the container's <see cref="PooledMemoryStreamManager"/>).</summary>
    public const string StreamsSection = "Streams";

    public static readonly ConfigurationSetting<PooledMemoryStreamOptions>[] Streams =
    [
        ConfigurationSetting<PooledMemoryStreamOptions>.String(nameof(PooledMemoryStreamOptions.Name), "any text (the pool.name tag of the block pool's events and metrics)", (o, v) => o.Name = v),
        ConfigurationSetting<PooledMemoryStreamOptions>.Int32(nameof(PooledMemoryStreamOptions.BlockSize), $"an integer from 1 to {PooledMemoryStreamOptions.MaxBlockSize} (below the LOH threshold)", (o, v) => o.BlockSize = v),
        ConfigurationSetting<PooledMemoryStreamOptions>.Int64(nameof(PooledMemoryStreamOptions.MaxRetainedBytes), "a byte count of 0 or more", (o, v) => o.MaxRetainedBytes = v),
        ConfigurationSetting<PooledMemoryStreamOptions>.Duration(nameof(PooledMemoryStreamOptions.TrimAfter), $"a positive duration of at most {int.MaxValue / 2} ms, or Infinite", (o, v) => o.TrimAfter = v),
        ConfigurationSetting<PooledMemoryStreamOptions>.Int64(nameof(PooledMemoryStreamOptions.MaximumStreamCapacity), $"a byte count from 1 to {PooledMemoryStream.MaxLength}", (o, v) => o.MaximumStreamCapacity = v),
        ConfigurationSetting<PooledMemoryStreamOptions>.Enum<ClearMode>(nameof(PooledMemoryStreamOptions.ClearMode), (o, v) => o.ClearMode = v),
        ConfigurationSetting<PooledMemoryStreamOptions>.Boolean(nameof(PooledMemoryStreamOptions.ThrowExceptionOnToArray), (o, v) => o.ThrowExceptionOnToArray = v),
        ConfigurationSetting<PooledMemoryStreamOptions>.Boolean(nameof(PooledMemoryStreamOptions.CaptureCreationStack), (o, v) => o.CaptureCreationStack = v),
        ConfigurationSetting<PooledMemoryStreamOptions>.Boolean(nameof(PooledMemoryStreamOptions.DetectLeaks), (o, v) => o.DetectLeaks = v),
    ];

    public static readonly ConfigurationSetting<ScalableArrayPoolOptions>[] ArrayPool =
    [
        ConfigurationSetting<ScalableArrayPoolOptions>.String(nameof(ScalableArrayPoolOptions.Name), "any text (the pool.name tag of events and metrics)", (o, v) => o.Name = v),
        ConfigurationSetting<ScalableArrayPoolOptions>.Int32(nameof(ScalableArrayPoolOptions.MaxArrayLength), $"an integer from 1 to {Array.MaxLength}", (o, v) => o.MaxArrayLength = v),
        ConfigurationSetting<ScalableArrayPoolOptions>.Int32(nameof(ScalableArrayPoolOptions.MaxArraysPerShard), "an integer from 0 to 1048576", (o, v) => o.MaxArraysPerShard = v),
        ConfigurationSetting<ScalableArrayPoolOptions>.Int32(nameof(ScalableArrayPoolOptions.ShardCount), $"an integer from 1 to {ScalableArrayPoolOptions.MaxShardCount}", (o, v) => o.ShardCount = v),
        ConfigurationSetting<ScalableArrayPoolOptions>.Boolean(nameof(ScalableArrayPoolOptions.ThreadLocalCache), (o, v) => o.ThreadLocalCache = v),
        ConfigurationSetting<ScalableArrayPoolOptions>.Boolean(nameof(ScalableArrayPoolOptions.PinnedArrays), (o, v) => o.PinnedArrays = v),
        ConfigurationSetting<ScalableArrayPoolOptions>.Enum<SizeClasses>(nameof(ScalableArrayPoolOptions.SizeClasses), (o, v) => o.SizeClasses = v),
        ConfigurationSetting<ScalableArrayPoolOptions>.Int64(nameof(ScalableArrayPoolOptions.MaxRetainedBytes), $"a byte count from 0 to {long.MaxValue}", (o, v) => o.MaxRetainedBytes = v),
        ConfigurationSetting<ScalableArrayPoolOptions>.Duration(nameof(ScalableArrayPoolOptions.TrimAfter), $"a positive duration of at most {int.MaxValue / 2} ms", (o, v) => o.TrimAfter = v),
        ConfigurationSetting<ScalableArrayPoolOptions>.Enum<ClearMode>(nameof(ScalableArrayPoolOptions.ClearOnReturn), (o, v) => o.ClearOnReturn = v),
    ];

    public static readonly ConfigurationSetting<GcMonitorOptions>[] GcMonitor =
    [
        ConfigurationSetting<GcMonitorOptions>.Duration(nameof(GcMonitorOptions.PollingInterval), "a positive duration, 00:00:00 or Infinite (no timer)", (o, v) => o.PollingInterval = v),
        ConfigurationSetting<GcMonitorOptions>.Duration(nameof(GcMonitorOptions.Window), "a positive duration", (o, v) => o.Window = v),
        ConfigurationSetting<GcMonitorOptions>.Double(nameof(GcMonitorOptions.PauseTimeThresholdPercent), "a percentage of 0 or more", (o, v) => o.PauseTimeThresholdPercent = v),
        ConfigurationSetting<GcMonitorOptions>.Duration(nameof(GcMonitorOptions.MinimumPauseTimeWindow), "a duration of 0 or more", (o, v) => o.MinimumPauseTimeWindow = v),
        ConfigurationSetting<GcMonitorOptions>.Int64(nameof(GcMonitorOptions.InducedCollectionsThreshold), "a count of 0 or more", (o, v) => o.InducedCollectionsThreshold = v),
        ConfigurationSetting<GcMonitorOptions>.Boolean(nameof(GcMonitorOptions.TrackInducedCollections), (o, v) => o.TrackInducedCollections = v),
        ConfigurationSetting<GcMonitorOptions>.Int32(nameof(GcMonitorOptions.GrowthWindows), $"an integer from 1 to {GcMonitorOptions.MaxWindowHistory}", (o, v) => o.GrowthWindows = v),
        ConfigurationSetting<GcMonitorOptions>.Int64(nameof(GcMonitorOptions.LohGrowthThresholdBytes), "a byte count of 0 or more", (o, v) => o.LohGrowthThresholdBytes = v),
        ConfigurationSetting<GcMonitorOptions>.Double(nameof(GcMonitorOptions.PrivateBytesFactor), "a positive factor", (o, v) => o.PrivateBytesFactor = v),
        ConfigurationSetting<GcMonitorOptions>.NullableInt64(nameof(GcMonitorOptions.PrivateBytesBaseline), "a positive byte count, or null to learn it", (o, v) => o.PrivateBytesBaseline = v),
        ConfigurationSetting<GcMonitorOptions>.Int32(nameof(GcMonitorOptions.PrivateBytesBaselineWindows), $"an integer from 1 to {GcMonitorOptions.MaxWindowHistory}", (o, v) => o.PrivateBytesBaselineWindows = v),
        ConfigurationSetting<GcMonitorOptions>.Boolean(nameof(GcMonitorOptions.ReadPrivateBytes), (o, v) => o.ReadPrivateBytes = v),
        ConfigurationSetting<GcMonitorOptions>.Duration(nameof(GcMonitorOptions.PrivateBytesRefreshInterval), "a duration of 0 or more", (o, v) => o.PrivateBytesRefreshInterval = v),
    ];

    /// <summary>
    /// The settings of each alert rule, by rule id: <c>GcMonitor:Alerts:gc-pause-time:PauseTimeThresholdPercent</c>
    /// sets what <c>GcMonitor:PauseTimeThresholdPercent</c> sets, grouped under the rule it tunes.
    /// </summary>
    public static readonly IReadOnlyDictionary<string, ConfigurationSetting<GcMonitorOptions>[]> AlertRules = new Dictionary<string, ConfigurationSetting<GcMonitorOptions>[]>(StringComparer.OrdinalIgnoreCase)
    {
        [GcAlertRules.PauseTime] = Pick(nameof(GcMonitorOptions.PauseTimeThresholdPercent), nameof(GcMonitorOptions.MinimumPauseTimeWindow)),
        [GcAlertRules.InducedCollections] = Pick(nameof(GcMonitorOptions.InducedCollectionsThreshold), nameof(GcMonitorOptions.TrackInducedCollections)),
        [GcAlertRules.BlockingGen2Growth] = Pick(nameof(GcMonitorOptions.GrowthWindows)),
        [GcAlertRules.LohGrowth] = Pick(nameof(GcMonitorOptions.LohGrowthThresholdBytes), nameof(GcMonitorOptions.GrowthWindows)),
        [GcAlertRules.PrivateBytes] = Pick(nameof(GcMonitorOptions.PrivateBytesFactor), nameof(GcMonitorOptions.PrivateBytesBaseline), nameof(GcMonitorOptions.PrivateBytesBaselineWindows), nameof(GcMonitorOptions.ReadPrivateBytes), nameof(GcMonitorOptions.PrivateBytesRefreshInterval)),
    };

    /// <summary>The non-delegate settings of <see cref="PoolOptions{T}"/> (the factory and reset come from code and DI).</summary>
    public static ConfigurationSetting<PoolOptions<T>>[] Pool<T>()
        where T : class =>
    [
        ConfigurationSetting<PoolOptions<T>>.Int32(nameof(PoolOptions<T>.MaxRetained), $"an integer from 0 to {PoolOptions<T>.MaxRetainedLimit}", (o, v) => o.MaxRetained = v),
        ConfigurationSetting<PoolOptions<T>>.NullableInt32(nameof(PoolOptions<T>.MaxSize), "an integer of 1 or more, or null for no cap", (o, v) => o.MaxSize = v),
        ConfigurationSetting<PoolOptions<T>>.Enum<PoolExhaustedBehavior>(nameof(PoolOptions<T>.WhenExhausted), (o, v) => o.WhenExhausted = v),
        ConfigurationSetting<PoolOptions<T>>.Duration(nameof(PoolOptions<T>.WaitTimeout), $"a duration from 0 to {int.MaxValue} ms, or Infinite", (o, v) => o.WaitTimeout = v),
        ConfigurationSetting<PoolOptions<T>>.Int32(nameof(PoolOptions<T>.Prewarm), "an integer from 0 to MaxRetained (and MaxSize)", (o, v) => o.Prewarm = v),
        ConfigurationSetting<PoolOptions<T>>.Boolean(nameof(PoolOptions<T>.DisposeDropped), (o, v) => o.DisposeDropped = v),
        ConfigurationSetting<PoolOptions<T>>.Boolean(nameof(PoolOptions<T>.TrackOwnership), (o, v) => o.TrackOwnership = v),
        ConfigurationSetting<PoolOptions<T>>.Duration(nameof(PoolOptions<T>.TrimAfter), "a positive duration, or Infinite (no trimming)", (o, v) => o.TrimAfter = v),
    ];

    private static ConfigurationSetting<GcMonitorOptions>[] Pick(params string[] keys) => [.. GcMonitor.Where(s => keys.Contains(s.Key))];
}
