using Gen0.Diagnostics;
using Gen0.IO;
using Gen0.Pools;

namespace Gen0.AspNetCore;

/// <summary>
/// The rules of the options types that are checked by what they configure rather than by their setters, applied at
/// start-up by building a throwaway instance: the rules live once, in the types, and the message names the key.
/// </summary>
internal static class Gen0OptionsValidation
{
    /// <summary>Checks <paramref name="options"/> as <see cref="GcMonitor"/>'s constructor does.</summary>
    public static string? GcMonitor(GcMonitorOptions options, string path)
    {
        try
        {
            // With no polling the probe starts no timer; every other setting is checked as given.
            TimeSpan polling = options.PollingInterval;
            bool pollingValid = polling >= TimeSpan.Zero || polling == Timeout.InfiniteTimeSpan;
            using GcMonitor probe = new(Probe(options, pollingValid ? Timeout.InfiniteTimeSpan : polling));
            return null;
        }
        catch (ArgumentException ex)
        {
            return ConfigurationSectionBinder.Describe(path, ex);
        }
    }

    /// <summary>Checks <paramref name="options"/> as <see cref="PooledMemoryStreamManager"/>'s constructor does.</summary>
    public static string? Streams(PooledMemoryStreamOptions options, string path)
    {
        try
        {
            options.Validate();
            return null;
        }
        catch (ArgumentException ex)
        {
            return ConfigurationSectionBinder.Describe(path, ex);
        }
    }

    /// <summary>Checks the non-delegate settings of <paramref name="options"/> as <see cref="Pool{T}"/>'s constructor does.</summary>
    public static string? Pool<T>(PoolOptions<T> options, string path)
        where T : class
    {
        try
        {
            using Pool<object> probe = new(new PoolOptions<object>
            {
                Factory = static () => new object(),
                MaxRetained = options.MaxRetained,
                MaxSize = options.MaxSize,
                WhenExhausted = options.WhenExhausted,
                WaitTimeout = options.WaitTimeout,
                Prewarm = options.Prewarm,
                DisposeDropped = options.DisposeDropped,
                TrackOwnership = options.TrackOwnership,
                TrimAfter = options.TrimAfter,
            });
            return null;
        }
        catch (ArgumentException ex)
        {
            return ConfigurationSectionBinder.Describe(path, ex);
        }
    }

    private static GcMonitorOptions Probe(GcMonitorOptions options, TimeSpan polling) => new()
    {
        PollingInterval = polling,
        Window = options.Window,
        PauseTimeThresholdPercent = options.PauseTimeThresholdPercent,
        MinimumPauseTimeWindow = options.MinimumPauseTimeWindow,
        InducedCollectionsThreshold = options.InducedCollectionsThreshold,

        // The probe must not start an EventListener: tracking is a switch with nothing to check.
        TrackInducedCollections = false,
        GrowthWindows = options.GrowthWindows,
        LohGrowthThresholdBytes = options.LohGrowthThresholdBytes,
        PrivateBytesFactor = options.PrivateBytesFactor,
        PrivateBytesBaseline = options.PrivateBytesBaseline,
        PrivateBytesBaselineWindows = options.PrivateBytesBaselineWindows,
        ReadPrivateBytes = false,
        PrivateBytesRefreshInterval = options.PrivateBytesRefreshInterval,
    };
}
