namespace Gen0.Tool;

/// <summary>Where a verb writes its report: the terminal or a pipe (the default), JSON, and an HTML file.</summary>
internal sealed record OutputOptions(bool Json, string? HtmlPath);
