#if NET9_0_OR_GREATER && !GEN0_NETSTANDARD
using Gen0.Collections;

namespace Gen0.Tests.Collections;

/// <summary>README's "Ref, span and alternate-key access" quick start, run.</summary>
public class RefAccessQuickStartTests
{
    [Fact]
    public void QuickStart_README()
    {
        // README: begin
        using var counts = new PooledDictionary<string, int>(StringComparer.OrdinalIgnoreCase);
        var byWord = counts.GetAlternateLookup<ReadOnlySpan<char>>();
        ReadOnlySpan<char> text = "the quick brown fox jumps over the lazy dog The End";
        foreach (Range word in text.Split(' '))
            PooledCollectionsMarshal.GetValueRefOrAddDefault(byWord, text[word], out _)++;   // one lookup, no string per word

        using var samples = new PooledList<double>();
        PooledCollectionsMarshal.SetCount(samples, 1_000);             // then fill the storage in place
        PooledCollectionsMarshal.AsSpan(samples).Fill(0.5);
        samples.AddRange([1.0, 2.0]);                                  // span overloads: AddRange, InsertRange, CopyTo

        using var big = new ChunkedList<int>();
        PooledCollectionsMarshal.SetCount(big, 100_000);
        for (int i = 0; i < big.Count;)                               // a writable span per chunk
        {
            Span<int> chunk = PooledCollectionsMarshal.GetChunkSpan(big, i);
            chunk.Fill(7);
            i += chunk.Length;
        }

        // README: end
        Assert.Equal(3, counts["the"]);
        Assert.Equal(1, counts["END"]);
        Assert.Equal(9, counts.Count);
        Assert.Equal(1_002, samples.Count);
        Assert.Equal(500.0 + 3.0, samples.Sum());
        Assert.All(big, value => Assert.Equal(7, value));
    }
}
#endif
