using Gen0.Tool.Analysis;

namespace Gen0.Tool.Tests;

/// <summary>Finding the source of a frame when the PDB's path is not a path on this machine.</summary>
public sealed class SourceLinesTests : IDisposable
{
    private readonly string _root = Path.Combine(Path.GetTempPath(), $"gen0-sourcelines-{Guid.NewGuid():N}");

    public SourceLinesTests()
    {
        Directory.CreateDirectory(Path.Combine(_root, "samples", "App"));
        Directory.CreateDirectory(Path.Combine(_root, "other"));
        File.WriteAllText(Path.Combine(_root, "samples", "App", "Handler.cs"), "// handler\n");
        File.WriteAllText(Path.Combine(_root, "other", "Handler.cs"), "// another file of that name\n");
    }

    public void Dispose() => Directory.Delete(_root, recursive: true);

    [Fact]
    public void AnExistingPathIsItself()
    {
        string file = Path.Combine(_root, "samples", "App", "Handler.cs");
        Assert.Equal(file, SourceLines.Locate(file, []));
    }

    [Theory]
    [InlineData("/_/samples/App/Handler.cs")] // a deterministic (ContinuousIntegrationBuild) path
    [InlineData("/_1/samples/App/Handler.cs")]
    [InlineData("/home/builder/agent/work/samples/App/Handler.cs")] // another machine's path
    [InlineData(@"D:\a\repo\samples\App\Handler.cs")]
    public void ARecordedPathIsFoundUnderARootByItsTrailingSegments(string recorded)
    {
        string? found = SourceLines.Locate(recorded, [Path.Combine(_root, "unrelated"), _root]);
        Assert.Equal(Path.Combine(_root, "samples", "App", "Handler.cs"), found);
    }

    [Fact]
    public void ABareFileNameIsNotMatched()
    {
        // "Handler.cs" alone would match other/Handler.cs, which is not the file the PDB means.
        Assert.Null(SourceLines.Locate("/_/elsewhere/Handler.cs", [_root]));
        Assert.Null(SourceLines.Locate("Handler.cs", [Path.Combine(_root, "other")]));
    }

    [Fact]
    public void NothingHereIsNull() => Assert.Null(SourceLines.Locate("/_/src/Missing/Nothing.cs", [_root]));
}
