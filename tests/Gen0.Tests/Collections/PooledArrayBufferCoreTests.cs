using System.Collections;
using Gen0.Buffers;
using Gen0.Collections;

namespace Gen0.Tests.Collections;

/// <summary>
/// The rules <c>PooledArrayBuffer&lt;T&gt;</c> owns for <see cref="PooledList{T}"/>, <see cref="PooledStack{T}"/> and
/// <see cref="PooledQueue{T}"/>, checked through each facade: a constructor that fails while filling gives every
/// rented array back (cleared when the mode says so), a negative capacity is refused, the disposed state throws
/// <see cref="ObjectDisposedException"/> on the fast paths' slow branches, and the queue's ring fast path wraps at
/// exactly the array's end.
/// </summary>
public class PooledArrayBufferCoreTests
{
    public static TheoryData<string> Facades => new() { "list", "stack", "queue" };

    [Theory]
    [MemberData(nameof(Facades))]
    public void Constructor_EnumerableThatThrowsAfterGrowing_ReturnsEveryArrayCleared(string facade)
    {
        PooledSequenceTrackingPool<string> pool = new() { ExpectCleared = true };

        // 37 items: the facade has grown (and returned) several arrays before the source throws.
        Assert.Throws<InvalidOperationException>(() => Create(facade, ThrowAfter(37), pool, ClearMode.Always));
        Assert.True(pool.RentCount > 1);
        pool.AssertAllReturned();
    }

    [Theory]
    [MemberData(nameof(Facades))]
    public void Constructor_CollectionWhoseCopyToThrows_ReturnsTheArrayCleared(string facade)
    {
        PooledSequenceTrackingPool<string> pool = new() { ExpectCleared = true };
        Assert.Throws<InvalidOperationException>(() => Create(facade, new CopyToThrows(5), pool, ClearMode.Always));
        Assert.Equal(1, pool.RentCount);
        pool.AssertAllReturned();
    }

    [Theory]
    [MemberData(nameof(Facades))]
    public void Constructor_EmptySources_RentNothing(string facade)
    {
        PooledSequenceTrackingPool<string> pool = new();
        using (IDisposable fromList = Create(facade, new List<string>(), pool, ClearMode.Auto))
        using (IDisposable fromEnumerable = Create(facade, ThrowAfter(int.MaxValue).Take(0), pool, ClearMode.Auto))
        {
            Assert.Empty((IEnumerable)fromList);
            Assert.Empty((IEnumerable)fromEnumerable);
        }

        Assert.Equal(0, pool.RentCount);
    }

