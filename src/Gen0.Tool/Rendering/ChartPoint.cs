namespace Gen0.Tool.Rendering;

/// <summary>A point of a chart series; <see cref="Label"/> names a bar's category.</summary>
internal readonly record struct ChartPoint(double X, double Y, string? Label = null);
