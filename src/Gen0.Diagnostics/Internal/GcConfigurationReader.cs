using System.Runtime;

namespace Gen0.Diagnostics.Internal;

/// <summary>Reads <see cref="GcConfiguration"/> from the runtime (a dictionary per call: read once per monitor, not per poll).</summary>
internal static class GcConfigurationReader
{
    public static GcConfiguration Read()
    {
        IReadOnlyDictionary<string, object> variables = GC.GetConfigurationVariables();
        bool server = GCSettings.IsServerGC;
        return new GcConfiguration
        {
            IsServer = server,
            IsConcurrent = Bool(variables, "ConcurrentGC") ?? GCSettings.LatencyMode != GCLatencyMode.Batch,
            LatencyMode = GCSettings.LatencyMode,
            HeapCount = (int)Math.Clamp(Long(variables, "HeapCount") ?? (server ? Environment.ProcessorCount : 1), 1, int.MaxValue),
            DynamicAdaptation = server && Long(variables, "GCDynamicAdaptationMode") == 1,
            HeapHardLimitBytes = Long(variables, "GCHeapHardLimit") ?? 0,
            HighMemoryLoadPercent = (int)Math.Clamp(Long(variables, "GCHighMemPercent") ?? 90, 0, 100),
            ConserveMemory = (int)Math.Clamp(Long(variables, "GCConserveMem") ?? 0, 0, 9),
            LargeObjectHeapThresholdBytes = Long(variables, "LOHThreshold") ?? 85_000,
        };
    }

    private static long? Long(IReadOnlyDictionary<string, object> variables, string key) =>
        variables.TryGetValue(key, out object? value) ? value switch
        {
            long l => l,
            int i => i,
            ulong u => (long)Math.Min(u, long.MaxValue),
            _ => null,
        } : null;

    private static bool? Bool(IReadOnlyDictionary<string, object> variables, string key) =>
        variables.TryGetValue(key, out object? value) && value is bool b ? b : null;
}
