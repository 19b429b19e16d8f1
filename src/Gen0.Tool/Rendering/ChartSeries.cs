namespace Gen0.Tool.Rendering;

/// <summary>One series of a chart: a legend label, a colour, and points (for bars, X is the index and Label the category).</summary>
internal sealed class ChartSeries(string label, string color, string dash = "")
{
    public string Label { get; } = label;

    public string Color { get; } = color;

    public string Dash { get; } = dash;

    public List<ChartPoint> Points { get; } = [];
}
