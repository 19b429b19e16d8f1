namespace Gen0.Tool.Rendering;

/// <summary>How a <see cref="ReportChart"/> draws.</summary>
internal enum ChartKind
{
    Bars,
    Lines,
    Spikes,
}
