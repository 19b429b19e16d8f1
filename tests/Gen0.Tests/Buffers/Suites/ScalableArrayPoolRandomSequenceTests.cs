using Gen0.Buffers;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Buffers.Suites;

/// <summary>
/// Seeded random rent/return/double-return/foreign-return/trim sequences on one thread, checked after every step
/// against a model: no array handed out while outstanding; rents = hits + allocations; retained &lt;= reserved &lt;=
/// budget; drops counted by reason exactly as the model expects (foreign lengths, over the maximum, double returns).
/// </summary>
public sealed class ScalableArrayPoolRandomSequenceTests
{
    private const int Steps = 1_500;

    public static TheoryData<string, int> Cases()
    {
        var data = new TheoryData<string, int>();
        foreach (string configuration in new[] { "ScalableDefault", "ForLargeArrays", "Fine", "SmallBudget", "ZeroBudget", "OneShard", "SmallMaximum" })
        {
            foreach (int seed in Seeds.Range(1, 8))
            {
                data.Add(configuration, seed);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void RandomSequence_KeepsTheModelsInvariants(string configuration, int seed)
    {
        Seeds.Run(seed, () => OtherThread.Run(() => Run(configuration, seed)));
    }

    private static void Run(string configuration, int seed)
    {
        using var underTest = ArrayPoolUnderTest<int>.Create(configuration);
        ScalableArrayPool<int> pool = underTest.Scalable!;
        List<int> lengths = ArrayPoolContractSuite.BoundaryLengths<int>(Math.Min(pool.MaxArrayLength, 1 << 16));
        lengths.Add(pool.MaxArrayLength + 1 > 0 && pool.MaxArrayLength < (1 << 16) ? pool.MaxArrayLength + 1 : 100);
        var random = new Random(seed);
        var outstanding = new HashSet<int[]>(ReferenceEqualityComparer.Instance);
        var held = new List<int[]>();
        long expectedForeign = 0;
        long expectedOverMaximum = 0;
        long expectedDouble = 0;

        for (int step = 0; step < Steps; step++)
        {
            int op = random.Next(100);
            if (op < 45 || held.Count == 0)
            {
                int[] array = pool.Rent(lengths[random.Next(lengths.Count)]);
                Assert.True(outstanding.Add(array), $"step {step}: an outstanding T[{array.Length}] was handed out again");
                held.Add(array);
            }
            else if (op < 85)
            {
                int index = random.Next(held.Count);
                int[] array = held[index];
                held.RemoveAt(index);
                outstanding.Remove(array);
                long dropsBefore = pool.GetStatistics().Drops;
                pool.Return(array);
                if (array.Length > pool.MaxArrayLength)
                {
                    expectedOverMaximum++;
                }

                bool kept = pool.GetStatistics().Drops == dropsBefore;
                if (random.Next(4) == 0)
                {
                    // A same-thread double return right after the first: refused whenever the first was kept.
                    long doubleBefore = pool.GetStatistics().DropsDoubleReturn;
                    pool.Return(array);
                    long counted = pool.GetStatistics().DropsDoubleReturn - doubleBefore;
                    Assert.Equal(kept ? 1 : 0, counted);
                    expectedDouble += counted;
                    if (!kept && array.Length > pool.MaxArrayLength)
                    {
                        expectedOverMaximum++;
                    }
                }
            }
            else if (op < 93)
            {
                int length = random.Next(1, 5000);
                bool classLength = pool.SizeClassLengths.Contains(length);
                pool.Return(new int[length]);
                if (length > pool.MaxArrayLength)
                {
                    expectedOverMaximum++;
                }
                else if (!classLength)
                {
                    expectedForeign++;
                }
            }
            else if (op < 96)
            {
                pool.Trim();
            }
            else
            {
                Assert.Throws<ArgumentNullException>(() => pool.Return(null!));
            }

            ScalableArrayPoolStatistics stats = pool.GetStatistics();
            Assert.Equal(stats.Rents, stats.Hits + stats.Allocations);
            Assert.InRange(stats.RetainedBytes, 0, stats.ReservedBytes);
            Assert.InRange(stats.ReservedBytes, 0, pool.MaxRetainedBytes);
            Assert.Equal(expectedForeign, stats.DropsForeignLength);
            Assert.Equal(expectedOverMaximum, stats.DropsOverMaximumLength);
            Assert.Equal(expectedDouble, stats.DropsDoubleReturn);
            Assert.Equal(0, stats.DropsPoolDisposed);
        }

        pool.Trim();
        ScalableArrayPoolStatistics end = pool.GetStatistics();
        Assert.Equal(0, end.RetainedBytes);
        Assert.Equal(0, end.ReservedBytes);
    }
}
