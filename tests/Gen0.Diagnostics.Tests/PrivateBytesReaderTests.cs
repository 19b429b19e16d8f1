using System.Diagnostics;
using System.Text;
using Gen0.Diagnostics.Internal;

namespace Gen0.Diagnostics.Tests;

public class PrivateBytesReaderTests
{
    [Theory]
    [InlineData("13125045 10646 7528 12 0 18955 0\n", 5, 18955)]
    [InlineData("13125045 10646 7528 12 0 18955 0\n", 0, 13125045)]
    [InlineData("13125045 10646 7528 12 0 18955 0", 6, 0)]
    [InlineData("1 2 3", 5, 0)]
    [InlineData("1 2 3", 2, 3)]
    [InlineData("", 5, 0)]
    public void ParseStatm(string text, int field, long expected) =>
        Assert.Equal(expected, PrivateBytesReader.ParseStatmField(Encoding.ASCII.GetBytes(text), field));

    [Fact]
    public void Read_AgreesWithProcessPrivateMemorySize()
    {
        using var reader = new PrivateBytesReader();
        long ours = reader.Read();
        using Process process = Process.GetCurrentProcess();
        long bcl = process.PrivateMemorySize64;
        Assert.True(ours > 0);
        Assert.InRange(ours, bcl * 0.8, bcl * 1.2);
        Assert.True(reader.Read() > 0); // re-reads work on the kept handle
    }
}
