using System.Buffers;
using System.Collections;
using Gen0.Collections;

namespace Gen0.Tests.Collections;

/// <summary>
/// <see cref="ChunkedList{T}.Enumerator"/> (which holds one chunk at a time) and <see cref="ChunkedList{T}.GetChunks"/>
/// at chunk boundaries -1/0/+1, across the paged directory, over pooled chunks longer than a chunk, and after every
/// kind of change.
/// </summary>
public sealed class ChunkedListChunkTests
{
    // Chunks of 4 and a directory of 4: past 16 elements the paged directory is in use; 80 is the most it holds.
    public static TheoryData<int> Counts() => new() { 0, 1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33, 79, 80 };

    [Theory]
    [MemberData(nameof(Counts))]
    public void ForeachAndChunksMatchTheIndexer(int count)
    {
        foreach (ArrayPool<int>? pool in new[] { null, ArrayPool<int>.Create() })
        {
            using ChunkedList<int> list = new(chunkLength: 4, directoryLength: 4, pool);
            for (int i = 0; i < count; i++)
            {
                list.Add(i * 3);
            }

            AssertEnumerations(list, 4);
        }
    }

    [Theory]
    [InlineData(-1)]
    [InlineData(0)]
    [InlineData(1)]
    public void RealChunkLengthBoundaries(int delta)
    {
        int chunkLength = new ChunkedList<int>().ChunkLength;
        foreach (int count in new[] { chunkLength + delta, (2 * chunkLength) + delta })
        {
            using ChunkedList<int> list = new(Enumerable.Range(0, count));
            AssertEnumerations(list, chunkLength);
        }
    }

    [Fact]
    public void ALoneShortChunkIsOneShortSpan()
    {
        using ChunkedList<int> list = new(3) { 7, 8, 9 };
        AssertEnumerations(list, list.ChunkLength);
        ChunkedList<int>.ChunkEnumerator chunks = list.GetChunks();
        Assert.True(chunks.MoveNext());
        Assert.Equal(new[] { 7, 8, 9 }, chunks.Current.ToArray());
        Assert.False(chunks.MoveNext());
        Assert.True(chunks.Current.IsEmpty);
        Assert.False(chunks.MoveNext());
    }

    [Fact]
    public void ChunkEnumeratorIsEmptyBeforeTheFirstMoveNext()
    {
        using ChunkedList<int> list = new() { 1 };
        Assert.True(list.GetChunks().Current.IsEmpty);
        Assert.True(default(ChunkedList<int>.ChunkEnumerator).Current.IsEmpty);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(2)]
    [InlineData(3)]
    [InlineData(4)]
    [InlineData(5)]
    [InlineData(8)]
    public void ForeachThrowsAfterEveryKindOfChange(int stepsBeforeChange)
    {
        Action<ChunkedList<int>>[] changes =
        [
            l => l.Add(1),
            l => l[0] = 5,
            l => l.RemoveAt(l.Count - 1),
            l => l.Insert(0, 1),
            l => l.Clear(),
            l => l.Sort(),
            l => l.Reverse(),
        ];

        foreach (Action<ChunkedList<int>> change in changes)
        {
            using ChunkedList<int> list = NewList(12);
            ChunkedList<int>.Enumerator enumerator = list.GetEnumerator();
            for (int i = 0; i < stepsBeforeChange; i++)
            {
                Assert.True(enumerator.MoveNext());
            }

            change(list);
            Assert.ThrowsAny<InvalidOperationException>(() => enumerator.MoveNext());
        }
    }

    [Theory]
    [InlineData(3)]
    [InlineData(4)]
    [InlineData(12)]
    public void ChangesAreSeenMidChunkAtABoundaryAndAfterTheEnd(int stepsBeforeChange)
    {
        using ChunkedList<int> list = NewList(12);
        ChunkedList<int>.Enumerator enumerator = list.GetEnumerator();
        for (int i = 0; i < stepsBeforeChange; i++)
        {
            Assert.True(enumerator.MoveNext());
        }

        if (stepsBeforeChange == 12)
        {
            Assert.False(enumerator.MoveNext());
        }

        list[11] = 0;
        Assert.Throws<InvalidOperationException>(() => enumerator.MoveNext());
    }

    [Fact]
    public void CapacityChangesInvalidateEnumeratorsOfAPooledListOnly()
    {
        using ChunkedList<int> plain = new(chunkLength: 4, directoryLength: 4, pool: null) { 1, 2, 3 };
        using ChunkedList<int> pooled = new(chunkLength: 4, directoryLength: 4, ArrayPool<int>.Create()) { 1, 2, 3 };
        foreach (Action<ChunkedList<int>> change in new Action<ChunkedList<int>>[] { l => l.Capacity = 40, l => l.TrimExcess(), l => l.Capacity = l.Count })
        {
            ChunkedList<int>.Enumerator onPlain = plain.GetEnumerator();
            ChunkedList<int>.Enumerator onPooled = pooled.GetEnumerator();
            Assert.True(onPlain.MoveNext());
            Assert.True(onPooled.MoveNext());
            int plainCapacity = plain.Capacity;
            int pooledCapacity = pooled.Capacity;
            change(plain);
            change(pooled);

            // Like List<T>: the enumeration goes on, over the same elements.
            Assert.True(onPlain.MoveNext());
            Assert.Equal(2, onPlain.Current);
            if (pooled.Capacity != pooledCapacity)
            {
                Assert.Throws<InvalidOperationException>(() => onPooled.MoveNext());
            }
            else
            {
                Assert.True(onPooled.MoveNext());
                Assert.Equal(2, onPooled.Current);
            }

            Assert.True(plainCapacity >= 3);
        }
    }

