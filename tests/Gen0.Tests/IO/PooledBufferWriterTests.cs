using System.Buffers;
using Gen0.Buffers;
using Gen0.IO;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.IO;

public class PooledBufferWriterTests
{
    public static TheoryData<int, int> SeedsAndChunkLengths()
    {
        // The regression set, then this run's seed with a chunk length it picks.
        var data = new TheoryData<int, int> { { 1, 1 }, { 2, 7 }, { 3, 64 }, { 4, 1000 }, { 5, 16_384 } };
        data.Add(Seeds.Fresh, new[] { 1, 7, 64, 1000, 16_384 }[Seeds.Fresh % 5]);
        return data;
    }

    [Theory]
    [MemberData(nameof(SeedsAndChunkLengths))]
    public void RandomWrites_MatchArrayBufferWriter(int seed, int maxChunkLength) => Seeds.Run(seed, () => RandomWrites(seed, maxChunkLength));

    private static void RandomWrites(int seed, int maxChunkLength)
    {
        var random = new Random(seed);
        var pool = new GuardedArrayPool<int>(ArrayPool<int>.Create(), captureStackTraces: false);
        var expected = new ArrayBufferWriter<int>();
        using (var actual = new PooledBufferWriter<int>(maxChunkLength, pool))
        {
            int next = 0;
            for (int step = 0; step < 300; step++)
            {
                int hint = random.Next(0, 3 * maxChunkLength + 3);
                Span<int> span = random.Next(2) == 0 ? actual.GetSpan(hint) : actual.GetMemory(hint).Span;
                Assert.True(span.Length >= Math.Max(1, hint));
                Span<int> other = expected.GetSpan(hint);

                // Up to one past the hint where both writers gave that much room (either may give exactly the hint).
                int count = random.Next(0, Math.Min(Math.Min(span.Length, other.Length), hint + 1) + 1);
                for (int i = 0; i < count; i++)
                {
                    span[i] = next;
                    other[i] = next;
                    next++;
                }

                actual.Advance(count);
                expected.Advance(count);
                Assert.Equal(expected.WrittenCount, actual.WrittenCount);
                if (step % 25 == 0)
                {
                    SpanAssert.Equal(expected.WrittenSpan.ToArray(), actual.WrittenSequence.ToArray());
                }

                if (random.Next(100) == 0)
                {
                    expected.Clear();
                    actual.Clear();
                    Assert.Equal(0, actual.WrittenCount);
                    Assert.True(actual.WrittenSequence.IsEmpty);
                }
            }

            int[] copy = new int[actual.WrittenCount];
            actual.CopyTo(copy);
            SpanAssert.Equal(expected.WrittenSpan.ToArray(), copy);
            SpanAssert.Equal(expected.WrittenSpan.ToArray(), actual.ToArray());
            SpanAssert.Equal(expected.WrittenSpan.ToArray(), actual.WrittenSequence.ToArray());
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void BadArguments_MatchArrayBufferWriter()
    {
        var expected = new ArrayBufferWriter<byte>();
        using var actual = new PooledBufferWriter<byte>();
        Differential.Same(() => expected.GetSpan(-1).Length, () => actual.GetSpan(-1).Length, "GetSpan(-1)");
        Differential.Same(() => expected.GetMemory(-1).Length, () => actual.GetMemory(-1).Length, "GetMemory(-1)");
        Differential.Same(() => expected.Advance(-1), () => actual.Advance(-1), "Advance(-1)");
        int expectedRoom = expected.GetSpan(10).Length;
        int actualRoom = actual.GetSpan(10).Length;
        Differential.Same(() => expected.Advance(expectedRoom + 1), () => actual.Advance(actualRoom + 1), "Advance past the end");
        Assert.Equal(0, actual.WrittenCount);
        actual.GetSpan(3)[..3].Fill(9);
        actual.Advance(3);
        Assert.Throws<ArgumentException>(() => actual.CopyTo(new byte[2]));
        SpanAssert.Equal(new byte[] { 9, 9, 9 }, actual.WrittenSequence.ToArray());
        Assert.Throws<ArgumentOutOfRangeException>(() => new PooledBufferWriter<byte>(0));
    }

    [Fact]
    public void AfterDispose_EveryMemberThrowsAndChunksAreBack()
    {
        var pool = new GuardedArrayPool<string>();
        var writer = new PooledBufferWriter<string>(pool);
        writer.GetSpan(500)[0] = "kept alive?";
        writer.Advance(1);
        writer.GetSpan(100_000);
        writer.Dispose();
        writer.Dispose();
        pool.AssertAllReturned();
        Assert.Throws<ObjectDisposedException>(() => writer.GetSpan());
        Assert.Throws<ObjectDisposedException>(() => writer.GetMemory());
        Assert.Throws<ObjectDisposedException>(() => writer.Advance(0));
        Assert.Throws<ObjectDisposedException>(() => writer.WrittenCount);
        Assert.Throws<ObjectDisposedException>(() => writer.WrittenSequence);
        Assert.Throws<ObjectDisposedException>(() => writer.Clear());
        Assert.Throws<ObjectDisposedException>(() => writer.ToArray());
    }

    [Fact]
    public void Chunks_StaySmallAndBelowTheLoh()
    {
        using var writer = new PooledBufferWriter<byte>();
        Assert.True(writer.GetSpan().Length < 1024, "A first small write should not rent a 64 KiB chunk.");
        for (int i = 0; i < 1000; i++)
        {
            Span<byte> span = writer.GetSpan(1000);
            span[..1000].Fill((byte)i);
            writer.Advance(1000);
        }

        Assert.Equal(1_000_000, writer.WrittenCount);
        foreach (ReadOnlyMemory<byte> segment in writer.WrittenSequence)
        {
            Assert.True(segment.Length <= 65_536);
        }

        byte[] all = writer.ToArray();
        for (int i = 0; i < 1000; i++)
        {
            Assert.Equal(unchecked((byte)i), all[(i * 1000) + 999]);
        }
    }

    [AllocationFact]
    public void WrittenSequence_AllocatesNothingInSteadyState()
    {
        using var writer = new PooledBufferWriter<byte>(100);
        for (int i = 0; i < 50; i++)
        {
            writer.GetSpan(60);
            writer.Advance(60);
        }

        long total = writer.WrittenSequence.Length;
        long passes = 0;
        long allocated = Allocations.FewestBytes(() =>
        {
            passes++;
            for (int i = 0; i < 1000; i++)
            {
                total += writer.WrittenSequence.Length;
            }
        });

        Assert.Equal(0, allocated);
        Assert.Equal(((1000 * passes) + 1) * 3000L, total);
    }
}
