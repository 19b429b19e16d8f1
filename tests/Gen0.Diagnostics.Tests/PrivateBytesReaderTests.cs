using System.Diagnostics;
using System.Text;
using Gen0.Diagnostics.Internal;

namespace Gen0.Diagnostics.Tests;

public class PrivateBytesReaderTests
{
    [Theory]
    [InlineData("Name:\tdotnet\nVmData:\t  123456 kB\nVmStk:\t 132 kB\n", 123456)]
    [InlineData("VmData:\t1 kB\n", 1)]
    [InlineData("VmRSS:\t500 kB\n", 0)]
    [InlineData("", 0)]
    public void Parse(string text, long expectedKb) =>
        Assert.Equal(expectedKb, PrivateBytesReader.ParseKilobytesLine(Encoding.ASCII.GetBytes(text), "VmData:"u8));

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
