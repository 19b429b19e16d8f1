using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;

namespace Gen0.Analyzers;

/// <summary>Code quoted in a diagnostic message: one line, at most 60 characters.</summary>
internal static class DiagnosticText
{
    private const int MaxLength = 60;

    public static string Quote(SyntaxNode node)
    {
        string text = Regex.Replace(node.ToString(), @"\s+", " ");
        return text.Length > MaxLength ? text.Substring(0, MaxLength - 3) + "..." : text;
    }
}
