using System.Buffers;
using System.Collections;
using Gen0.Buffers;
using Gen0.Collections;

namespace Gen0.Tests.Collections;

/// <summary>
/// <see cref="PooledList{T}"/>'s own contract beyond <see cref="List{T}"/>'s: every rented array goes back exactly
/// once (checked by <see cref="GuardedArrayPool{T}"/>, which also catches writes after return), clear modes,
/// the disposed state, enumerator versioning, spans, bad arguments and the extensions.
/// </summary>
public class PooledListTests
{
    [Fact]
    public void EveryMember_ReturnsEveryRentedArrayExactlyOnce()
    {
        GuardedArrayPool<string> pool = new(ArrayPool<string>.Create(), captureStackTraces: false);
        using (PooledList<string> list = new(pool))
        {
            for (int i = 0; i < 100; i++)
            {
                list.Add("a" + i);
            }

            list.AddRange(["x", "y"]);
            list.AddRange(Enumerable.Range(0, 50).Select(i => "lazy" + i));
            list.AddRange(list.AsSpan()); // a span over its own array while it grows
            list.Insert(0, "first");
            list.InsertRange(3, list);
            list.InsertRange(5, Enumerable.Range(0, 40).Select(i => "ins" + i));
            list.InsertRange(7, ["s1", "s2"]);
            list.InsertRange(1, list.AsSpan()[..300]);
            list.Capacity = list.Count + 1_000;
            list.Capacity = list.Count;
            list.EnsureCapacity(list.Count * 3);
            list.TrimExcess();
            list.FindAll(s => s.Length > 3).Dispose();
            list.GetRange(2, 10).Dispose();
            list.Slice(0, 0).Dispose();
            list.ConvertAll(s => s.Length).Dispose();
            list.RemoveAll(s => s.StartsWith('a'));
            list.RemoveRange(0, 10);
            list.Sort(StringComparer.Ordinal);
            list.Reverse();
            list.Clear();
            list.TrimExcess();
            list.Capacity = 0;
            list.Add("again");
            list.Dispose(); // twice, through using as well
        }

        using (PooledList<string> copy = new(new List<string> { "a", "b" }, pool))
        using (PooledList<string> fromSpan = new(new[] { "a", "b" }.AsSpan(), pool))
        using (PooledList<string> lazy = new(Enumerable.Repeat("z", 70), pool))
        using (PooledList<string> sized = new(33, pool))
        {
            Assert.Equal(70, lazy.Count);
        }

        Assert.Throws<InvalidOperationException>(() => new PooledList<string>(Throwing(20), pool));
        pool.AssertAllReturned();
        Assert.Equal(pool.RentCount, pool.ReturnCount);
        Assert.True(pool.RentCount > 10);
    }

    [Fact]
    public void RandomMutations_NeverWriteAfterReturnNorLeak()
    {
        GuardedArrayPool<int> pool = new(ArrayPool<int>.Create(), captureStackTraces: false);
        Random random = new(5);
        PooledList<int> list = new(pool, ClearMode.Never);
        for (int i = 0; i < 4_000; i++)
        {
            switch (random.Next(8))
            {
                case 0 or 1 or 2: list.Add(i); break;
                case 3: list.AddRange(list.AsSpan()[..Math.Min(list.Count, 30)]); break;
                case 4: list.InsertRange(random.Next(list.Count + 1), Enumerable.Range(0, random.Next(20)).ToArray()); break;
                case 5 when list.Count > 0: list.RemoveRange(0, random.Next(list.Count)); break;
                case 6: list.TrimExcess(); break;
                case 7: list.Capacity = list.Count + random.Next(0, 100); break;
            }
        }

        list.Dispose();
        pool.AssertAllReturned();

        // Renting again verifies the poison written on return: a write after return would throw here.
        for (int i = 0; i < 50; i++)
        {
            pool.Return(pool.Rent(16 << (i % 8)));
        }
    }

