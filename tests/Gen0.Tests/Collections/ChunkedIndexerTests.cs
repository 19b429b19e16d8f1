using System.Buffers;
using Gen0.Collections;

namespace Gen0.Tests.Collections;

/// <summary>
/// The unchecked element access of <see cref="ChunkedStorage{T}"/> (the list indexer, the hash tables' bucket and
/// entry reads): index -1/0/Count-1/Count, chunk boundaries -1/0/+1, the lone short first chunk, the paged directory,
/// pooled chunks longer than a chunk, and pools that break <see cref="ArrayPool{T}"/>'s contract (refused when
/// renting, since the indexer trusts every chunk past the first to be a full-length <c>T[]</c>).
/// </summary>
public sealed class ChunkedIndexerTests
{
    // Chunks of 4 and a flat directory of 4: past 16 elements the paged directory is in use; 80 is the most it holds.
    public static TheoryData<int> Counts() => new() { 0, 1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 20, 33, 79, 80 };

    [Theory]
    [MemberData(nameof(Counts))]
    public void GetAndSetEveryIndexAndRejectTheNeighbours(int count)
    {
        foreach (ArrayPool<int>? pool in new ArrayPool<int>?[] { null, ArrayPool<int>.Create(), new PooledSequenceTrackingPool<int>() })
        {
            using ChunkedList<int> list = new(chunkLength: 4, directoryLength: 4, pool);
            for (int i = 0; i < count; i++)
            {
                list.Add(i * 3);
            }

            for (int i = 0; i < count; i++)
            {
                Assert.Equal(i * 3, list[i]);
                list[i] = -i;
            }

            for (int i = 0; i < count; i++)
            {
                Assert.Equal(-i, list[i]);
            }

            AssertRejected(list, count);
        }
    }

    [Theory]
    [InlineData(3)]
    [InlineData(10)]
    [InlineData(100)]
    public void ALoneShortChunkIsReadAndWrittenUpToItsCountOnly(int count)
    {
        using ChunkedList<int> list = new(count);
        Assert.True(list.Capacity < list.ChunkLength);
        for (int i = 0; i < count; i++)
        {
            list.Add(i);
        }

        for (int i = 0; i < count; i++)
        {
            list[i] += 1;
            Assert.Equal(i + 1, list[i]);
        }

        AssertRejected(list, count);

        // Shrinking the capacity replaces the lone chunk by a shorter one: still checked against its own length.
        list.RemoveRange(count / 2, count - (count / 2));
        list.TrimExcess();
        Assert.Equal(count / 2, list.Capacity);
        for (int i = 0; i < list.Count; i++)
        {
            Assert.Equal(i + 1, list[i]);
        }

        AssertRejected(list, list.Count);
    }

    [Theory]
    [InlineData(-1)]
    [InlineData(0)]
    [InlineData(1)]
    public void RealChunkLengthBoundaries(int delta)
    {
        int chunkLength = new ChunkedList<long>().ChunkLength;
        foreach (int count in new[] { chunkLength + delta, (2 * chunkLength) + delta })
        {
            using ChunkedList<long> list = new(Enumerable.Range(0, count).Select(i => (long)i));
            foreach (int i in new[] { 0, chunkLength - 1, chunkLength, chunkLength + 1, count - 1 }.Distinct())
            {
                if (i < count)
                {
                    Assert.Equal(i, list[i]);
                    list[i] = -i;
                    Assert.Equal(-i, list[i]);
                }
            }

            AssertRejected(list, count);
        }
    }

    [Fact]
    public void ReferenceElementsAcrossChunksAndPages()
    {
        using ChunkedList<string> list = new(chunkLength: 4, directoryLength: 2, ArrayPool<string>.Create());
        for (int i = 0; i < 24; i++)
        {
            list.Add(i.ToString(System.Globalization.CultureInfo.InvariantCulture));
        }

        for (int i = 0; i < 24; i++)
        {
            Assert.Equal(i.ToString(System.Globalization.CultureInfo.InvariantCulture), list[i]);
            list[i] = "x" + list[i];
        }

        Assert.Equal(Enumerable.Range(0, 24).Select(i => "x" + i.ToString(System.Globalization.CultureInfo.InvariantCulture)), list);
        AssertRejected(list, 24);
    }

