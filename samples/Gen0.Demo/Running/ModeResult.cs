namespace Gen0.Demo.Running;

/// <summary>What one mode's child process measured; serialized to JSON between the child and the parent.</summary>
public sealed class ModeResult
{
    public string Mode { get; set; } = "";

    public string Runtime { get; set; } = "";

    public string GcMode { get; set; } = "";

    public int Threads { get; set; }

    public long Requests { get; set; }

    public double DurationSeconds { get; set; }

    public double RequestsPerSecond { get; set; }

    public double MeanLatencyMs { get; set; }

    public double P50LatencyMs { get; set; }

    public double P99LatencyMs { get; set; }

    public double MaxLatencyMs { get; set; }

    public double AllocatedBytesPerRequest { get; set; }

    public long Gen0Collections { get; set; }

    public long Gen1Collections { get; set; }

    public long Gen2Collections { get; set; }

    public long BlockingGen2Collections { get; set; }

    public long BackgroundGen2Collections { get; set; }

    public long InducedCollections { get; set; }

    public double TimeInGcPercent { get; set; }

    public double MaxPauseMs { get; set; }

    public long LohAllocatedBytes { get; set; }

    public long PeakWorkingSetBytes { get; set; }

    public List<TypeBytes> TopLohTypes { get; set; } = [];

    /// <summary>Gets or sets the ids of the <c>GcMonitor</c> rules that fired during the run.</summary>
    public List<string> Alerts { get; set; } = [];

    public List<HeapSample> HeapTimeline { get; set; } = [];

    public List<PauseSample> Pauses { get; set; } = [];

    /// <summary>Gets or sets the digest of each measured request's response, indexed by request id (between processes only).</summary>
    [System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    public List<ulong>? OutputDigests { get; set; } = [];
}

/// <summary>Bytes attributed to one type.</summary>
public sealed record TypeBytes(string Type, long Bytes);

/// <summary>The managed heap per generation after the last GC, as <c>GcMonitor</c> saw it <see cref="Seconds"/> into the run.</summary>
public sealed record HeapSample(double Seconds, long Gen0Bytes, long Gen1Bytes, long Gen2Bytes, long LohBytes, long PohBytes);

/// <summary>One GC pause: when, how long, which generation, and whether it blocked.</summary>
public sealed record PauseSample(double Seconds, double PauseMs, int Generation, bool Background, string Reason);
