using System.Collections;
using Gen0.Collections;

namespace Gen0.Tests.Collections;

/// <summary>
/// The constructors of <see cref="PooledList{T}"/>, <see cref="PooledStack{T}"/> and <see cref="PooledQueue{T}"/>
/// from a sequence that is no <see cref="ICollection{T}"/>: one rent when the count is known without enumerating,
/// growth when it is not (or when the known count was wrong), and every array back on a throwing source.
/// </summary>
public sealed class PooledSequenceFillTests
{
    public static TheoryData<int> Counts() => new() { 0, 1, 3, 4, 5, 16, 17, 1_000 };

    [Theory]
    [MemberData(nameof(Counts))]
    public void AKnownCountRentsOnceAtItsFinalSize(int count)
    {
        // Select over a List<T> knows its count without enumerating.
        List<int> source = [.. Enumerable.Range(0, count)];
        PooledSequenceTrackingPool<int> pool = new();
        using (PooledList<int> list = new(source.Select(i => i * 2), pool))
        using (PooledStack<int> stack = new(source.Select(i => i * 2), pool))
        using (PooledQueue<int> queue = new(source.Select(i => i * 2), pool))
        {
#if !GEN0_NETSTANDARD
            // netstandard2.0's TryGetNonEnumeratedCount (Polyfills/) cannot see LINQ's internal count.
            Assert.Equal(count == 0 ? 0 : 3, pool.RentCount);
#endif
            Assert.Equal(source.Select(i => i * 2), list);
            Assert.Equal(source.Select(i => i * 2).Reverse(), stack);
            Assert.Equal(source.Select(i => i * 2), queue);
            AssertUsable(list, stack, queue, count);
        }

        pool.AssertAllReturned();
    }

    [Theory]
    [MemberData(nameof(Counts))]
    public void ACountedSequenceRentsOnce(int count)
    {
        // The non-generic ICollection.Count is known without enumerating on every target.
        PooledSequenceTrackingPool<string> pool = new();
        MiscountedSequence source = new(count, count);
        using (PooledList<string> list = new(source, pool))
        using (PooledStack<string> stack = new(source, pool))
        using (PooledQueue<string> queue = new(source, pool))
        {
            Assert.Equal(count == 0 ? 0 : 3, pool.RentCount);
            Assert.Equal(source, list);
            Assert.Equal(source.Reverse(), stack);
            Assert.Equal(source, queue);
        }

        pool.AssertAllReturned();
    }

    [Theory]
    [MemberData(nameof(Counts))]
    public void AnUnknownCountGrows(int count)
    {
        PooledSequenceTrackingPool<int> pool = new();
        using (PooledList<int> list = new(Yield(count), pool))
        using (PooledStack<int> stack = new(Yield(count), pool))
        using (PooledQueue<int> queue = new(Yield(count), pool))
        {
            Assert.Equal(Enumerable.Range(0, count), list);
            Assert.Equal(Enumerable.Range(0, count).Reverse(), stack);
            Assert.Equal(Enumerable.Range(0, count), queue);
            AssertUsable(list, stack, queue, count);
        }

        pool.AssertAllReturned();
    }

    [Theory]
    [InlineData(2, 10)]
    [InlineData(10, 2)]
    [InlineData(4, 4)]
    [InlineData(5, 0)]
    public void AWrongKnownCountIsCorrectedByTheEnumeration(int claimed, int actual)
    {
        PooledSequenceTrackingPool<string> pool = new();
        MiscountedSequence source = new(claimed, actual);
        using (PooledList<string> list = new(source, pool))
        using (PooledStack<string> stack = new(source, pool))
        using (PooledQueue<string> queue = new(source, pool))
        {
            string[] expected = [.. Enumerable.Range(0, actual).Select(i => i.ToString(System.Globalization.CultureInfo.InvariantCulture))];
            Assert.Equal(expected, list);
            Assert.Equal(Enumerable.Reverse(expected), stack);
            Assert.Equal(expected, queue);
            list.Add("end");
            queue.Enqueue("end");
            stack.Push("end");
            Assert.Equal("end", list[^1]);
            Assert.Equal("end", stack.Peek());
            Assert.Equal(actual == 0 ? "end" : "0", queue.Peek());
        }

        pool.AssertAllReturned();
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(5)]
    public void AThrowingSourceGivesEveryArrayBack(int before)
    {
        PooledSequenceTrackingPool<string> pool = new();
        Assert.Throws<InvalidOperationException>(() => new PooledList<string>(ThrowsAfter(before), pool));
        Assert.Throws<InvalidOperationException>(() => new PooledStack<string>(ThrowsAfter(before), pool));
        Assert.Throws<InvalidOperationException>(() => new PooledQueue<string>(ThrowsAfter(before), pool));
        Assert.Throws<InvalidOperationException>(() => new PooledList<string>(new MiscountedSequence(before + 1, before, throwAtEnd: true), pool));
        pool.AssertAllReturned();
    }

    [Fact]
    public void ANullSourceThrows()
    {
        Assert.Throws<ArgumentNullException>(() => new PooledList<int>((IEnumerable<int>)null!));
        Assert.Throws<ArgumentNullException>(() => new PooledStack<int>((IEnumerable<int>)null!));
        Assert.Throws<ArgumentNullException>(() => new PooledQueue<int>((IEnumerable<int>)null!));
    }

    private static void AssertUsable(PooledList<int> list, PooledStack<int> stack, PooledQueue<int> queue, int count)
    {
        list.Add(-1);
        stack.Push(-1);
        queue.Enqueue(-1);
        Assert.Equal(count + 1, list.Count);
        Assert.Equal(-1, list[count]);
        Assert.Equal(-1, stack.Pop());
        for (int i = 0; i < count; i++)
        {
            queue.Dequeue();
        }

        Assert.Equal(-1, queue.Dequeue());
        Assert.Empty(queue);
    }

    private static IEnumerable<int> Yield(int count)
    {
        for (int i = 0; i < count; i++)
        {
            yield return i;
        }
    }

    private static IEnumerable<string> ThrowsAfter(int count)
    {
        for (int i = 0; i < count; i++)
        {
            yield return "s" + i;
        }

        throw new InvalidOperationException("the source failed");
    }

    // A sequence whose non-generic ICollection.Count (which TryGetNonEnumeratedCount believes) is not what it yields.
    private sealed class MiscountedSequence(int claimed, int actual, bool throwAtEnd = false) : IEnumerable<string>, ICollection
    {
        public int Count => claimed;

        public bool IsSynchronized => false;

        public object SyncRoot => this;

        public void CopyTo(Array array, int index) => throw new NotSupportedException();

        public IEnumerator<string> GetEnumerator()
        {
            for (int i = 0; i < actual; i++)
            {
                yield return i.ToString(System.Globalization.CultureInfo.InvariantCulture);
            }

            if (throwAtEnd)
            {
                throw new InvalidOperationException("the source failed");
            }
        }

        IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
    }
}
