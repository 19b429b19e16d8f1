using Gen0.IO;

namespace Gen0.Tests.IO;

/// <summary>
/// The non-temporal copy behind big <see cref="PooledMemoryStream.ToArray"/> and <see cref="PooledMemoryStream.CopyTo(Span{byte})"/>:
/// every length and alignment copies exactly the source, and writes nothing outside the destination range.
/// </summary>
public class NonTemporalCopyTests
{
    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(31)]
    [InlineData(255)]
    [InlineData(256)]
    [InlineData(257)]
    [InlineData(287)]
    [InlineData(383)]
    [InlineData(384)]
    [InlineData(4095)]
    [InlineData(65536)]
    public void Copy_EveryAlignment_CopiesExactlyTheSource(int length)
    {
        var random = new Random(length);
        byte[] source = new byte[length + 64];
        random.NextBytes(source);
        for (int sourceOffset = 0; sourceOffset < 33; sourceOffset += 3)
        {
            for (int destinationOffset = 0; destinationOffset < 33; destinationOffset++)
            {
                byte[] destination = new byte[length + 128];
                destination.AsSpan().Fill(0xCD);
                NonTemporalCopy.Copy(source.AsSpan(sourceOffset, length), destination.AsSpan(destinationOffset, length + 32));
                NonTemporalCopy.Fence();

                Assert.True(destination.AsSpan(destinationOffset, length).SequenceEqual(source.AsSpan(sourceOffset, length)), $"length {length}, offsets {sourceOffset}/{destinationOffset}");
                Assert.True(destination.AsSpan(0, destinationOffset).IndexOfAnyExcept((byte)0xCD) < 0, "wrote before the destination");
                Assert.True(destination.AsSpan(destinationOffset + length).IndexOfAnyExcept((byte)0xCD) < 0, "wrote past the source's length");
            }
        }
    }

    [Theory]
    [InlineData(NonTemporalCopy.Threshold - 1)]
    [InlineData(NonTemporalCopy.Threshold)]
    [InlineData((16 * 1024 * 1024) + 7)]
    public void ToArray_AndCopyTo_AroundTheThreshold_MatchMemoryStream(int length)
    {
        byte[] data = new byte[length];
        new Random(length).NextBytes(data);
        using var pooled = new PooledMemoryStream();

        // Odd write sizes and a short GetSpan block, so blocks and destination offsets are not all aligned.
        int written = 0;
        var random = new Random(1);
        while (written < length)
        {
            int count = Math.Min(random.Next(1, 200_000), length - written);
            pooled.Write(data, written, count);
            written += count;
        }

        byte[] copy = pooled.ToArray();
        Assert.True(copy.AsSpan().SequenceEqual(data));

        byte[] into = new byte[length + 3];
        pooled.CopyTo(into.AsSpan(3));
        Assert.True(into.AsSpan(3).SequenceEqual(data));
        Assert.Equal(0, into[0] | into[1] | into[2]);
    }
}
