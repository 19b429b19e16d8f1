using System.Buffers;
using Gen0.Buffers;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Buffers.Suites;

/// <summary>
/// Ownership stamps, for every pool configuration and <see cref="ArrayPool{T}.Shared"/> as the control: more threads
/// than cores rent, stamp the array with a token of their own (first and last element), hold it a little, check the
/// stamp and return it; a trimmer thread trims meanwhile. A stamp changed while held means two renters had the same
/// array. Bounded in operations and under a watchdog; <c>GEN0_SOAK=ci</c> runs twice as long, <c>GEN0_SOAK=1</c> 20 times.
/// </summary>
public sealed class ArrayPoolStampStressSuite
{
    private static readonly int[] s_lengths = [1, 16, 17, 100, 1000, 4096, 4097, 20_000, 21_231, 21_232];

    public static TheoryData<string> Configurations => ArrayPoolUnderTest<int>.All();

    [Theory]
    [MemberData(nameof(Configurations))]
    public void MoreThreadsThanCores_NoArrayIsEverHeldByTwoRenters(string configuration) => Seeds.Run(Seeds.Fresh, () =>
    {
        using var underTest = ArrayPoolUnderTest<int>.Create(configuration);
        ArrayPool<int> pool = underTest.Pool;
        int threads = Math.Max(5, (Environment.ProcessorCount * 2) + 1);
        int operations = Soak.Scale(underTest.IsGuarded ? 4_000 : 20_000, 2, 20);
        int violations = 0;
        string? firstViolation = null;
        using var stop = new CancellationTokenSource();

        Watchdog.Run(
            () =>
            {
                var trimmer = new Thread(() =>
                {
                    while (!stop.IsCancellationRequested)
                    {
                        underTest.Scalable?.Trim();
                        Thread.Sleep(1);
                    }
                });
                trimmer.Start();

                var workers = new Thread[threads];
                for (int t = 0; t < threads; t++)
                {
                    int id = t + 1;
                    workers[t] = new Thread(() =>
                    {
                        var random = new Random(Seeds.ForWorker(Seeds.Fresh, id));
                        var held = new List<(int[] Array, int Length, int Stamp)>();
                        int serial = 0;
                        for (int i = 0; i < operations; i++)
                        {
                            if (held.Count < 4 && (held.Count == 0 || random.Next(3) != 0))
                            {
                                int length = s_lengths[random.Next(s_lengths.Length)];
                                int[] array = pool.Rent(length);
                                int stamp = (id << 20) | (++serial & 0xFFFFF);
                                array[0] = stamp;
                                array[length - 1] = stamp;
                                held.Add((array, length, stamp));
                            }
                            else
                            {
                                int index = random.Next(held.Count);
                                (int[] array, int length, int stamp) = held[index];
                                held.RemoveAt(index);
                                if (array[0] != stamp || array[length - 1] != stamp)
                                {
                                    Interlocked.Increment(ref violations);
                                    firstViolation ??= $"thread {id}: a T[{array.Length}] stamped {stamp:X} held {array[0]:X}";
                                }

                                pool.Return(array);
                            }
                        }

                        foreach ((int[] array, _, _) in held)
                        {
                            pool.Return(array);
                        }
                    });
                    workers[t].Start();
                }

                foreach (Thread worker in workers)
                {
                    Bounded.Join(worker);
                }

                stop.Cancel();
                Bounded.Join(trimmer);
            },
            TimeSpan.FromSeconds(90),
            $"stamp stress on {configuration}");

        Assert.True(violations == 0, firstViolation);
        if (underTest.Pool is GuardedArrayPool<int> guarded)
        {
            // Says which check failed: a loaded Mono run saw 1 where 0 was expected, and the message did not tell this check
            // from the statistics invariants below (issue 41; seed 300383350 did not fail again on replay).
            Assert.True(guarded.OutstandingCount == 0, $"{guarded.OutstandingCount} arrays of {configuration} still outstanding after every worker returned all it held");
        }

        ArrayPoolContractSuite.AssertStatisticsInvariants(underTest);
    });
}
