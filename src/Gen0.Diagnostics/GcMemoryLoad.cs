using System.Globalization;

namespace Gen0.Diagnostics;

/// <summary>
/// The memory load the GC saw at the last collection, against the memory it may use (the container's limit, the
/// heap hard limit or the machine's memory) and its high-load threshold, above which it collects more aggressively
/// and compacts: what a service in a container is judged by.
/// </summary>
public sealed class GcMemoryLoad
{
    /// <summary>Memory in use, as the GC measured it at the last GC (<see cref="GCMemoryInfo.MemoryLoadBytes"/>); 0 before the first GC.</summary>
    public long LoadBytes { get; init; }

    /// <summary>The memory the GC may use (<see cref="GCMemoryInfo.TotalAvailableMemoryBytes"/>): the container or hard limit when there is one.</summary>
    public long AvailableBytes { get; init; }

    /// <summary>The load above which the GC treats memory as high (<see cref="GCMemoryInfo.HighMemoryLoadThresholdBytes"/>).</summary>
    public long HighLoadThresholdBytes { get; init; }

    /// <summary><see cref="LoadBytes"/> as a percentage of <see cref="AvailableBytes"/>; 0 when unknown.</summary>
    public double LoadPercentage => AvailableBytes <= 0 ? 0 : 100.0 * LoadBytes / AvailableBytes;

    /// <summary>Whether the load is at or above the GC's high-load threshold.</summary>
    public bool IsHigh => HighLoadThresholdBytes > 0 && LoadBytes >= HighLoadThresholdBytes;

    /// <summary>One line: <c>1,234 B of 8,000 B (15.4 %), high at 7,200 B</c>.</summary>
    public override string ToString() =>
        string.Create(CultureInfo.InvariantCulture, $"{LoadBytes:N0} B of {AvailableBytes:N0} B ({LoadPercentage:F1} %), high at {HighLoadThresholdBytes:N0} B");
}
