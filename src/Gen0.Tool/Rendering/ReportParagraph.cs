namespace Gen0.Tool.Rendering;

/// <summary>A paragraph of plain text.</summary>
internal sealed record ReportParagraph(string Text);