    [Fact]
    public void DisposeInvalidatesBothEnumerators()
    {
        ChunkedList<int> list = NewList(10);
        ChunkedList<int>.Enumerator enumerator = list.GetEnumerator();
        ChunkedList<int>.ChunkEnumerator chunks = list.GetChunks();
        Assert.True(enumerator.MoveNext());
        Assert.True(chunks.MoveNext());
        list.Dispose();
        Assert.Throws<ObjectDisposedException>(() => enumerator.MoveNext());
        Assert.Throws<ObjectDisposedException>(() => chunks.MoveNext());
        Assert.Throws<ObjectDisposedException>(() => list.GetChunks());
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(3)]
    public void ChunkEnumeratorThrowsAfterAChange(int stepsBeforeChange)
    {
        using ChunkedList<int> list = NewList(12);
        ChunkedList<int>.ChunkEnumerator chunks = list.GetChunks();
        for (int i = 0; i < stepsBeforeChange; i++)
        {
            Assert.True(chunks.MoveNext());
        }

        list.Add(1);
        Assert.Throws<InvalidOperationException>(() => chunks.MoveNext());
    }

    [Fact]
    public void NonGenericCurrentThrowsBeforeTheFirstAndAfterTheLastElementAndResetRestarts()
    {
        using ChunkedList<int> list = NewList(5);
        IEnumerator enumerator = ((IEnumerable)list).GetEnumerator();
        Assert.Throws<InvalidOperationException>(() => enumerator.Current);
        List<int> seen = [];
        while (enumerator.MoveNext())
        {
            seen.Add((int)enumerator.Current!);
        }

        Assert.Equal(list.ToArray(), seen);
        Assert.Throws<InvalidOperationException>(() => enumerator.Current);
        Assert.False(enumerator.MoveNext());
        enumerator.Reset();
        Assert.Throws<InvalidOperationException>(() => enumerator.Current);
        Assert.True(enumerator.MoveNext());
        Assert.Equal(0, enumerator.Current);
    }

    [Fact]
    public void CurrentIsDefaultAfterTheEnd()
    {
        using ChunkedList<string> list = new(chunkLength: 4, directoryLength: 4, pool: null) { "a", "b", "c", "d" };
        ChunkedList<string>.Enumerator enumerator = list.GetEnumerator();
        while (enumerator.MoveNext())
        {
        }

        Assert.Null(enumerator.Current);
        Assert.False(enumerator.MoveNext());
    }

    [Fact]
    public void ReadersOnManyThreadsSeeTheSameElements()
    {
        using ChunkedList<int> list = new(Enumerable.Range(0, 100_000));
        long expected = list.Sum(x => (long)x);
        Parallel.For(0, Environment.ProcessorCount * 4, _ =>
        {
            long sum = 0;
            foreach (ReadOnlySpan<int> chunk in list.GetChunks())
            {
                foreach (int item in chunk)
                {
                    sum += item;
                }
            }

            long viaForeach = 0;
            foreach (int item in list)
            {
                viaForeach += item;
            }

            Assert.Equal(expected, sum);
            Assert.Equal(expected, viaForeach);
        });
    }

    private static ChunkedList<int> NewList(int count)
    {
        ChunkedList<int> list = new(chunkLength: 4, directoryLength: 4, pool: null);
        for (int i = 0; i < count; i++)
        {
            list.Add(i);
        }

        return list;
    }

    private static void AssertEnumerations(ChunkedList<int> list, int chunkLength)
    {
        int[] expected = new int[list.Count];
        for (int i = 0; i < expected.Length; i++)
        {
            expected[i] = list[i];
        }

        List<int> viaForeach = [];
        foreach (int item in list)
        {
            viaForeach.Add(item);
        }

        Assert.Equal(expected, viaForeach);
        Assert.Equal(expected, list.AsEnumerable().ToArray());

        List<int> viaChunks = [];
        int spans = 0;
        foreach (ReadOnlySpan<int> chunk in list.GetChunks())
        {
            Assert.False(chunk.IsEmpty);
            bool last = viaChunks.Count + chunk.Length == expected.Length;
            Assert.True(last || chunk.Length == chunkLength, $"chunk {spans} has {chunk.Length} elements");
            Assert.True(chunk.Length <= chunkLength);
            viaChunks.AddRange(chunk.ToArray());
            spans++;
        }

        Assert.Equal(expected, viaChunks);
        Assert.Equal((expected.Length + chunkLength - 1) / chunkLength, spans);
    }
}
