namespace Gen0.Docs.Tests;

/// <summary>
/// Extracts fenced code blocks from CommonMark text: an opening fence of at least three backticks or tildes (indented
/// by at most three spaces) closes at the first fence of the same character that is at least as long and carries no
/// info string; an unterminated fence runs to the end of the file, as CommonMark says, and is reported as an error
/// here because a README never means that.
/// </summary>
public static class MarkdownSnippets
{
    /// <summary>The markdown files whose C# blocks must compile: README.md, docs/**/*.md and each package's README.</summary>
    public static IEnumerable<string> DocumentationFiles(string root)
    {
        yield return Path.Combine(root, "README.md");
        foreach (string file in Directory.EnumerateFiles(Path.Combine(root, "docs"), "*.md", SearchOption.AllDirectories).Order(StringComparer.Ordinal))
        {
            yield return file;
        }

        foreach (string file in Directory.EnumerateFiles(Path.Combine(root, "src"), "README.md", SearchOption.AllDirectories).Order(StringComparer.Ordinal))
        {
            yield return file;
        }
    }

    /// <summary>Every fenced block of <paramref name="markdown"/>.</summary>
    /// <exception cref="FormatException">A fence is never closed.</exception>
    public static IReadOnlyList<MarkdownSnippet> Parse(string file, string markdown)
    {
        ArgumentNullException.ThrowIfNull(markdown);
        string[] lines = markdown.ReplaceLineEndings("\n").Split('\n');
        var snippets = new List<MarkdownSnippet>();
        string textBefore = "";
        for (int i = 0; i < lines.Length; i++)
        {
            if (!TryReadFence(lines[i], out char fenceChar, out int fenceLength, out int indent, out string info))
            {
                if (lines[i].Trim().Length > 0)
                {
                    textBefore = lines[i].Trim();
                }

                continue;
            }

            int open = i;
            var code = new List<string>();
            bool closed = false;
            for (i++; i < lines.Length; i++)
            {
                if (TryReadFence(lines[i], out char c, out int length, out _, out string closingInfo) && c == fenceChar && length >= fenceLength && closingInfo.Length == 0)
                {
                    closed = true;
                    break;
                }

                code.Add(RemoveIndent(lines[i], indent));
            }

            if (!closed)
            {
                throw new FormatException($"{file}:{open + 1}: the code fence '{new string(fenceChar, fenceLength)}{info}' is never closed.");
            }

            snippets.Add(new MarkdownSnippet(file, open + 1, info, string.Join('\n', code), textBefore));
            textBefore = "";
        }

        return snippets;
    }

    private static bool TryReadFence(string line, out char fenceChar, out int length, out int indent, out string info)
    {
        fenceChar = '\0';
        length = 0;
        info = "";
        indent = 0;
        while (indent < line.Length && line[indent] == ' ')
        {
            indent++;
        }

        if (indent > 3 || indent >= line.Length || (line[indent] != '`' && line[indent] != '~'))
        {
            return false;
        }

        fenceChar = line[indent];
        int end = indent;
        while (end < line.Length && line[end] == fenceChar)
        {
            end++;
        }

        length = end - indent;
        if (length < 3)
        {
            return false;
        }

        info = line[end..].Trim();
        return fenceChar != '`' || !info.Contains('`', StringComparison.Ordinal); // a backtick fence's info string has no backtick
    }

    private static string RemoveIndent(string line, int indent)
    {
        int remove = 0;
        while (remove < indent && remove < line.Length && line[remove] == ' ')
        {
            remove++;
        }

        return line[remove..];
    }
}
