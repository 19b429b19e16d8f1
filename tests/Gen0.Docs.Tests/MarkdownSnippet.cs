namespace Gen0.Docs.Tests;

/// <summary>One fenced code block of a markdown file.</summary>
/// <param name="File">The file's path relative to the repository root, with forward slashes.</param>
/// <param name="Line">The 1-based line of the opening fence.</param>
/// <param name="InfoString">Everything after the opening fence's backticks or tildes (language and flags).</param>
/// <param name="Code">The block's text, without the fences.</param>
/// <param name="TextBefore">The nearest non-empty line above the opening fence (where an opt-out states its reason).</param>
public sealed record MarkdownSnippet(string File, int Line, string InfoString, string Code, string TextBefore)
{
    /// <summary>The language: the info string's first word, lower case.</summary>
    public string Language => InfoString.Split(' ', StringSplitOptions.RemoveEmptyEntries).FirstOrDefault()?.ToLowerInvariant() ?? "";

    /// <summary>Whether the info string carries the <c>ignore</c> flag (<c>```csharp ignore</c>).</summary>
    public bool IsIgnored => InfoString.Split(' ', StringSplitOptions.RemoveEmptyEntries).Skip(1).Contains("ignore", StringComparer.OrdinalIgnoreCase);

    /// <summary>Whether this is a C# block.</summary>
    public bool IsCSharp => Language is "csharp" or "cs" or "c#";

    /// <inheritdoc/>
    public override string ToString() => $"{File}:{Line}";
}
