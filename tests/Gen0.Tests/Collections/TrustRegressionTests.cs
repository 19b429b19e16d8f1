using System.Collections;
using Gen0.Buffers;
using Gen0.Collections;

namespace Gen0.Tests.Collections;

/// <summary>
/// Regression tests for the collection defects of the "Trust" issue: each failed on the code before its fix (see
/// docs/reliability/collections.md). The conformance suite in Conformance/ checks the same rules across every type;
/// these name each defect once, on its own.
/// </summary>
public sealed class TrustRegressionTests
{
    private const int SpansSeveralChunks = 40_000;

    [Fact]
    public void ChunkedListConstructorReturnsEveryChunkWhenTheSourceThrows()
    {
        PooledSequenceTrackingPool<int> pool = new();
        Assert.Throws<InvalidOperationException>(() => new ChunkedList<int>(ThrowsAfter(SpansSeveralChunks), pool));
        Assert.True(pool.RentCount > 2, "the source should have filled several chunks before it threw");
        pool.AssertAllReturned();
    }

    [Fact]
    public void ChunkedHashSetConstructorReturnsEveryChunkWhenTheSourceThrows()
    {
        PooledSequenceTrackingPool<int> bucketPool = new();
        Assert.Throws<InvalidOperationException>(() => new ChunkedHashSet<int>(ThrowsAfter(SpansSeveralChunks), null, bucketPool));
        Assert.True(bucketPool.RentCount > 1);
        bucketPool.AssertAllReturned();
    }

    [Fact]
    public void ChunkedDictionaryConstructorReturnsEveryChunkOnADuplicateKeyOrAThrowingSource()
    {
        PooledSequenceTrackingPool<int> bucketPool = new();
        IEnumerable<KeyValuePair<int, int>> duplicateAtTheEnd = Enumerable.Range(0, SpansSeveralChunks).Append(7).Select(i => new KeyValuePair<int, int>(i, i));
        Assert.Throws<ArgumentException>(() => new ChunkedDictionary<int, int>(duplicateAtTheEnd, null, bucketPool));
        Assert.True(bucketPool.RentCount > 1);
        bucketPool.AssertAllReturned();

        PooledSequenceTrackingPool<int> secondPool = new();
        Assert.Throws<InvalidOperationException>(() => new ChunkedDictionary<int, int>(ThrowsAfter(SpansSeveralChunks).Select(i => new KeyValuePair<int, int>(i, i)), null, secondPool));
        secondPool.AssertAllReturned();
    }

    [Fact]
    public void NonGenericCurrentThrowsAfterTheEndEvenOnceTheListChanged()
    {
        // List<T> marks the end with -1, which no later change moves; count + 1 moved with the count.
        foreach (IList<int> list in new IList<int>[] { new PooledList<int> { 1, 2 }, new ChunkedList<int> { 1, 2 } })
        {
            IEnumerator enumerator = ((IEnumerable)list).GetEnumerator();
            while (enumerator.MoveNext())
            {
            }

            list.Add(3);
            Assert.Throws<InvalidOperationException>(() => enumerator.Current);
            ((IDisposable)list).Dispose();
        }
    }

    [Fact]
    public void ChunkedEnumeratorsThrowObjectDisposedAfterDispose()
    {
        ChunkedList<int> list = new(Enumerable.Range(0, 3));
        ChunkedList<int>.Enumerator listEnumerator = list.GetEnumerator();
        IEnumerator<int> listInterface = ((IEnumerable<int>)list).GetEnumerator();
        list.Dispose();
        Assert.Throws<ObjectDisposedException>(() => MoveNext(ref listEnumerator));
        Assert.Throws<ObjectDisposedException>(() => listInterface.MoveNext());
        Assert.Throws<ObjectDisposedException>(listInterface.Reset);

        ChunkedHashSet<int> set = new(Enumerable.Range(0, 3));
        ChunkedHashSet<int>.Enumerator setEnumerator = set.GetEnumerator();
        set.Dispose();
        Assert.Throws<ObjectDisposedException>(() => MoveNext(ref setEnumerator));

        ChunkedDictionary<int, int> dictionary = new(Enumerable.Range(0, 3).ToDictionary(i => i));
        IEnumerator pairs = ((IEnumerable)dictionary).GetEnumerator();
        IEnumerator keys = ((IEnumerable)dictionary.Keys).GetEnumerator();
        IEnumerator values = ((IEnumerable)dictionary.Values).GetEnumerator();
        dictionary.Dispose();
        Assert.Throws<ObjectDisposedException>(() => pairs.MoveNext());
        Assert.Throws<ObjectDisposedException>(() => keys.MoveNext());
        Assert.Throws<ObjectDisposedException>(() => values.MoveNext());
    }