    [Theory]
    [InlineData(-1)]
    [InlineData(int.MinValue)]
    public void Constructor_NegativeCapacity_Throws(int capacity)
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new PooledList<int>(capacity));
        Assert.Throws<ArgumentOutOfRangeException>(() => new PooledStack<int>(capacity));
        Assert.Throws<ArgumentOutOfRangeException>(() => new PooledQueue<int>(capacity));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(2)]
    public void Constructor_SmallCapacity_RentsOnlyWhenPositive(int capacity)
    {
        PooledSequenceTrackingPool<int> pool = new();
        using (PooledList<int> list = new(capacity, pool))
        using (PooledStack<int> stack = new(capacity, pool))
        using (PooledQueue<int> queue = new(capacity, pool))
        {
            Assert.True(list.Capacity >= capacity);
            Assert.True(stack.Capacity >= capacity);
            Assert.True(queue.Capacity >= capacity);
        }

        Assert.Equal(capacity == 0 ? 0 : 3, pool.RentCount);
        pool.AssertAllReturned();
    }

    [Fact]
    public void DisposedFacades_ThrowObjectDisposedNamingThemselves_AndDisposeTwiceIsANoOp()
    {
        PooledSequenceTrackingPool<int> pool = new();
        PooledList<int> list = new([1, 2, 3], pool);
        PooledStack<int> stack = new([1, 2, 3], pool);
        PooledQueue<int> queue = new([1, 2, 3], pool);
        list.Dispose();
        stack.Dispose();
        queue.Dispose();
        list.Dispose();
        stack.Dispose();
        queue.Dispose();
        pool.AssertAllReturned();

        Assert.True(list.Count == 0 && stack.Count == 0 && queue.Count == 0, "a disposed facade reports elements");
        Assert.Contains("PooledList", Assert.Throws<ObjectDisposedException>(() => list.Add(4)).ObjectName, StringComparison.Ordinal);
        Assert.Contains("PooledStack", Assert.Throws<ObjectDisposedException>(() => stack.Push(4)).ObjectName, StringComparison.Ordinal);
        Assert.Contains("PooledQueue", Assert.Throws<ObjectDisposedException>(() => queue.Enqueue(4)).ObjectName, StringComparison.Ordinal);
        Assert.Throws<ObjectDisposedException>(() => list.Capacity);
        Assert.Throws<ObjectDisposedException>(() => stack.Capacity);
        Assert.Throws<ObjectDisposedException>(() => queue.Capacity);
        Assert.Throws<ObjectDisposedException>(() => queue.TryDequeue(out _));
        Assert.Throws<ObjectDisposedException>(() => stack.TryPop(out _));
        Assert.Equal(pool.RentCount, pool.ReturnCount);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(4)]
    [InlineData(16)]
    [InlineData(17)]
    public void Queue_EnqueueAcrossTheRingEnd_MatchesQueue(int capacity)
    {
        PooledSequenceTrackingPool<int> pool = new();
        using (PooledQueue<int> queue = new(capacity, pool))
        {
            Queue<int> twin = new(capacity);
            int next = 0;

            // Fill to the rented length exactly, drain part, then enqueue past the end so the tail wraps to 0 and on,
            // and finally past the capacity so the wrapped ring grows.
            for (int round = 0; round < 4; round++)
            {
                while (queue.Count < queue.Capacity)
                {
                    queue.Enqueue(next);
                    twin.Enqueue(next++);
                }

                for (int i = 0; i < (queue.Count / 2) + 1; i++)
                {
                    Assert.Equal(twin.Dequeue(), queue.Dequeue());
                }

                int capacityBefore = queue.Capacity;
                for (int i = 0; i < capacityBefore; i++)
                {
                    queue.Enqueue(next);
                    twin.Enqueue(next++);
                }

                Assert.Equal(twin, queue);
            }

            while (twin.Count > 0)
            {
                Assert.Equal(twin.Dequeue(), queue.Dequeue());
            }

            Assert.False(queue.TryDequeue(out _));
        }

        pool.AssertAllReturned();
    }

    private static IDisposable Create(string facade, IEnumerable<string> source, PooledSequenceTrackingPool<string> pool, ClearMode clearMode) => facade switch
    {
        "list" => new PooledList<string>(source, pool, clearMode),
        "stack" => new PooledStack<string>(source, pool, clearMode),
        _ => new PooledQueue<string>(source, pool, clearMode),
    };

    private static IEnumerable<string> ThrowAfter(int count)
    {
        for (int i = 0; i < count; i++)
        {
            yield return "item" + i;
        }

        throw new InvalidOperationException("source failed");
    }

    /// <summary>A collection that writes part of the destination and then fails, as a broken source may.</summary>
    private sealed class CopyToThrows(int count) : ICollection<string>
    {
        public int Count => count;

        public bool IsReadOnly => true;

        public void CopyTo(string[] array, int arrayIndex)
        {
            array[arrayIndex] = "written before the failure";
            throw new InvalidOperationException("CopyTo failed");
        }

        public IEnumerator<string> GetEnumerator() => Enumerable.Repeat("x", count).GetEnumerator();

        IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

        public void Add(string item) => throw new NotSupportedException();

        public void Clear() => throw new NotSupportedException();

        public bool Contains(string item) => false;

        public bool Remove(string item) => throw new NotSupportedException();
    }
}
