namespace Gen0.Tool.Rendering;

/// <summary>A call stack, innermost frame first, under a title.</summary>
internal sealed record ReportStack(string Title, IReadOnlyList<string> Frames);
