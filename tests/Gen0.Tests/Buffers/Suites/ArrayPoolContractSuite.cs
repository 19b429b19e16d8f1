using System.Buffers;
using System.Runtime.CompilerServices;
using Gen0.Buffers;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Buffers.Suites;

/// <summary>
/// The <see cref="ArrayPool{T}"/> contract, for every pool configuration and element size, with
/// <see cref="ArrayPool{T}.Shared"/> run through the same cases as the control: rent of 0, 1, every power of two
/// +/-1, the 85,000-byte LOH threshold +/-1, the maximum length +/-1, <c>int.MaxValue</c> and negative lengths;
/// null, empty, foreign and other pools' arrays on return; and the same-thread double return.
/// </summary>
/// <remarks>
/// Lengths stop at 4 MiB of elements per array by default, so the suite runs in seconds on a small machine; set
/// <c>GEN0_SOAK=1</c> to go up to each pool's maximum length (up to 2^30 elements: gigabytes).
/// </remarks>
public sealed class ArrayPoolContractSuite
{
    private const long DefaultByteCap = 4L << 20;

    public static TheoryData<string, string> Cases => ElementTypes.Cross(ArrayPoolUnderTest<byte>.Names);

    private static bool Soak => Infrastructure.Soak.IsLong;

    [Theory]
    [MemberData(nameof(Cases))]
    public void Rent_EveryBoundaryLength_IsAtLeastThatLong_AndComesBack(string configuration, string elementType) =>
        ElementTypes.Invoke(typeof(ArrayPoolContractSuite), nameof(RentEveryBoundaryLength), elementType, configuration);

    [Theory]
    [MemberData(nameof(Cases))]
    public void Rent_NegativeOrTooLong_ThrowsWhatArrayPoolSharedThrows_AndThePoolStaysUsable(string configuration, string elementType) =>
        ElementTypes.Invoke(typeof(ArrayPoolContractSuite), nameof(RentInvalidLengths), elementType, configuration);

    [Theory]
    [MemberData(nameof(Cases))]
    public void Return_NullEmptyForeignAndOtherPoolsArrays(string configuration, string elementType) =>
        ElementTypes.Invoke(typeof(ArrayPoolContractSuite), nameof(ReturnOddArrays), elementType, configuration);

    [Theory]
    [MemberData(nameof(Cases))]
    public void Return_TwiceOnOneThread_NeverHandsTheArrayToTwoRenters(string configuration, string elementType) =>
        ElementTypes.Invoke(typeof(ArrayPoolContractSuite), nameof(ReturnTwice), elementType, configuration);

    /// <summary>1, 2, 3, every power of two +/-1, the LOH threshold +/-1 for this element size, and the maximum +/-1, up to the cap.</summary>
    internal static List<int> BoundaryLengths<T>(int maxArrayLength)
    {
        int elementSize = Unsafe.SizeOf<T>();
        long cap = Soak ? (long)maxArrayLength + 1 : Math.Min((long)maxArrayLength + 1, DefaultByteCap / elementSize);
        var lengths = new SortedSet<long> { 1, 2, 3 };
        for (int k = 2; k <= 31; k++)
        {
            lengths.Add((1L << k) - 1);
            lengths.Add(1L << k);
            lengths.Add((1L << k) + 1);
        }

        long loh = LargeObjectHeapLength(elementSize);
        lengths.UnionWith([loh - 1, loh, loh + 1, (long)maxArrayLength - 1, maxArrayLength, (long)maxArrayLength + 1]);
        lengths.RemoveWhere(l => l < 1 || l > cap || l > Array.MaxLength);
        return lengths.Select(l => (int)l).ToList();
    }

    /// <summary>The first length whose array (elements plus a 24-byte header on 64-bit) reaches 85,000 bytes.</summary>
    private static long LargeObjectHeapLength(int elementSize) => (85_000 - 24 + elementSize - 1) / elementSize;

