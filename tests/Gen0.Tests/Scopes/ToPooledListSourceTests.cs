using System.Collections.ObjectModel;
using Gen0.Buffers;
using Gen0.Collections;

namespace Gen0.Tests.Scopes;

/// <summary>
/// <c>ToPooledList()</c> (under every <c>ToPooledListScope()</c>) takes a different path per source: arrays and
/// <see cref="List{T}"/> as spans, other collections through <c>CopyTo</c>, LINQ sequences with a known count into an
/// array rented once, the rest by enumeration. Each path must give the same list as <c>ToList()</c> and return every
/// array it rented, also when the source throws half-way.
/// </summary>
public class ToPooledListSourceTests
{
    public static TheoryData<int> Sizes => [0, 1, 2, 16, 17, 1_000];

    public static IEnumerable<Func<int[], IEnumerable<int>>> Sources() =>
    [
        static a => a,
        static a => a.ToList(),
        static a => new DerivedList(a),
        static a => new Collection<int>(a.ToList()),
        static a => new ReadOnlyCollection<int>(a),
        static a => a.Select(static x => x),
        static a => a.ToList().Select(static x => x),
        static a => Enumerable.Range(0, a.Length),
        static a => Enumerable.Range(0, a.Length).Select(static x => x),
        static a => a.Where(static _ => true),
        static a => a.OrderBy(static x => -x),
        static a => a.Concat(a),
        static a => a.Skip(1),
        static a => Yield(a),
    ];

    [Theory]
    [MemberData(nameof(Sizes))]
    public void EverySourceShape_GivesWhatToListGives_AndReturnsItsArrays(int size)
    {
        int[] array = Enumerable.Range(0, size).ToArray();
        foreach (Func<int[], IEnumerable<int>> make in Sources())
        {
            IEnumerable<int> source = make(array);
            GuardedArrayPool<int> pool = new();
            using (PooledList<int> list = source.ToPooledList(pool))
            {
                Assert.Equal(source.ToList(), list);
            }

            pool.AssertAllReturned();
            using PooledList<int> shared = source.ToPooledList();
            Assert.Equal(source.ToList(), shared);
        }
    }

    [Fact]
    public void CovariantArray_IsCopiedAsItsElements()
    {
        string[] strings = ["a", "b", "c"];
        IEnumerable<object> source = strings;
        using PooledList<object> list = source.ToPooledList();
        Assert.Equal(strings, list);
    }

    [Fact]
    public void TheListIsACopy_NotAViewOfTheSource()
    {
        int[] array = [1, 2, 3];
        List<int> source = [.. array];
        using PooledList<int> fromArray = array.ToPooledList();
        using PooledList<int> fromList = source.ToPooledList();
        array[0] = 42;
        source[0] = 42;
        Assert.Equal([1, 2, 3], fromArray);
        Assert.Equal([1, 2, 3], fromList);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(999)]
    public void ASelectorThatThrows_LeavesNoArrayRented(int failAt)
    {
        GuardedArrayPool<int> pool = new();
        int[] array = Enumerable.Range(0, 1_000).ToArray();
        IEnumerable<int> counted = array.Select(x => x == failAt ? throw new InvalidOperationException("boom") : x);
        IEnumerable<int> uncounted = array.Where(x => x == failAt ? throw new InvalidOperationException("boom") : true);
        Assert.Throws<InvalidOperationException>(() => counted.ToPooledList(pool));
        Assert.Throws<InvalidOperationException>(() => uncounted.ToPooledList(pool));
        pool.AssertAllReturned();
    }

    [Fact]
    public void NullSource_ThrowsArgumentNull()
    {
        Assert.Throws<ArgumentNullException>("source", () => ((IEnumerable<int>)null!).ToPooledList());
        Assert.Throws<ArgumentNullException>("source", () => ((IEnumerable<int>)null!).ToPooledList(null));
    }

    [Fact]
    public void ThePoolGiven_IsTheOneRentedFrom_OnEveryPath()
    {
        int[] array = [1, 2, 3];
        foreach (Func<int[], IEnumerable<int>> make in Sources())
        {
            GuardedArrayPool<int> pool = new();
            PooledList<int> list = make(array).ToPooledList(pool, ClearMode.Always);
            Assert.Equal(1, pool.OutstandingCount);
            Assert.True(pool.RentCount >= 1);
            list.Dispose();
            pool.AssertAllReturned();
        }
    }

    private static IEnumerable<int> Yield(int[] items)
    {
        foreach (int item in items)
        {
            yield return item;
        }
    }

    private sealed class DerivedList(IEnumerable<int> items) : List<int>(items);
}
