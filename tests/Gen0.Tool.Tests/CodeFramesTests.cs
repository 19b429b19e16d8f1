using Gen0.Tool.Analysis;

namespace Gen0.Tool.Tests;

public sealed class CodeFramesTests
{
    [Theory]
    [InlineData("Ns.Type.Method(class Ns.Arg,int32)", "Ns.Type.Method")]
    [InlineData("Ns.Type.Method", "Ns.Type.Method")]
    [InlineData("", CodeFrames.Unresolved)]
    [InlineData(null, CodeFrames.Unresolved)]
    public void MethodName_DropsTheSignature(string? full, string expected) => Assert.Equal(expected, CodeFrames.MethodName(full));

    [Theory]
    [InlineData("System.Collections.Generic.HashSet`1[System.Int32].Resize", "System.Collections.Generic.HashSet`1.Resize")]
    [InlineData("System.Collections.Generic.Dictionary`2[System.__Canon,System.Collections.Generic.List`1[System.Int32]].Resize", "System.Collections.Generic.Dictionary`2.Resize")]
    [InlineData("Ns.Type.Method", "Ns.Type.Method")]
    [InlineData("[unresolved frame]", "[unresolved frame]")]
    public void WithoutGenericArguments(string name, string expected) => Assert.Equal(expected, CodeFrames.WithoutGenericArguments(name));

    [Theory]
    [InlineData("Gen0.Demo.Workload.BaselineRequestHandler.Handle", "BaselineRequestHandler.Handle")]
    [InlineData("System.Collections.Generic.List`1[System.Int32]..ctor", "List`1..ctor")]
    [InlineData("System.Collections.Generic.HashSet`1[System.Int32].Resize", "HashSet`1.Resize")]
    [InlineData("Main", "Main")]
    [InlineData("Program.<Main>$", "Program.<Main>$")]
    public void Short_KeepsTypeAndMethod(string name, string expected) => Assert.Equal(expected, CodeFrames.Short(name));

    [Theory]
    [InlineData("System.IO.MemoryStream.Write", true)]
    [InlineData("Microsoft.AspNetCore.Http.X.Y", true)]
    [InlineData("Gen0.Buffers.ScalableArrayPool`1.Rent", true)]
    [InlineData("Gen0.Collections.PooledList`1.Grow", true)]
    [InlineData("Gen0.Demo.Workload.BaselineRequestHandler.Handle", false)]
    [InlineData("MyCompany.Orders.Handler.Run", false)]
    [InlineData("Program.<Main>$", false)]
    [InlineData(CodeFrames.Unresolved, true)]
    public void IsLibrary(string method, bool expected) => Assert.Equal(expected, CodeFrames.IsLibrary(method));

    [Fact]
    public void Split_StopsAtTheFirstApplicationFrame()
    {
        (IReadOnlyList<string> library, string method) = CodeFrames.Split(["System.A.B", "System.C.D", "App.Handler.Run", "System.Threading.Thread.Start"]);
        Assert.Equal(["System.A.B", "System.C.D"], library);
        Assert.Equal("App.Handler.Run", method);
    }

    [Fact]
    public void Split_WithoutApplicationFrames_NamesTheOutermostFrame()
    {
        Assert.Equal("System.Threading.Thread.Start", CodeFrames.Split(["System.A.B", "System.Threading.Thread.Start"]).Method);
        Assert.Equal(CodeFrames.Unresolved, CodeFrames.Split([]).Method);
        Assert.Equal("App.Run", CodeFrames.Split(["App.Run"]).Method);
        Assert.Empty(CodeFrames.Split(["App.Run"]).LibraryFrames);
    }
}
