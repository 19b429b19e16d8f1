namespace Gen0.Diagnostics.Internal;

/// <summary>
/// Where <see cref="GcMonitor"/> reads its figures: the runtime in production, a scripted fake in tests.
/// </summary>
internal interface IGcDataSource
{
    /// <summary>Fills <paramref name="figures"/> with the current readings.</summary>
    void Read(ref GcFigures figures);
}