    [Theory]
    [InlineData(ClearMode.Auto, true, false)]
    [InlineData(ClearMode.Always, true, true)]
    [InlineData(ClearMode.Never, false, false)]
    public void ClearMode_DecidesWhetherReturnedArraysAreCleared(ClearMode mode, bool expectStringsCleared, bool expectIntsCleared)
    {
        PooledSequenceTrackingPool<string> strings = new() { ExpectCleared = expectStringsCleared };
        using (PooledList<string> list = new(strings, mode))
        {
            for (int i = 0; i < 100; i++)
            {
                list.Add("s" + i); // grows several times: each old array goes back through the same check
            }

            list.RemoveAt(5);
        }

        strings.AssertAllReturned();

        PooledSequenceTrackingPool<int> ints = new() { ExpectCleared = expectIntsCleared };
        using (PooledList<int> list = new(ints, mode))
        {
            for (int i = 1; i <= 100; i++)
            {
                list.Add(i);
            }

            list.RemoveRange(0, 50); // the removed values stay in the array unless the mode clears
        }

        ints.AssertAllReturned();
    }

    [Fact]
    public void ClearMode_Never_LeavesDataInReturnedArrays()
    {
        ArrayPool<int> pool = ArrayPool<int>.Create();
        int[] seen;
        using (PooledList<int> list = new(16, pool, ClearMode.Never))
        {
            list.AddRange([7, 7, 7]);
            seen = list.AsSpan().ToArray();
        }

        int[] again = pool.Rent(16);
        Assert.Equal(7, again[0]);
        Assert.Equal(seen, again.AsSpan(0, 3).ToArray());
    }

