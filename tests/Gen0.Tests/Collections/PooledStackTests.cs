using System.Buffers;
using System.Collections;
using Gen0.Buffers;
using Gen0.Collections;

namespace Gen0.Tests.Collections;

/// <summary>
/// <see cref="PooledStack{T}"/>'s own contract beyond <see cref="Stack{T}"/>'s: every rented array goes back exactly
/// once, clear modes, the disposed state, enumerator versioning, the bottom-up span, bad arguments and the extensions.
/// </summary>
public class PooledStackTests
{
    [Fact]
    public void EveryMember_ReturnsEveryRentedArrayExactlyOnce()
    {
        GuardedArrayPool<string> pool = new(ArrayPool<string>.Create(), captureStackTraces: false);
        using (PooledStack<string> stack = new(pool))
        {
            for (int i = 0; i < 200; i++)
            {
                stack.Push("p" + i);
            }

            for (int i = 0; i < 150; i++)
            {
                stack.Pop();
            }

            stack.TrimExcess();
            stack.EnsureCapacity(1_000);
            stack.TrimExcess(60);
            stack.TrimExcess(stack.Count);
            stack.Clear();
            stack.TrimExcess(0);
            stack.Push("again");
            stack.Dispose();
        }

        using (PooledStack<string> copy = new(new List<string> { "a", "b" }, pool))
        using (PooledStack<string> fromSpan = new(new[] { "a", "b" }.AsSpan(), pool))
        using (PooledStack<string> lazy = new(Enumerable.Repeat("z", 70), pool))
        using (PooledStack<string> sized = new(33, pool))
        {
            Assert.Equal("z", lazy.Peek());
        }

        pool.AssertAllReturned();
        Assert.True(pool.RentCount > 5);
    }

    [Theory]
    [InlineData(ClearMode.Auto, true, false)]
    [InlineData(ClearMode.Always, true, true)]
    [InlineData(ClearMode.Never, false, false)]
    public void ClearMode_DecidesWhetherReturnedArraysAreCleared(ClearMode mode, bool expectStringsCleared, bool expectIntsCleared)
    {
        PooledSequenceTrackingPool<string> strings = new() { ExpectCleared = expectStringsCleared };
        using (PooledStack<string> stack = new(strings, mode))
        {
            for (int i = 0; i < 100; i++)
            {
                stack.Push("s" + i);
            }

            stack.Pop();
        }

        strings.AssertAllReturned();
        PooledSequenceTrackingPool<int> ints = new() { ExpectCleared = expectIntsCleared };
        using (PooledStack<int> stack = new(ints, mode))
        {
            for (int i = 1; i <= 100; i++)
            {
                stack.Push(i);
            }

            stack.Pop();
        }

        ints.AssertAllReturned();
    }

    [Fact]
    public void Disposed_EveryMemberButCountAndDisposeThrows()
    {
        PooledStack<int> stack = new([1, 2, 3]);
        PooledStack<int>.Enumerator before = stack.GetEnumerator();
        stack.Dispose();
        stack.Dispose();
        Assert.True(stack.Count == 0, "Count reads 0 once disposed");
        Action[] members =
        [
            () => stack.Push(1), () => stack.Pop(), () => stack.TryPop(out _), () => stack.Peek(), () => stack.TryPeek(out _),
            () => stack.Clear(), () => stack.Contains(1), () => stack.CopyTo(new int[4], 0), () => ((ICollection)stack).CopyTo(new int[4], 0),
            () => stack.ToArray(), () => stack.AsSpan(), () => stack.EnsureCapacity(1), () => stack.TrimExcess(), () => stack.TrimExcess(4),
            () => _ = stack.Capacity, () => stack.GetEnumerator(), () => ((IEnumerable<int>)stack).GetEnumerator(), () => before.MoveNext(),
        ];
        for (int i = 0; i < members.Length; i++)
        {
            Exception? ex = Record.Exception(members[i]);
            Assert.True(ex is ObjectDisposedException, $"member {i}: {ex?.GetType().Name ?? "no exception"}");
        }
    }

    [Fact]
    public void Enumerator_FailsAfterModification_YieldsLifo()
    {
        Action<PooledStack<int>>[] modifications = [s => s.Push(9), s => s.Pop(), s => s.TryPop(out _), s => s.Clear(), s => s.Dispose()];
        foreach (Action<PooledStack<int>> modify in modifications)
        {
            using PooledStack<int> stack = new([1, 2, 3]);
            PooledStack<int>.Enumerator enumerator = stack.GetEnumerator();
            Assert.True(enumerator.MoveNext());
            Assert.Equal(3, enumerator.Current);
            modify(stack);
            Assert.ThrowsAny<InvalidOperationException>(() => enumerator.MoveNext());
        }

        using PooledStack<int> lifo = new([1, 2, 3]);
        Assert.Equal([3, 2, 1], lifo);
        Assert.Equal([3, 2, 1], lifo.ToArray());
        Assert.Equal([1, 2, 3], lifo.AsSpan().ToArray());
        int[] copy = new int[5];
        lifo.CopyTo(copy, 1);
        Assert.Equal([0, 3, 2, 1, 0], copy);
    }

    [Fact]
    public void BadArguments_ThrowTheBclTypes()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new PooledStack<int>(-1));
        Assert.Throws<ArgumentNullException>(() => new PooledStack<int>((IEnumerable<int>)null!));
        Assert.Throws<ArgumentNullException>(() => ((IEnumerable<int>)null!).ToPooledStack());
        using PooledStack<int> stack = new();
        Assert.Throws<InvalidOperationException>(() => stack.Pop());
        Assert.Throws<InvalidOperationException>(() => stack.Peek());
        Assert.False(stack.TryPop(out _));
        stack.Push(1);
        Assert.Throws<ArgumentNullException>(() => stack.CopyTo(null!, 0));
        Assert.Throws<ArgumentOutOfRangeException>(() => stack.CopyTo(new int[1], 2));
        Assert.Throws<ArgumentException>(() => stack.CopyTo(new int[1], 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => stack.EnsureCapacity(-1));
        Assert.Throws<ArgumentOutOfRangeException>(() => stack.TrimExcess(-1));
        Assert.Throws<ArgumentOutOfRangeException>(() => stack.TrimExcess(0));
        Assert.Throws<ArgumentException>(() => ((ICollection)stack).CopyTo(new string[1], 0));
        Assert.Equal(1, stack.Peek());
    }

    [Fact]
    public void Extensions_CopyEnumerablesAndSpans()
    {
        int[] source = [1, 2, 3];
        using PooledStack<int> fromEnumerable = source.Where(x => x > 1).ToPooledStack();
        using PooledStack<int> fromSpan = new ReadOnlySpan<int>(source).ToPooledStack();
        using PooledStack<int> withPool = source.ToPooledStack(ArrayPool<int>.Shared, ClearMode.Always);
        using PooledStack<int> spanWithPool = new ReadOnlySpan<int>(source).ToPooledStack(ArrayPool<int>.Shared);
        Assert.Equal([3, 2], fromEnumerable);
        Assert.Equal([3, 2, 1], fromSpan);
        Assert.Equal([3, 2, 1], withPool);
        Assert.Equal([3, 2, 1], spanWithPool);
    }
}
