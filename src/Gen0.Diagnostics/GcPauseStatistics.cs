using System.Globalization;
using System.Text.Json.Serialization;
using Gen0.Diagnostics.Internal;

namespace Gen0.Diagnostics;

/// <summary>
/// The distribution of GC pauses in a window, from <see cref="GCMemoryInfo.PauseDurations"/> of the collections the
/// monitor saw. Polling sees the last GC of each kind at each poll, so when several ephemeral GCs run between two polls
/// only the last is in the distribution: <see cref="ObservedCollections"/> says how many it holds.
/// </summary>
public sealed class GcPauseStatistics
{
    /// <summary>How many collections' pauses the statistics are computed from.</summary>
    public int ObservedCollections { get; init; }

    /// <summary>The longest pause; JSON <c>maxMs</c>.</summary>
    [JsonPropertyName("maxMs")]
    [JsonConverter(typeof(MillisecondsJsonConverter))]
    public TimeSpan Max { get; init; }

    /// <summary>The median pause (nearest rank); JSON <c>p50Ms</c>.</summary>
    [JsonPropertyName("p50Ms")]
    [JsonConverter(typeof(MillisecondsJsonConverter))]
    public TimeSpan P50 { get; init; }

    /// <summary>The 99th percentile pause (nearest rank); JSON <c>p99Ms</c>.</summary>
    [JsonPropertyName("p99Ms")]
    [JsonConverter(typeof(MillisecondsJsonConverter))]
    public TimeSpan P99 { get; init; }

    /// <summary>The figures on one line: <c>max 12.30 ms, p50 1.10 ms, p99 9.80 ms over 42 GCs</c>.</summary>
    public override string ToString() =>
        string.Create(CultureInfo.InvariantCulture, $"max {Max.TotalMilliseconds:F2} ms, p50 {P50.TotalMilliseconds:F2} ms, p99 {P99.TotalMilliseconds:F2} ms over {ObservedCollections} GCs");
}
