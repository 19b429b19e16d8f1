namespace Gen0.Docs.Tests;

/// <summary>
/// Issue 17: every C# snippet in README.md, docs/ and the package READMEs compiles as pasted, with its using lines,
/// so that the documentation can never drift from the API again. A block opts out only with
/// <c>```csharp ignore</c> and a reason in the line above it that contains "not compiled".
/// </summary>
public class SnippetCompilationTests
{
    public static TheoryData<string> CSharpSnippets()
    {
        var data = new TheoryData<string>();
        foreach (MarkdownSnippet snippet in AllSnippets().Where(s => s.IsCSharp))
        {
            data.Add(snippet.ToString());
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(CSharpSnippets))]
    public void Snippet_CompilesAsPasted(string location)
    {
        MarkdownSnippet snippet = Find(location);
        if (snippet.IsIgnored)
        {
            Assert.Contains("not compiled", snippet.TextBefore, StringComparison.OrdinalIgnoreCase);
            return;
        }

        IReadOnlyList<string> errors = SnippetCompiler.Errors(SnippetCompiler.Compile(snippet.Code));
        Assert.True(errors.Count == 0, $"{location} does not compile as pasted:\n{string.Join('\n', errors)}\n---\n{snippet.Code}");
    }

    [Fact]
    public void TheDocumentation_HasCSharpSnippets_AndEveryFileParses()
    {
        Assert.True(AllSnippets().Count(s => s.IsCSharp) >= 8, "the README's quick starts are gone: check the extractor");
    }

    [Fact]
    public void IgnoredSnippets_StateTheirReason()
    {
        foreach (MarkdownSnippet snippet in AllSnippets().Where(s => s.IsCSharp && s.IsIgnored))
        {
            Assert.True(snippet.TextBefore.Contains("not compiled", StringComparison.OrdinalIgnoreCase), $"{snippet}: an ignored snippet needs a reason above it containing \"not compiled\".");
        }
    }

    private static MarkdownSnippet Find(string location) => AllSnippets().Single(s => s.ToString() == location);

    private static IEnumerable<MarkdownSnippet> AllSnippets()
    {
        string root = RepositoryRoot.Path;
        foreach (string file in MarkdownSnippets.DocumentationFiles(root))
        {
            string relative = Path.GetRelativePath(root, file).Replace('\\', '/');
            foreach (MarkdownSnippet snippet in MarkdownSnippets.Parse(relative, File.ReadAllText(file)))
            {
                yield return snippet;
            }
        }
    }
}