    [Fact]
    public void EmptyChunkedInterfaceEnumeratorsEndQuietlyAfterAModification()
    {
        // As the BCL since .NET 8: an empty collection hands out the shared empty enumerator, which no change breaks.
        ChunkedList<int> list = [];
        IEnumerator<int> fromList = ((IEnumerable<int>)list).GetEnumerator();
        list.Add(1);
        Assert.False(fromList.MoveNext());

        ChunkedHashSet<int> set = [];
        IEnumerator<int> fromSet = ((IEnumerable<int>)set).GetEnumerator();
        set.Add(1);
        Assert.False(fromSet.MoveNext());

        ChunkedDictionary<int, int> dictionary = [];
        IEnumerator fromDictionary = ((IEnumerable)dictionary).GetEnumerator();
        IEnumerator<int> fromKeys = ((IEnumerable<int>)dictionary.Keys).GetEnumerator();
        dictionary.Add(1, 1);
        Assert.False(fromDictionary.MoveNext());
        Assert.False(fromKeys.MoveNext());
    }

    [Fact]
    public void SymmetricExceptWithOrderMatchesHashSetGivenTheMirrorArgument()
    {
        // HashSet<T> toggles element by element for a HashSet argument with its comparer (a freed slot is reused:
        // 5,0,6,4) and marks-then-removes for any other sequence (5,6,4,0). The Gen0 sets take the first path for a
        // set of their own kind with the same comparer, so each matches HashSet given the argument's twin.
        int[] start = [5, 7, 6, 4];
        int[] other = [7, 0];
        HashSet<int> bySet = [.. start];
        bySet.SymmetricExceptWith(new HashSet<int>(other));
        HashSet<int> bySequence = [.. start];
        bySequence.SymmetricExceptWith(other.ToList());
        Assert.Equal([5, 0, 6, 4], bySet);
        Assert.Equal([5, 6, 4, 0], bySequence);

        using PooledHashSet<int> pooled = [.. start];
        using PooledHashSet<int> pooledOther = [.. other];
        pooled.SymmetricExceptWith(pooledOther);
        Assert.Equal(bySet, pooled);
        using PooledHashSet<int> pooledBySequence = [.. start];
        pooledBySequence.SymmetricExceptWith(other.ToList());
        Assert.Equal(bySequence, pooledBySequence);

        using ChunkedHashSet<int> chunked = [.. start];
        using ChunkedHashSet<int> chunkedOther = [.. other];
        chunked.SymmetricExceptWith(chunkedOther);
        Assert.Equal(bySet, chunked);
        using ChunkedHashSet<int> chunkedBySequence = [.. start];
        chunkedBySequence.SymmetricExceptWith(other.ToList());
        Assert.Equal(bySequence, chunkedBySequence);
    }

    [Fact]
    public void AChunkDirectoryShorterThanItsFirstPageDirectoryFailsCleanlyWhenFull()
    {
        // Two chunks flat and two pages of two: 6 chunks of 4. Before the fix the page directory started longer than
        // its bound, skipped the overflow check, shrank and threw IndexOutOfRangeException.
        ChunkedList<int> list = new(4, 2, null);
        for (int i = 0; i < 24; i++)
        {
            list.Add(i);
        }

        Assert.Throws<OutOfMemoryException>(() => list.Add(24));
        Assert.Equal(Enumerable.Range(0, 24), list);
    }

    private static IEnumerable<int> ThrowsAfter(int count)
    {
        for (int i = 0; i < count; i++)
        {
            yield return i;
        }

        throw new InvalidOperationException("the source failed");
    }

    private static bool MoveNext<TEnumerator>(ref TEnumerator enumerator)
        where TEnumerator : struct, IEnumerator => enumerator.MoveNext();
}
