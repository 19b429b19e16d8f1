using System.Globalization;

namespace Gen0.Diagnostics;

/// <summary>
/// Collections in a window, exclusive per generation (a gen 1 GC counts under <see cref="Gen1"/> only, not also under
/// <see cref="Gen0"/>), the way PerfView's GCStats and the <c>dotnet.gc.collections</c> metric count them.
/// </summary>
public sealed class GcCollectionCounts
{
    /// <summary>Collections of gen 0 only.</summary>
    public long Gen0 { get; init; }

    /// <summary>Collections of gen 1 (and gen 0).</summary>
    public long Gen1 { get; init; }

    /// <summary>Full collections (gen 2), blocking and background.</summary>
    public long Gen2 { get; init; }

    /// <summary>Gen 2 collections that blocked the application for their whole length.</summary>
    public long BlockingGen2 { get; init; }

    /// <summary>Background gen 2 collections.</summary>
    public long BackgroundGen2 { get; init; }

    /// <summary>
    /// Whether <see cref="BlockingGen2"/> and <see cref="BackgroundGen2"/> are exact (counted from the runtime's events)
    /// rather than inferred from polling, which cannot split two kinds of gen 2 that both ran between two polls.
    /// </summary>
    public bool Gen2SplitIsExact { get; init; }

    /// <summary>Induced collections (<see cref="GC.Collect()"/> and friends); <see langword="null"/> when unknown (no recorder).</summary>
    public long? Induced { get; init; }

    /// <summary>All collections: <see cref="Gen0"/> + <see cref="Gen1"/> + <see cref="Gen2"/>.</summary>
    public long Total => Gen0 + Gen1 + Gen2;

    /// <summary>The figures on one line: <c>gen0 12, gen1 3, gen2 1 (blocking 1, background 0), induced 1</c>.</summary>
    public override string ToString() =>
        string.Create(CultureInfo.InvariantCulture, $"gen0 {Gen0}, gen1 {Gen1}, gen2 {Gen2} (blocking {BlockingGen2}, background {BackgroundGen2}{(Gen2SplitIsExact ? "" : ", from polling")}), induced {(Induced is long i ? i.ToString(CultureInfo.InvariantCulture) : "unknown")}");
}