    [Fact]
    public void ADisposedListRejectsEveryIndex()
    {
        ChunkedList<int> list = new(chunkLength: 4, directoryLength: 4, null) { 1, 2, 3, 4, 5 };
        list.Dispose();
        Assert.Throws<ObjectDisposedException>(() => list[0]);
        Assert.Throws<ObjectDisposedException>(() => list[-1]);
        Assert.Throws<ObjectDisposedException>(() => list[0] = 1);
    }

    [Fact]
    public void APoolThatHandsOutShortArraysIsRefused()
    {
        using ChunkedList<int> list = new(chunkLength: 4, directoryLength: 4, new ShortArrayPool<int>(shortAfter: 1));
        list.Add(1);
        list.Add(2);
        list.Add(3);
        list.Add(4);
        Assert.Throws<InvalidOperationException>(() => list.Add(5));
        Assert.Equal([1, 2, 3, 4], list);
        Assert.Equal(4, list[3]);
    }

    [Fact]
    public void APoolThatHandsOutCovariantArraysIsRefused()
    {
        using ChunkedList<object> list = new(chunkLength: 4, directoryLength: 4, new CovariantArrayPool());
        Assert.Throws<InvalidOperationException>(() => list.Add(1));
        Assert.Empty(list);
        AssertRejected(list, 0);
    }

    [Fact]
    public void HashTablesFindEveryKeyAcrossChunksPagesAndTrims()
    {
        using ChunkedHashSet<int> set = new(null, null, null, bucketChunkLength: 4, entryChunkLength: 4, directoryLength: 4);
        using ChunkedDictionary<int, int> dictionary = new(null, null, null, bucketChunkLength: 4, entryChunkLength: 4, directoryLength: 4);
        HashSet<int> expected = [];
        for (int i = 0; i < 23; i++)
        {
            set.Add(i * 5);
            dictionary.Add(i * 5, i);
            expected.Add(i * 5);
        }

        for (int key = -1; key <= 23 * 5; key++)
        {
            Assert.Equal(expected.Contains(key), set.Contains(key));
            Assert.Equal(expected.Contains(key), dictionary.TryGetValue(key, out int value));
            Assert.Equal(expected.Contains(key) ? key / 5 : 0, value);
        }

        // Down to a lone short chunk of buckets and entries.
        for (int i = 2; i < 23; i++)
        {
            set.Remove(i * 5);
            dictionary.Remove(i * 5);
            expected.Remove(i * 5);
        }

        set.TrimExcess();
        dictionary.TrimExcess();
        for (int key = -1; key <= 23 * 5; key++)
        {
            Assert.Equal(expected.Contains(key), set.Contains(key));
            Assert.Equal(expected.Contains(key), dictionary.ContainsKey(key));
        }

        Assert.Equal([0, 5], set);
        Assert.Equal(1, dictionary[5]);
    }

    [Fact]
    public void EmptyHashTablesFindNothing()
    {
        using ChunkedHashSet<int> set = new();
        using ChunkedDictionary<int, int> dictionary = new();
        foreach (int key in new[] { int.MinValue, -1, 0, 1, int.MaxValue })
        {
            // Contains itself is under test, hence no Assert.DoesNotContain.
            bool inSet = set.Contains(key);
            Assert.False(inSet);
            Assert.False(dictionary.TryGetValue(key, out _));
        }
    }

    private static void AssertRejected<T>(ChunkedList<T> list, int count)
    {
        foreach (int index in new[] { -1, count, count + 1, int.MinValue, int.MaxValue })
        {
            Assert.Throws<ArgumentOutOfRangeException>(() => list[index]);
            Assert.Throws<ArgumentOutOfRangeException>(() => list[index] = default!);
        }
    }

    // Hands out arrays of the requested length, then (after shortAfter rents) one element short.
    private sealed class ShortArrayPool<T>(int shortAfter) : ArrayPool<T>
    {
        private int _rents;

        public override T[] Rent(int minimumLength) => new T[++_rents > shortAfter ? minimumLength - 1 : minimumLength];

        public override void Return(T[] array, bool clearArray = false)
        {
        }
    }

    // Hands out string[] as object[]: storing an int through an unchecked reference would break type safety.
    private sealed class CovariantArrayPool : ArrayPool<object>
    {
        public override object[] Rent(int minimumLength) => new string[minimumLength];

        public override void Return(object[] array, bool clearArray = false)
        {
        }
    }
}
