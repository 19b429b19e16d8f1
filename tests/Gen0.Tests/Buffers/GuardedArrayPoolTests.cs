using System.Buffers;
using System.Runtime.CompilerServices;
using Gen0.Buffers;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Buffers;

public class GuardedArrayPoolTests
{
    [Fact]
    public void RentAndReturn_TracksOutstandingAndCounts()
    {
        var pool = new GuardedArrayPool<byte>();
        byte[] a = pool.Rent(100);
        byte[] b = pool.Rent(200);
        Assert.Equal(2, pool.OutstandingCount);
        Assert.Equal(2, pool.GetOutstanding().Count);
        Assert.Contains(pool.GetOutstanding(), r => r.RequestedLength == 200 && r.Length >= 200);

        pool.Return(a);
        pool.Return(b);
        Assert.Equal(0, pool.OutstandingCount);
        Assert.Equal(2, pool.RentCount);
        Assert.Equal(2, pool.ReturnCount);
        pool.AssertAllReturned();
    }

    [Fact]
    public void GetOutstanding_RecordsTheRentStack()
    {
        var pool = new GuardedArrayPool<int>();
        int[] array = pool.Rent(10);
        OutstandingRental rental = Assert.Single(pool.GetOutstanding());
        Assert.Contains(nameof(GetOutstanding_RecordsTheRentStack), rental.RentStackTrace);
        pool.Return(array);
    }

    [Fact]
    public void Return_Twice_ThrowsAndKeepsTheInnerPoolConsistent()
    {
        var inner = new CountingPool<byte>();
        var pool = new GuardedArrayPool<byte>(inner);
        byte[] array = pool.Rent(16);
        pool.Return(array);

        InvalidOperationException error = Assert.Throws<InvalidOperationException>(() => pool.Return(array));
        Assert.Contains("twice", error.Message);
        Assert.Equal(1, inner.Returns);
        Assert.Equal(1, pool.ReturnCount);
    }

    [Fact]
    public void Return_ForeignArray_Throws()
    {
        var inner = new CountingPool<byte>();
        var pool = new GuardedArrayPool<byte>(inner);
        InvalidOperationException error = Assert.Throws<InvalidOperationException>(() => pool.Return(new byte[16]));
        Assert.Contains("did not rent it", error.Message);
        Assert.Equal(0, inner.Returns);
    }

    [Fact]
    public void BadArguments_ThrowTheBclTypes()
    {
        var pool = new GuardedArrayPool<byte>();
        Assert.Throws<ArgumentNullException>(() => pool.Return(null!));
        Assert.Throws<ArgumentOutOfRangeException>(() => pool.Rent(-1));
        Assert.Throws<ArgumentNullException>(() => new GuardedArrayPool<byte>(null!));
        Assert.Empty(pool.Rent(0));
        Assert.Equal(0, pool.OutstandingCount);
    }

    [Fact]
    public void WriteAfterReturn_IsReportedOnTheNextRentOfThatArray()
    {
        var pool = new GuardedArrayPool<int>(new SingleArrayPool<int>(new int[64]));
        int[] array = pool.Rent(64);
        pool.Return(array);
        array[17] = 42;

        InvalidOperationException error = Assert.Throws<InvalidOperationException>(() => pool.Rent(64));
        Assert.Contains("written after it was returned", error.Message);
        Assert.Contains("element 17", error.Message);
        Assert.Equal(0, pool.OutstandingCount);
    }

    [Fact]
    public void WriteAfterReturn_OfReferences_IsReported()
    {
        var pool = new GuardedArrayPool<string>(new SingleArrayPool<string>(new string[8]));
        string[] array = pool.Rent(8);
        array[3] = "kept";
        pool.Return(array);
        Assert.Null(array[3]);
        array[5] = "late";

        Assert.Throws<InvalidOperationException>(() => pool.Rent(8));
    }

    [Fact]
    public void Rent_AfterCleanReturn_HandsTheArrayOutAgain_ClearedWhenAsked()
    {
        var pool = new GuardedArrayPool<int>(new SingleArrayPool<int>(new int[4]));
        int[] array = pool.Rent(4);
        array.AsSpan().Fill(7);
        pool.Return(array, clearArray: true);

        int[] again = pool.Rent(4);
        Assert.Same(array, again);
        Assert.All(again, x => Assert.Equal(0, x));
        pool.Return(again);
    }

    [Fact]
    public void Rent_WhenInnerPoolHandsOutARentedArray_Throws()
    {
        var shared = new int[8];
        var pool = new GuardedArrayPool<int>(new AlwaysSameArrayPool<int>(shared));
        _ = pool.Rent(8);
        InvalidOperationException error = Assert.Throws<InvalidOperationException>(() => pool.Rent(8));
        Assert.Contains("still rented", error.Message);
    }

