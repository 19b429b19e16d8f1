using Microsoft.Diagnostics.Tracing.Parsers.Clr;

namespace Gen0.Tool.Analysis;

/// <summary>What each GC reason means for a service, and what to look at.</summary>
internal static class GcReasons
{
    public static string Name(GCReason reason) => reason switch
    {
        GCReason.AllocSmall => "AllocSmall",
        GCReason.AllocLarge => "AllocLarge",
        GCReason.Induced => "Induced",
        GCReason.InducedNotForced => "InducedNotForced",
        GCReason.InducedCompacting => "InducedCompacting",
        GCReason.InducedLowMemory => "InducedLowMemory",
        GCReason.LowMemory => "LowMemory",
        GCReason.LowMemoryHost => "LowMemoryHost",
        GCReason.LowMemoryHostBlocking => "LowMemoryHostBlocking",
        GCReason.OutOfSpaceSOH => "OutOfSpaceSOH",
        GCReason.OutOfSpaceLOH => "OutOfSpaceLOH",
        GCReason.Empty => "Empty",
        GCReason.Internal => "Internal",
        GCReason.PMFullGC => "PMFullGC",
        _ => ((int)reason).ToString(System.Globalization.CultureInfo.InvariantCulture),
    };

    public static string Meaning(GCReason reason) => reason switch
    {
        GCReason.AllocLarge or GCReason.OutOfSpaceLOH =>
            "the LOH allocation budget ran out: every LOH allocation brings the next gen 2 closer. Remove the LOH culprits below.",
        GCReason.AllocSmall or GCReason.OutOfSpaceSOH =>
            "gen 0 allocations escalated to gen 2 (objects that live just long enough to be promoted, or a full gen 2 budget): cut what survives a request.",
        GCReason.Induced or GCReason.InducedNotForced or GCReason.InducedCompacting =>
            "code called GC.Collect (see who below): remove the call or make it conditional.",
        GCReason.InducedLowMemory =>
            "the runtime collected after a low-memory notification (GC.AddMemoryPressure or the host).",
        GCReason.LowMemory or GCReason.LowMemoryHost or GCReason.LowMemoryHostBlocking =>
            "memory load reached the GC's high threshold (or the container limit): reduce the heap, or raise the limit.",
        _ => "an internal reason of the GC.",
    };
}
