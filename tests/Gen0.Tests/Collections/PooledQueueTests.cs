using System.Buffers;
using System.Collections;
using Gen0.Buffers;
using Gen0.Collections;

namespace Gen0.Tests.Collections;

/// <summary>
/// <see cref="PooledQueue{T}"/>'s own contract beyond <see cref="Queue{T}"/>'s: every rented array goes back exactly
/// once, clear modes (with a wrapped ring), the disposed state, enumerator versioning, the linearizing span, bad
/// arguments and the extensions.
/// </summary>
public class PooledQueueTests
{
    [Fact]
    public void EveryMember_ReturnsEveryRentedArrayExactlyOnce()
    {
        GuardedArrayPool<string> pool = new(ArrayPool<string>.Create(), captureStackTraces: false);
        using (PooledQueue<string> queue = new(pool))
        {
            for (int i = 0; i < 500; i++)
            {
                queue.Enqueue("q" + i);
                if (i % 3 == 0)
                {
                    queue.Dequeue();
                }
            }

            _ = queue.AsSpan();
            queue.TrimExcess();
            queue.EnsureCapacity(2_000);
            queue.TrimExcess(queue.Count + 5);
            queue.Clear();
            queue.TrimExcess(0);
            queue.Enqueue("again");
            queue.Dispose();
        }

        using (PooledQueue<string> copy = new(new List<string> { "a", "b" }, pool))
        using (PooledQueue<string> fromSpan = new(new[] { "a", "b" }.AsSpan(), pool))
        using (PooledQueue<string> lazy = new(Enumerable.Repeat("z", 70), pool))
        using (PooledQueue<string> sized = new(33, pool))
        {
            Assert.Equal(70, lazy.Count);
        }

        pool.AssertAllReturned();
        Assert.True(pool.RentCount > 5);
    }

    [Theory]
    [InlineData(ClearMode.Auto, true, false)]
    [InlineData(ClearMode.Always, true, true)]
    [InlineData(ClearMode.Never, false, false)]
    public void ClearMode_DecidesWhetherReturnedArraysAreCleared_EvenWhenWrapped(ClearMode mode, bool expectStringsCleared, bool expectIntsCleared)
    {
        PooledSequenceTrackingPool<string> strings = new() { ExpectCleared = expectStringsCleared };
        using (PooledQueue<string> queue = new(strings, mode))
        {
            for (int i = 0; i < 100; i++)
            {
                queue.Enqueue("s" + i);
                if (i % 2 == 0)
                {
                    queue.Dequeue(); // keeps the ring wrapping as it grows
                }
            }
        }

        strings.AssertAllReturned();
        PooledSequenceTrackingPool<int> ints = new() { ExpectCleared = expectIntsCleared };
        using (PooledQueue<int> queue = new(ints, mode))
        {
            for (int i = 1; i <= 100; i++)
            {
                queue.Enqueue(i);
                if (i % 2 == 0)
                {
                    queue.Dequeue();
                }
            }
        }

        ints.AssertAllReturned();
    }

    [Fact]
    public void AsSpan_LinearizesAWrappedRing_WithoutInvalidatingEnumerators()
    {
        using PooledQueue<int> queue = new(8, ArrayPool<int>.Create());
        for (int i = 0; i < 8; i++)
        {
            queue.Enqueue(i);
        }

        for (int i = 0; i < 5; i++)
        {
            queue.Dequeue();
            queue.Enqueue(100 + i);
        }

        int[] expected = queue.ToArray();
        PooledQueue<int>.Enumerator enumerator = queue.GetEnumerator();
        Assert.True(enumerator.MoveNext());
        Span<int> span = queue.AsSpan();
        Assert.Equal(expected, span.ToArray());
        Assert.True(enumerator.MoveNext()); // contents unchanged: the enumerator carries on
        Assert.Equal(expected[1], enumerator.Current);
        span[0] = -1;
        Assert.Equal(-1, queue.Peek());
    }

