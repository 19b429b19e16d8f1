namespace Gen0.Tool.Rendering;

/// <summary>
/// A chart for the HTML report (text renderers skip it: its figures are in a table beside it). <see cref="ChartKind.Bars"/>
/// draws one horizontal bar per category; <see cref="ChartKind.Lines"/> draws each series over x; <see cref="ChartKind.Spikes"/>
/// draws each point as a vertical bar at its x (a pause timeline).
/// </summary>
internal sealed class ReportChart(ChartKind kind, string title, string xTitle, string yTitle)
{
    public ChartKind Kind { get; } = kind;

    public string Title { get; } = title;

    public string XTitle { get; } = xTitle;

    public string YTitle { get; } = yTitle;

    public List<ChartSeries> Series { get; } = [];
}