    private static void RentEveryBoundaryLength<T>(string configuration)
    {
        using var underTest = ArrayPoolUnderTest<T>.Create(configuration);
        ArrayPool<T> pool = underTest.Pool;
        Assert.Empty(pool.Rent(0));
        foreach (int length in BoundaryLengths<T>(underTest.MaxArrayLength))
        {
            T[] array = pool.Rent(length);
            Assert.True(array.Length >= length, $"{configuration}: Rent({length}) gave {array.Length}");
            if (underTest.Scalable is { } scalable)
            {
                if (length <= scalable.MaxArrayLength)
                {
                    int expected = SmallestClassAtLeast(scalable, length);
                    Assert.Equal(expected, array.Length);
                }
                else
                {
                    Assert.Equal(length, array.Length);
                }
            }

            array[0] = default!;
            array[length - 1] = default!;
            long dropsBefore = underTest.Scalable?.GetStatistics().Drops ?? 0;
            pool.Return(array);
            bool kept = underTest.Scalable is null || underTest.IsGuarded || underTest.Scalable.GetStatistics().Drops == dropsBefore;
            if (underTest.Scalable is not null && !underTest.IsGuarded && underTest.Name is not ("SmallBudget" or "ZeroBudget") && underTest.Scalable != ScalableArrayPool<T>.Shared)
            {
                Assert.Equal(length <= underTest.MaxArrayLength, kept);
            }

            if (underTest.ReusesOnSameThread && length <= underTest.MaxArrayLength && kept)
            {
                T[] again = pool.Rent(length);
                Assert.Same(array, again);
                pool.Return(again);
            }
        }

        AssertStatisticsInvariants(underTest);
    }

    private static int SmallestClassAtLeast<T>(ScalableArrayPool<T> pool, int length)
    {
        foreach (int classLength in pool.SizeClassLengths)
        {
            if (classLength >= length)
            {
                return classLength;
            }
        }

        throw new InvalidOperationException($"No class holds {length}.");
    }

    private static void RentInvalidLengths<T>(string configuration)
    {
        using var underTest = ArrayPoolUnderTest<T>.Create(configuration);
        ArrayPool<T> pool = underTest.Pool;
        long rentsBefore = underTest.Scalable?.GetStatistics().Rents ?? 0;
        foreach (int length in new[] { -1, -2, -4096, int.MinValue })
        {
            ArgumentOutOfRangeException error = Assert.Throws<ArgumentOutOfRangeException>(() => pool.Rent(length));
            Assert.Equal("minimumLength", error.ParamName);
        }

        // int.MaxValue is over Array.MaxLength for every element type: whatever ArrayPool<T>.Shared throws, so do we.
        // Mono has no such limit: there the rent would really allocate gigabytes, so it is not asked for.
        if (!TestPlatform.IsMono)
        {
            Type expected = ExceptionOf(() => ArrayPool<T>.Shared.Rent(int.MaxValue));
            Assert.Equal(expected, ExceptionOf(() => pool.Rent(int.MaxValue)));
        }

        // Still usable and consistent: nothing counted for the failed rents.
        if (underTest.Scalable is { } scalable && !underTest.IsGuarded && scalable != ScalableArrayPool<T>.Shared)
        {
            Assert.Equal(rentsBefore, scalable.GetStatistics().Rents);
        }

        T[] array = pool.Rent(100);
        Assert.True(array.Length >= 100);
        pool.Return(array);
        AssertStatisticsInvariants(underTest);
    }

    private static Type ExceptionOf(Action action)
    {
        try
        {
            action();
        }
        catch (Exception e)
        {
            return e.GetType();
        }

        return typeof(void);
    }