    [Fact]
    public void Disposed_EveryMemberButCountAndDisposeThrows()
    {
        PooledQueue<int> queue = new([1, 2, 3]);
        PooledQueue<int>.Enumerator before = queue.GetEnumerator();
        queue.Dispose();
        queue.Dispose();
        Assert.True(queue.Count == 0, "Count reads 0 once disposed");
        Action[] members =
        [
            () => queue.Enqueue(1), () => queue.Dequeue(), () => queue.TryDequeue(out _), () => queue.Peek(), () => queue.TryPeek(out _),
            () => queue.Clear(), () => queue.Contains(1), () => queue.CopyTo(new int[4], 0), () => ((ICollection)queue).CopyTo(new int[4], 0),
            () => queue.ToArray(), () => queue.AsSpan(), () => queue.EnsureCapacity(1), () => queue.TrimExcess(), () => queue.TrimExcess(4),
            () => _ = queue.Capacity, () => queue.GetEnumerator(), () => ((IEnumerable<int>)queue).GetEnumerator(), () => before.MoveNext(),
        ];
        for (int i = 0; i < members.Length; i++)
        {
            Exception? ex = Record.Exception(members[i]);
            Assert.True(ex is ObjectDisposedException, $"member {i}: {ex?.GetType().Name ?? "no exception"}");
        }
    }

    [Fact]
    public void Enumerator_FailsAfterModification_YieldsFifo()
    {
        Action<PooledQueue<int>>[] modifications = [q => q.Enqueue(9), q => q.Dequeue(), q => q.TryDequeue(out _), q => q.Clear(), q => q.TrimExcess(100), q => q.Dispose()];
        foreach (Action<PooledQueue<int>> modify in modifications)
        {
            using PooledQueue<int> queue = new([1, 2, 3]);
            PooledQueue<int>.Enumerator enumerator = queue.GetEnumerator();
            Assert.True(enumerator.MoveNext());
            Assert.Equal(1, enumerator.Current);
            modify(queue);
            Assert.ThrowsAny<InvalidOperationException>(() => enumerator.MoveNext());
        }

        using PooledQueue<int> fifo = new([1, 2, 3]);
        Assert.Equal([1, 2, 3], fifo);
        Assert.Equal([1, 2, 3], fifo.ToArray());
    }

    [Fact]
    public void BadArguments_ThrowTheBclTypes()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new PooledQueue<int>(-1));
        Assert.Throws<ArgumentNullException>(() => new PooledQueue<int>((IEnumerable<int>)null!));
        Assert.Throws<ArgumentNullException>(() => ((IEnumerable<int>)null!).ToPooledQueue());
        using PooledQueue<int> queue = new();
        Assert.Throws<InvalidOperationException>(() => queue.Dequeue());
        Assert.Throws<InvalidOperationException>(() => queue.Peek());
        Assert.False(queue.TryDequeue(out _));
        queue.Enqueue(1);
        Assert.Throws<ArgumentNullException>(() => queue.CopyTo(null!, 0));
        Assert.Throws<ArgumentOutOfRangeException>(() => queue.CopyTo(new int[1], 2));
        Assert.Throws<ArgumentException>(() => queue.CopyTo(new int[1], 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => queue.EnsureCapacity(-1));
        Assert.Throws<ArgumentOutOfRangeException>(() => queue.TrimExcess(-1));
        Assert.Throws<ArgumentOutOfRangeException>(() => queue.TrimExcess(0));
        Assert.Throws<ArgumentException>(() => ((ICollection)queue).CopyTo(new string[1], 0));
        Assert.Equal(1, queue.Peek());
    }

    [Fact]
    public void Extensions_CopyEnumerablesAndSpans()
    {
        int[] source = [1, 2, 3];
        using PooledQueue<int> fromEnumerable = source.Where(x => x > 1).ToPooledQueue();
        using PooledQueue<int> fromSpan = new ReadOnlySpan<int>(source).ToPooledQueue();
        using PooledQueue<int> withPool = source.ToPooledQueue(ArrayPool<int>.Shared, ClearMode.Always);
        using PooledQueue<int> spanWithPool = new ReadOnlySpan<int>(source).ToPooledQueue(ArrayPool<int>.Shared);
        Assert.Equal([2, 3], fromEnumerable);
        Assert.Equal(source, fromSpan);
        Assert.Equal(source, withPool);
        Assert.Equal(source, spanWithPool);
    }
}
