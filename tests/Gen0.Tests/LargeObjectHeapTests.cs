using Gen0.Tests.Infrastructure;

namespace Gen0.Tests;

public class LargeObjectHeapTests
{
    [Fact]
    public void MaxPowerOfTwoLength_StaysBelowThresholdAndDoublingWouldNot()
    {
        Assert.Equal(65_536, LargeObjectHeap.MaxPowerOfTwoLength<byte>());
        Assert.Equal(16_384, LargeObjectHeap.MaxPowerOfTwoLength<int>());
        Assert.Equal(8_192, LargeObjectHeap.MaxPowerOfTwoLength<long>());
        Assert.Equal(8_192, LargeObjectHeap.MaxPowerOfTwoLength<string>());
        Assert.Equal(2_048, LargeObjectHeap.MaxPowerOfTwoLength(24));
    }

    [Theory]
    [InlineData(1)]
    [InlineData(4)]
    [InlineData(8)]
    [InlineData(24)]
    public void MaxPowerOfTwoLength_ArrayIsAllocatedInGen0(int elementSize)
    {
        int length = LargeObjectHeap.MaxPowerOfTwoLength(elementSize);
        Assert.True(LargeObjectHeap.ArrayOverhead + ((long)length * elementSize) < LargeObjectHeap.Threshold);
        Assert.True(LargeObjectHeap.ArrayOverhead + (2L * length * elementSize) >= LargeObjectHeap.Threshold);
    }

    [PlatformFact(Requires.ClrLargeObjectHeap, "LargeObjectHeap is CoreCLR's 85,000-byte threshold; Mono's SGen moves every object over 8,000 bytes to its large object space (ChunkedGenerationTests checks the chunked collections against the threshold in force).")]
    public void IsLarge_MatchesWhereTheGcPutsTheArray()
    {
        Assert.False(LargeObjectHeap.IsLarge<byte>(65_536));
        Assert.Equal(0, GC.GetGeneration(new byte[65_536]));
        Assert.True(LargeObjectHeap.IsLarge<byte>(85_000));
        Assert.Equal(2, GC.GetGeneration(new byte[85_000]));
    }
}