    [Fact]
    public void AssertAllReturned_ListsWhatIsOutstanding()
    {
        var pool = new GuardedArrayPool<byte>();
        byte[] array = pool.Rent(1000);
        InvalidOperationException error = Assert.Throws<InvalidOperationException>(pool.AssertAllReturned);
        Assert.Contains("1 array(s) rented and not returned", error.Message);
        pool.Return(array);
        pool.AssertAllReturned();
    }

    [Fact]
    public void ConcurrentRentReturn_KeepsCountsExact()
    {
        var pool = new GuardedArrayPool<long>(ArrayPool<long>.Create(), captureStackTraces: false);
        Parallel.For(0, 8, worker =>
        {
            for (int i = 0; i < 2_000; i++)
            {
                long[] array = pool.Rent(1 + (i % 300));
                array[0] = worker;
                Assert.Equal(worker, array[0]);
                pool.Return(array);
            }
        });
        Assert.Equal(16_000, pool.RentCount);
        Assert.Equal(16_000, pool.ReturnCount);
        Assert.Equal(0, pool.OutstandingCount);
        Assert.Empty(pool.GetOutstanding());
        pool.AssertAllReturned();
    }

    /// <summary>
    /// Issue 25: on netstandard2.0 GetOutstanding was always empty and AssertAllReturned, which read it, passed while
    /// arrays were rented, so every leak check of the netstandard2.0 and Mono runs was blind. It runs in every run now.
    /// </summary>
    [Fact]
    public void AssertAllReturned_Throws_WhileArraysRentedOnOtherThreadsAreOutstanding_AndNamesTheirRentStacks()
    {
        var pool = new GuardedArrayPool<int>();
        int[][] kept = new int[4][];
        Parallel.For(0, kept.Length, i => kept[i] = pool.Rent(10 + i));
        int[] returnedEarly = pool.Rent(3);
        pool.Return(returnedEarly);

        InvalidOperationException error = Assert.Throws<InvalidOperationException>(pool.AssertAllReturned);
        Assert.Contains("4 array(s) rented and not returned", error.Message);
        Assert.Contains(nameof(AssertAllReturned_Throws_WhileArraysRentedOnOtherThreadsAreOutstanding_AndNamesTheirRentStacks), error.Message);
        Assert.Equal([10, 11, 12, 13], pool.GetOutstanding().Select(r => r.RequestedLength).OrderBy(x => x));

        pool.Return(kept[2]);
        Assert.Equal(3, pool.GetOutstanding().Count);
        Assert.DoesNotContain(pool.GetOutstanding(), r => r.RequestedLength == 12);
        foreach (int[] array in kept.Where((_, i) => i != 2))
        {
            pool.Return(array);
        }

        pool.AssertAllReturned();
    }

    internal sealed class CountingPool<T> : ArrayPool<T>
    {
        public int Returns { get; private set; }

        public override T[] Rent(int minimumLength) => new T[minimumLength];

        public override void Return(T[] array, bool clearArray = false) => Returns++;
    }

    private sealed class SingleArrayPool<T>(T[] array) : ArrayPool<T>
    {
        private T[]? _array = array;

        public override T[] Rent(int minimumLength) => Interlocked.Exchange(ref _array, null) ?? new T[minimumLength];

        public override void Return(T[] returned, bool clearArray = false) => _array = returned;
    }

    private sealed class AlwaysSameArrayPool<T>(T[] array) : ArrayPool<T>
    {
        public override T[] Rent(int minimumLength) => array;

        public override void Return(T[] returned, bool clearArray = false)
        {
        }
    }
}

[Collection(GcSensitiveCollection.Name)]
public class GuardedArrayPoolLeakTests
{
    [Fact]
    public void ArrayCollectedWithoutReturn_IsReportedAsLeak()
    {
        var pool = new GuardedArrayPool<byte>(new GuardedArrayPoolTests.CountingPool<byte>());
        RentAndDrop(pool);
        for (int i = 0; i < 5 && pool.LeakCount == 0; i++)
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
        }

        Assert.Equal(1, pool.LeakCount);
        Assert.Equal(0, pool.OutstandingCount);
        Assert.Empty(pool.GetOutstanding());
        Assert.Contains(nameof(RentAndDrop), Assert.Single(pool.GetLeaks()).RentStackTrace);
        Assert.Throws<InvalidOperationException>(pool.AssertAllReturned);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void RentAndDrop(GuardedArrayPool<byte> pool) => _ = pool.Rent(1234);
}