    private static void ReturnOddArrays<T>(string configuration)
    {
        using var underTest = ArrayPoolUnderTest<T>.Create(configuration);
        ArrayPool<T> pool = underTest.Pool;
        Assert.Equal("array", Assert.Throws<ArgumentNullException>(() => pool.Return(null!)).ParamName);
        Assert.Equal("array", Assert.Throws<ArgumentNullException>(() => pool.Return(null!, clearArray: true)).ParamName);

        if (!underTest.IsControl)
        {
            pool.Return([]); // an empty array is ignored (ArrayPool<T>.Shared's behaviour is not part of the contract here)
        }

        ScalableArrayPoolStatistics? before = underTest.IsGuarded ? null : underTest.Scalable?.GetStatistics();
        int foreign = 0;
        int overMaximum = 0;
        foreach (int length in new[] { 1, 3, 15, 17, 100, 1000, 1001, 4095, 4097, 100_000 })
        {
            var array = new T[length];
            bool isClassLength = underTest.Scalable?.SizeClassLengths.Contains(length) ?? false;
            if (underTest.IsGuarded)
            {
                Assert.Throws<InvalidOperationException>(() => pool.Return(array));
            }
            else if (underTest.IsControl)
            {
                // The BCL rejects arrays of lengths it never hands out; Gen0 drops and counts them instead (README).
                bool bucketLength = length >= 16 && (length & (length - 1)) == 0;
                if (!bucketLength)
                {
                    Assert.Throws<ArgumentException>(() => pool.Return(array));
                }
            }
            else
            {
                pool.Return(array);
                if (length > underTest.MaxArrayLength)
                {
                    overMaximum++;
                }
                else if (!isClassLength)
                {
                    foreign++;
                }
            }
        }

        if (before is not null)
        {
            ScalableArrayPoolStatistics after = underTest.Scalable!.GetStatistics();
            if (underTest.Scalable != ScalableArrayPool<T>.Shared)
            {
                Assert.Equal(foreign, after.DropsForeignLength - before.DropsForeignLength);
                Assert.Equal(overMaximum, after.DropsOverMaximumLength - before.DropsOverMaximumLength);
            }
            else
            {
                Assert.True(after.DropsForeignLength - before.DropsForeignLength >= foreign);
            }
        }

        // An array of a kept length from another pool is indistinguishable from one of ours: accepted (not for the guard).
        T[] fromOtherPool = ArrayPool<T>.Shared.Rent(4096);
        if (underTest.IsGuarded)
        {
            Assert.Throws<InvalidOperationException>(() => pool.Return(fromOtherPool));
        }
        else
        {
            pool.Return(fromOtherPool);
        }

        T[] array2 = pool.Rent(50);
        pool.Return(array2);
        AssertStatisticsInvariants(underTest);
    }

    private static void ReturnTwice<T>(string configuration)
    {
        // A thread of its own, so process-wide pools start from an empty thread cache.
        OtherThread.Run(() =>
        {
            using var underTest = ArrayPoolUnderTest<T>.Create(configuration);
            ArrayPool<T> pool = underTest.Pool;
            foreach (int length in new[] { 16, 1000, 70_000 })
            {
                T[] array = pool.Rent(length);
                pool.Return(array);
                if (underTest.IsGuarded)
                {
                    Assert.Throws<InvalidOperationException>(() => pool.Return(array));
                    continue;
                }

                pool.Return(array);
                T[] first = pool.Rent(length);
                T[] second = pool.Rent(length);
                if (underTest.IsControl)
                {
                    // dotnet/runtime #118292: ArrayPool<T>.Shared hands the array out twice. Pinned as the control (on
                    // .NET: the System.Buffers package's pool that .NET Framework and Mono use is another design).
                    if (TestPlatform.BclMatchesNet)
                    {
                        Assert.Same(first, second);
                    }

                    pool.Return(first);
                    continue;
                }

                Assert.NotSame(first, second);
                pool.Return(second);
                pool.Return(first);
            }

            AssertStatisticsInvariants(underTest);
        });
    }

    internal static void AssertStatisticsInvariants<T>(ArrayPoolUnderTest<T> underTest)
    {
        if (underTest.Scalable is not { } scalable)
        {
            return;
        }

        ScalableArrayPoolStatistics stats = scalable.GetStatistics();
        Assert.Equal(stats.Rents, stats.Hits + stats.Allocations);
        Assert.InRange(stats.ThreadLocalHits, 0, stats.Hits);
        Assert.InRange(stats.RetainedBytes, 0, stats.ReservedBytes);
        Assert.InRange(stats.ReservedBytes, 0, stats.MaxRetainedBytes);
        long byReason = 0;
        foreach (ArrayPoolDropReason reason in Enum.GetValues<ArrayPoolDropReason>())
        {
            byReason += stats.GetDrops(reason);
        }

        Assert.Equal(stats.Drops, byReason);
        Assert.InRange(stats.Drops, 0, stats.Returns);
    }
}
