using Microsoft.Diagnostics.Tracing.Parsers.Clr;

namespace Gen0.Tool.Analysis;

/// <summary>One collection as <see cref="GcEventFold"/> assembles it from the runtime's events.</summary>
internal sealed class GcRecord
{
    public long Number { get; init; }

    public int Generation { get; init; }

    public GCType Type { get; init; }

    public GCReason Reason { get; init; }

    /// <summary>Milliseconds since the start of the trace.</summary>
    public double StartMs { get; init; }

    /// <summary>The time the process was suspended for this GC (both pauses of a background GC).</summary>
    public double PauseMs { get; set; }

    public bool Ended { get; set; }

    /// <summary>Heap statistics after the GC, when the runtime sent them.</summary>
    public GcHeapAfter? HeapAfter { get; set; }

    /// <summary>Memory load in percent at the GC (GCGlobalHeapHistory), when sent.</summary>
    public int? MemoryLoadPercent { get; set; }

    /// <summary>For an induced GC, the stack of the thread that triggered it (innermost first), when stacks are known.</summary>
    public ResolvedStack? TriggerStack { get; set; }

    public bool IsInduced => Reason is GCReason.Induced or GCReason.InducedNotForced or GCReason.InducedCompacting or GCReason.InducedLowMemory;

    public string TypeName => Type switch
    {
        GCType.BackgroundGC => "Background",
        GCType.ForegroundGC => "Foreground",
        _ => "Blocking",
    };
}