    [Fact]
    public void Disposed_EveryMemberButCountAndDisposeThrows()
    {
        PooledList<int> list = new() { 1, 2, 3 };
        PooledList<int>.Enumerator before = list.GetEnumerator();
        list.Dispose();
        list.Dispose();
        Assert.True(list.Count == 0, "Count reads 0 once disposed");

        IList nonGeneric = list;
        IList<int> generic = list;
        Action[] members =
        [
            () => _ = list[0], () => list[0] = 1, () => list.Add(1), () => list.AddRange([1]), () => list.AddRange(new[] { 1 }.AsSpan()),
            () => list.Insert(0, 1), () => list.InsertRange(0, [1]), () => list.InsertRange(0, new[] { 1 }.AsSpan()),
            () => list.Remove(1), () => list.RemoveAt(0), () => list.RemoveRange(0, 0), () => list.RemoveAll(_ => true),
            () => list.Clear(), () => list.Contains(1), () => list.IndexOf(1), () => list.IndexOf(1, 0), () => list.IndexOf(1, 0, 0),
            () => list.LastIndexOf(1), () => list.LastIndexOf(1, 0), () => list.LastIndexOf(1, 0, 0), () => list.BinarySearch(1),
            () => list.BinarySearch(1, null), () => list.BinarySearch(0, 0, 1, null), () => list.Sort(), () => list.Sort(Comparer<int>.Default),
            () => list.Sort(0, 0, null), () => list.Sort((a, b) => a - b), () => list.Reverse(), () => list.Reverse(0, 0),
            () => list.Find(_ => true), () => list.FindIndex(_ => true), () => list.FindIndex(0, _ => true), () => list.FindIndex(0, 0, _ => true),
            () => list.FindLast(_ => true), () => list.FindLastIndex(_ => true), () => list.FindLastIndex(-1, _ => true),
            () => list.FindLastIndex(-1, 0, _ => true), () => list.FindAll(_ => true), () => list.Exists(_ => true), () => list.TrueForAll(_ => true),
            () => list.ForEach(_ => { }), () => list.ConvertAll(x => x), () => list.GetRange(0, 0), () => list.Slice(0, 0),
            () => list.CopyTo(new int[4]), () => list.CopyTo(new int[4], 0), () => list.CopyTo(0, new int[4], 0, 0), () => list.CopyTo(new int[4].AsSpan()),
            () => list.ToArray(), () => list.EnsureCapacity(1), () => list.TrimExcess(), () => _ = list.Capacity, () => list.Capacity = 8,
            () => list.AsReadOnly(), () => list.AsSpan(), () => list.GetEnumerator(), () => ((IEnumerable<int>)list).GetEnumerator(),
            () => nonGeneric.Add(1), () => nonGeneric.Contains(1), () => nonGeneric.Contains("x"), () => nonGeneric.IndexOf("x"), () => nonGeneric.Remove("x"),
            () => nonGeneric.CopyTo(new int[4], 0), () => generic.Insert(0, 1), () => ((ICollection<int>)list).Add(1),
            () => before.MoveNext(),
        ];
        for (int i = 0; i < members.Length; i++)
        {
            Exception? ex = Record.Exception(members[i]);
            Assert.True(ex is ObjectDisposedException, $"member {i}: {ex?.GetType().Name ?? "no exception"}");
            Assert.Contains(nameof(PooledList<int>), ((ObjectDisposedException)ex!).ObjectName, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void Enumerator_FailsAfterEveryModification_AndNotAfterReads()
    {
        Action<PooledList<int>>[] modifications =
        [
            l => l.Add(9), l => l[0] = 5, l => l.AddRange([1]), l => l.AddRange(new[] { 1 }.AsSpan()), l => l.Insert(0, 1), l => l.InsertRange(1, [2]),
            l => l.InsertRange(1, new[] { 2 }.AsSpan()), l => l.Remove(1), l => l.RemoveAt(0), l => l.RemoveRange(0, 1), l => l.RemoveAll(x => x == 2),
            l => l.Clear(), l => l.Sort(), l => l.Sort((a, b) => b - a), l => l.Reverse(), l => l.Reverse(0, 2), l => l.Dispose(),
        ];
        foreach (Action<PooledList<int>> modify in modifications)
        {
            using PooledList<int> list = new([1, 2, 3, 4]);
            PooledList<int>.Enumerator enumerator = list.GetEnumerator();
            Assert.True(enumerator.MoveNext());
            modify(list);
            Assert.ThrowsAny<InvalidOperationException>(() => enumerator.MoveNext());
        }

        using PooledList<int> unchanged = new([1, 2, 3]);
        int sum = 0;
        foreach (int x in unchanged)
        {
            sum += x + unchanged.IndexOf(x) + (unchanged.Contains(x) ? 1 : 0) + unchanged.AsSpan().Length;
            unchanged.EnsureCapacity(2); // no growth, no modification
            _ = unchanged.ToArray();
        }

        Assert.Equal(6 + 3 + 3 + 9, sum);
        using PooledList<int> modified = new([1, 2, 3]);
        Assert.Throws<InvalidOperationException>(() =>
        {
            foreach (int x in modified)
            {
                modified.Add(x);
            }
        });
    }

    [Fact]
    public void Enumerator_CurrentAndReset_BehaveLikeList()
    {
        using PooledList<int> list = new([1, 2]);
        IEnumerator enumerator = ((IEnumerable)list).GetEnumerator();
        Assert.Throws<InvalidOperationException>(() => enumerator.Current);
        Assert.True(enumerator.MoveNext());
        Assert.Equal(1, enumerator.Current);
        Assert.True(enumerator.MoveNext());
        Assert.False(enumerator.MoveNext());
        Assert.Throws<InvalidOperationException>(() => enumerator.Current);
        enumerator.Reset();
        Assert.True(enumerator.MoveNext());
        Assert.Equal(1, enumerator.Current);
    }

    [Fact]
    public void BadArguments_ThrowTheBclTypes()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new PooledList<int>(-1));
        Assert.Throws<ArgumentNullException>(() => new PooledList<int>((IEnumerable<int>)null!));
        Assert.Throws<ArgumentNullException>(() => ((IEnumerable<int>)null!).ToPooledList());
        using PooledList<int> list = new([1, 2, 3]);
        Assert.Throws<ArgumentOutOfRangeException>(() => list[3]);
        Assert.Throws<ArgumentOutOfRangeException>(() => list[-1]);
        Assert.Throws<ArgumentOutOfRangeException>(() => list.Insert(4, 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => list.RemoveAt(3));
        Assert.Throws<ArgumentException>(() => list.RemoveRange(2, 2));
        Assert.Throws<ArgumentOutOfRangeException>(() => list.RemoveRange(-1, 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => list.Capacity = 2);
        Assert.Throws<ArgumentOutOfRangeException>(() => list.EnsureCapacity(-1));
        Assert.Throws<ArgumentNullException>(() => list.AddRange((IEnumerable<int>)null!));
        Assert.Throws<ArgumentNullException>(() => list.InsertRange(0, (IEnumerable<int>)null!));
        Assert.Throws<ArgumentNullException>(() => list.RemoveAll(null!));
        Assert.Throws<ArgumentNullException>(() => list.Find(null!));
        Assert.Throws<ArgumentNullException>(() => list.FindAll(null!));
        Assert.Throws<ArgumentNullException>(() => list.ConvertAll<int>(null!));
        Assert.Throws<ArgumentNullException>(() => list.ForEach(null!));
        Assert.Throws<ArgumentNullException>(() => list.Sort((Comparison<int>)null!));
        Assert.Throws<ArgumentNullException>(() => list.CopyTo(null!));
        Assert.Throws<ArgumentException>(() => list.CopyTo(new int[2]));
        Assert.Throws<ArgumentException>(() => ((ICollection)list).CopyTo(new string[3], 0));
        Assert.Throws<ArgumentException>(() => ((ICollection)list).CopyTo(new int[2, 2], 0));
        Assert.Throws<ArgumentException>(() => ((IList)list).Add("text"));
        Assert.Throws<ArgumentNullException>(() => ((IList)list).Add(null));
        Assert.Equal([1, 2, 3], list.ToArray()); // still usable and unchanged after every failure
    }

    [Fact]
    public void AsSpan_IsLiveView()
    {
        using PooledList<int> list = new(ReadOnlySpan<int>.Empty);
        Assert.True(list.AsSpan().IsEmpty);
        list.AddRange([3, 1, 2]);
        Span<int> span = list.AsSpan();
        span.Sort();
        Assert.Equal([1, 2, 3], list.ToArray());
    }

    [Fact]
    public void Extensions_CopyEnumerablesAndSpans()
    {
        int[] source = [1, 2, 3];
        using PooledList<int> fromEnumerable = source.Where(x => x > 1).ToPooledList();
        using PooledList<int> fromSpan = new ReadOnlySpan<int>(source).ToPooledList();
        using PooledList<int> withPool = source.ToPooledList(ArrayPool<int>.Shared, ClearMode.Always);
        using PooledList<int> spanWithPool = new ReadOnlySpan<int>(source).ToPooledList(ArrayPool<int>.Shared);
        Assert.Equal([2, 3], fromEnumerable);
        Assert.Equal(source, fromSpan);
        Assert.Equal(source, withPool);
        Assert.Equal(source, spanWithPool);
    }

    [Fact]
    public void QuickStart_ReadmeSnippet()
    {
        // The README quick start: a pooled list built in one method, consumed and disposed in another.
        static PooledList<int> LoadIds(int count)
        {
            PooledList<int> ids = new(count);
            for (int i = 0; i < count; i++)
            {
                ids.Add(i * 2);
            }

            return ids;
        }

        static int SumIds()
        {
            using PooledList<int> ids = LoadIds(1_000); // disposed where it is last used: the array goes back to the pool
            ids.RemoveAll(id => id % 4 == 0);
            return ids.Sum();
        }

        Assert.Equal(Enumerable.Range(0, 1_000).Select(i => i * 2).Where(id => id % 4 != 0).Sum(), SumIds());
    }

    private static IEnumerable<string> Throwing(int after)
    {
        for (int i = 0; i < after; i++)
        {
            yield return "t" + i;
        }

        throw new InvalidOperationException("the source failed");
    }
}
