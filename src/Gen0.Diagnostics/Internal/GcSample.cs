namespace Gen0.Diagnostics.Internal;

/// <summary>One poll: the runtime's figures, when they were read, and the monitor's running gen 2 split.</summary>
internal struct GcSample
{
    public long Timestamp;
    public DateTimeOffset CapturedAt;
    public GcFigures Figures;

    /// <summary>Blocking gen 2 collections since the monitor started (exact from the recorder, else inferred).</summary>
    public long BlockingGen2Total;

    /// <summary>Background gen 2 collections since the monitor started (exact from the recorder, else inferred).</summary>
    public long BackgroundGen2Total;
}
