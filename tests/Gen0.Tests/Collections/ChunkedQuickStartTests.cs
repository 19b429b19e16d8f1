using System.Buffers;
using Gen0.Collections;

namespace Gen0.Tests.Collections;

/// <summary>The README's quick start for the chunked collections, kept compiling and passing here.</summary>
public sealed class ChunkedQuickStartTests
{
    [Fact]
    public void QuickStart()
    {
        // A list of any length whose arrays never land on the LOH: same API as List<T>.
        ChunkedList<long> ids = new();
        for (long id = 0; id < 1_000_000; id++)
        {
            ids.Add(id);
        }

        ids.Insert(0, -1);
        ids.Sort();
        int index = ids.BinarySearch(500_000);

        // The tight loop: the chunks as spans, with no per-element index or version check.
        long sum = 0;
        foreach (ReadOnlySpan<long> chunk in ids.GetChunks())
        {
            foreach (long id in chunk)
            {
                sum += id;
            }
        }

        // Chunks rented from a pool go back on Dispose.
        using ChunkedHashSet<int> seen = new(comparer: null, bucketPool: ArrayPool<int>.Shared);
        seen.UnionWith(Enumerable.Range(0, 300));
        seen.UnionWith(Enumerable.Range(100, 600));

        ChunkedDictionary<int, string> names = Enumerable.Range(0, 100_000).ToChunkedDictionary(i => i, i => "n" + i);

        Assert.Equal(500_001, index);
        Assert.Equal((999_999L * 1_000_000 / 2) - 1, sum);
        Assert.Equal(700, seen.Count);
        Assert.Equal("n42", names[42]);
    }
}
