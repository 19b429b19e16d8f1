namespace Gen0.Docs.Tests;

/// <summary>The fence extractor on the CommonMark cases a README can contain.</summary>
public class MarkdownSnippetsTests
{
    [Fact]
    public void Empty_AndNoFences_GiveNothing()
    {
        Assert.Empty(MarkdownSnippets.Parse("a.md", ""));
        Assert.Empty(MarkdownSnippets.Parse("a.md", "text\n`inline` and ``two``\n"));
    }

    [Fact]
    public void Block_KeepsItsCode_InfoString_Line_AndTheTextAbove()
    {
        MarkdownSnippet s = Assert.Single(MarkdownSnippets.Parse("a.md", "# T\n\nSee below:\n\n```csharp\nint x = 1;\n\nint y = 2;\n```\nafter"));
        Assert.Equal("int x = 1;\n\nint y = 2;", s.Code);
        Assert.Equal(5, s.Line);
        Assert.Equal("csharp", s.Language);
        Assert.True(s.IsCSharp);
        Assert.False(s.IsIgnored);
        Assert.Equal("See below:", s.TextBefore);
        Assert.Equal("a.md:5", s.ToString());
    }

    [Theory]
    [InlineData("csharp ignore", true)]
    [InlineData("csharp IGNORE", true)]
    [InlineData("csharp", false)]
    [InlineData("ignore", false)] // the language is "ignore", not the flag
    public void IgnoreFlag_IsAWordAfterTheLanguage(string info, bool ignored) =>
        Assert.Equal(ignored, Assert.Single(MarkdownSnippets.Parse("a.md", $"```{info}\nx\n```")).IsIgnored);

    [Fact]
    public void LongerFence_ContainsShorterOnes()
    {
        MarkdownSnippet s = Assert.Single(MarkdownSnippets.Parse("a.md", "````markdown\n```csharp\nx\n```\n````"));
        Assert.Equal("```csharp\nx\n```", s.Code);
    }

    [Fact]
    public void TildeFence_IsNotClosedByBackticks()
    {
        MarkdownSnippet s = Assert.Single(MarkdownSnippets.Parse("a.md", "~~~cs\na\n```\nb\n~~~"));
        Assert.Equal("a\n```\nb", s.Code);
        Assert.True(s.IsCSharp);
    }

    [Fact]
    public void IndentedFence_UpToThreeSpaces_LosesThatIndentInItsCode()
    {
        MarkdownSnippet s = Assert.Single(MarkdownSnippets.Parse("a.md", "   ```csharp\n   int x;\n     y;\n   ```"));
        Assert.Equal("int x;\n  y;", s.Code);
        Assert.Empty(MarkdownSnippets.Parse("a.md", "    ```csharp\n    x\n    ```")); // four spaces: an indented code block, not a fence
    }

    [Fact]
    public void ClosingFence_WithAnInfoString_DoesNotClose()
    {
        MarkdownSnippet s = Assert.Single(MarkdownSnippets.Parse("a.md", "```csharp\na\n```csharp\nb\n```"));
        Assert.Equal("a\n```csharp\nb", s.Code);
    }

    [Fact]
    public void WindowsLineEndings_AreNormalized() =>
        Assert.Equal("a\nb", Assert.Single(MarkdownSnippets.Parse("a.md", "```csharp\r\na\r\nb\r\n```\r\n")).Code);

    [Fact]
    public void UnclosedFence_IsAnError_NamingFileAndLine()
    {
        var ex = Assert.Throws<FormatException>(() => MarkdownSnippets.Parse("docs/x.md", "text\n```csharp\nint x;\n"));
        Assert.Contains("docs/x.md:2", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void TwoBackticks_AreNotAFence() =>
        Assert.Empty(MarkdownSnippets.Parse("a.md", "``csharp\nx\n``"));

    [Fact]
    public void Compiler_ReportsErrors_WithSnippetLines()
    {
        IReadOnlyList<string> errors = SnippetCompiler.Errors(SnippetCompiler.Compile("int x = 1;\nundefined();"));
        Assert.Contains(errors, e => e.StartsWith("line 2: CS0103", StringComparison.Ordinal));
    }

    [Fact]
    public void Compiler_DistinguishesProgramsLibrariesAndWebSnippets()
    {
        Assert.Empty(SnippetCompiler.Errors(SnippetCompiler.Compile("public sealed class C { public int X => 1; }")));
        Assert.Empty(SnippetCompiler.Errors(SnippetCompiler.Compile("var list = new List<int> { 1 }; Console.WriteLine(list.Sum());")));
        Assert.Empty(SnippetCompiler.Errors(SnippetCompiler.Compile("var app = WebApplication.CreateBuilder(args).Build(); app.MapGet(\"/\", () => \"hi\");")));
        // Not a web snippet: no ASP.NET Core implicit usings, as in a console project.
        Assert.NotEmpty(SnippetCompiler.Errors(SnippetCompiler.Compile("IServiceCollection? services = null;")));
    }
}
