using Gen0.Tool.Analysis;

namespace Gen0.Tool.Tests;

public sealed class RemedyCatalogTests
{
    [Theory]
    [InlineData("System.Byte[]", "memorystream-growth", "System.IO.MemoryStream.set_Capacity", "System.IO.MemoryStream.EnsureCapacity", "System.IO.MemoryStream.Write")]
    [InlineData("System.Byte[]", "memorystream-toarray", "System.IO.MemoryStream.ToArray")]
    [InlineData("System.String", "base64", "System.Convert.ToBase64String")]
    [InlineData("System.Int32[]", "temporary-copy", "System.Collections.Generic.List`1[System.Int32].ToArray")]
    [InlineData("System.Int32[]", "temporary-copy", "System.Linq.Enumerable.ToArray")]
    [InlineData("System.Int32[]", "list-growth", "System.Collections.Generic.List`1[System.Int32].set_Capacity", "System.Collections.Generic.List`1[System.Int32].Grow", "System.Collections.Generic.List`1[System.Int32].AddWithResize")]
    [InlineData("System.Int32[]", "list-growth", "System.Collections.Generic.List`1[System.Int32]..ctor")]
    [InlineData("Entry[System.String,System.Int32][]", "dictionary-growth", "System.Collections.Generic.Dictionary`2[System.__Canon,System.Int32].Resize")]
    [InlineData("Entry[System.Int32][]", "hashset-growth", "System.Collections.Generic.HashSet`1[System.Int32].Resize", "System.Collections.Generic.HashSet`1[System.Int32].UnionWith")]
    [InlineData("System.Object[]", "stack-growth", "System.Collections.Generic.Stack`1[System.__Canon].Grow")]
    [InlineData("System.Object[]", "queue-growth", "System.Collections.Generic.Queue`1[System.__Canon].Grow")]
    [InlineData("System.Byte[]", "encoding-getbytes", "System.Text.Encoding.GetBytes")]
    [InlineData("System.Byte[]", "encoding-getbytes", "System.Text.UTF8Encoding.GetBytes")]
    [InlineData("System.String", "large-string", "System.Text.StringBuilder.ToString")]
    [InlineData("System.Byte[]", "json-to-bytes", "System.Text.Json.JsonSerializer.SerializeToUtf8Bytes")]
    [InlineData("System.Byte[]", "file-read-all", "System.IO.File.ReadAllBytes")]
    [InlineData("System.Int32[]", "array-resize", "System.Array.Resize")]
    [InlineData("System.Byte[]", "gen0-pool-miss", "Gen0.Buffers.ScalableArrayPool`1[System.Byte].Rent")]
    public void TheInnermostKnownFrame_NamesTheRemedy(string type, string remedy, params string[] frames) =>
        Assert.Equal(remedy, RemedyCatalog.For(type, frames).Id);

    [Fact]
    public void MemoryStreamGrowthUnderTheSerializer_IsTheStreamsFault()
    {
        string[] frames = ["System.IO.MemoryStream.set_Capacity", "System.IO.MemoryStream.Write", "System.Text.Json.JsonSerializer.Serialize"];
        Assert.Equal("memorystream-growth", RemedyCatalog.For("System.Byte[]", frames).Id);
    }

    [Theory]
    [InlineData("System.Byte[]", false, "temporary-array")]
    [InlineData("Entry[System.Int32][]", false, "temporary-array")]
    [InlineData("System.String", false, "large-string")]
    [InlineData("Some.Large.Struct", false, "unknown")]
    [InlineData("System.Byte[]", true, "pinned-allocation")]
    public void WithoutAKnownFrame_TheTypeDecides(string type, bool pinned, string remedy)
    {
        Assert.Equal(remedy, RemedyCatalog.For(type, [], pinned).Id);
        Assert.Equal(remedy, RemedyCatalog.For(type, ["System.GC.<AllocateUninitializedArray>g__AllocateNewArrayWorker|77_0", "System.Runtime.Unknown.Thing"], pinned).Id);
    }

    [Theory]
    [InlineData("System.String", "string base64 = Convert.ToBase64String(json);", "base64")]
    [InlineData("System.Byte[]", "response.Write(Encoding.ASCII.GetBytes(base64));", "encoding-getbytes")]
    [InlineData("System.Int32[]", "int[] snapshot = ids.ToArray();", "temporary-copy")]
    [InlineData("System.Int32[]", "var ids = new List<int>(visible);", "list-growth")]
    [InlineData("System.Byte[]", "byte[] data = File.ReadAllBytes(path);", "file-read-all")]
    [InlineData("System.Byte[]", "byte[] buffer = new byte[length];", "temporary-array")]
    [InlineData("System.String", "string s = sb.ToString();", "large-string")]
    public void AnInlinedCall_IsNamedByTheLinesText(string type, string line, string remedy) =>
        Assert.Equal(remedy, RemedyCatalog.For(type, [], pinned: false, line).Id);

    [Fact]
    public void ToArrayOfBytesThroughAllocateUninitializedArray_IsMemoryStreamToArray()
    {
        Assert.Equal("memorystream-toarray", RemedyCatalog.For("System.Byte[]", ["System.GC.<AllocateUninitializedArray>g__AllocateNewArrayWorker|77_0"], false, "byte[] json = buffer.ToArray();").Id);
        Assert.Equal("temporary-copy", RemedyCatalog.For("System.Byte[]", [], false, "byte[] copy = list.ToArray();").Id);
    }

    [Fact]
    public void AKnownFrame_WinsOverTheLinesText() =>
        Assert.Equal("memorystream-growth", RemedyCatalog.For("System.Byte[]", ["System.IO.MemoryStream.set_Capacity"], false, "string s = Convert.ToBase64String(x);").Id);

    [Fact]
    public void EveryRemedy_HasAnIdAGen0TypeAndAdvice()
    {
        Assert.Equal(RemedyCatalog.All.Count, RemedyCatalog.All.Select(static r => r.Id).Distinct().Count());
        foreach (Remedy remedy in RemedyCatalog.All)
        {
            Assert.Matches("^[a-z0-9-]+$", remedy.Id);
            Assert.False(string.IsNullOrWhiteSpace(remedy.Gen0Type));
            Assert.EndsWith(".", remedy.Advice, StringComparison.Ordinal);
        }
    }
}
