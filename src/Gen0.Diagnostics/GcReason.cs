namespace Gen0.Diagnostics;

/// <summary>Why the runtime started a collection (the values match the <c>Reason</c> field of its <c>GCStart</c> event).</summary>
public enum GcReason
{
    /// <summary>The small object allocation budget ran out.</summary>
    AllocSmall = 0,

    /// <summary>Code called <see cref="GC.Collect()"/> (forced).</summary>
    Induced = 1,

    /// <summary>The operating system reported low memory.</summary>
    LowMemory = 2,

    /// <summary>An empty collection.</summary>
    Empty = 3,

    /// <summary>The large object allocation budget ran out.</summary>
    AllocLarge = 4,

    /// <summary>The small object heap ran out of space.</summary>
    OutOfSpaceSoh = 5,

    /// <summary>The large object heap ran out of space.</summary>
    OutOfSpaceLoh = 6,

    /// <summary>Code called <see cref="GC.Collect(int, GCCollectionMode)"/> with <see cref="GCCollectionMode.Optimized"/> and the GC agreed.</summary>
    InducedNotForced = 7,

    /// <summary>The runtime's own stress or internal trigger.</summary>
    Internal = 8,

    /// <summary>Induced because of low memory (for example <c>GC.AddMemoryPressure</c> or a memory limit).</summary>
    InducedLowMemory = 9,

    /// <summary>Code asked for a compacting collection.</summary>
    InducedCompacting = 10,

    /// <summary>The host reported low memory.</summary>
    LowMemoryHost = 11,

    /// <summary>A provisional-mode full collection.</summary>
    PmFullGc = 12,

    /// <summary>The host reported low memory and asked for a blocking collection.</summary>
    LowMemoryHostBlocking = 13,
}
