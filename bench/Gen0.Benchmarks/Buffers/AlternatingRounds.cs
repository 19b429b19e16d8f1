using System.Buffers;
using System.Diagnostics;
using System.Globalization;
using Gen0.Buffers;

namespace Gen0.Benchmarks.Buffers;

/// <summary>
/// A second harness for the same-thread rent/return row, to check BenchmarkDotNet against (issue 24, goal 7): the four
/// pools of <see cref="SameThreadRentReturnBenchmarks"/> run the same compiled loops
/// (<see cref="SameThreadRentReturnBenchmarks.RentReturn{TPool}"/>) in alternating rounds in one process, so that machine
/// noise falls on every case alike, and the median round of each is reported with its ratio to <c>ArrayPool.Shared</c>.
/// </summary>
/// <remarks>
/// Run with <c>dotnet run -c Release --project bench/Gen0.Benchmarks -- --alternating [rounds]</c>. Each round is one
/// call of the loop (16,384 pairs); every case is first warmed up for at least 60 rounds and one second (tiered
/// compilation reaches its optimized code after 30 calls and a 100 ms delay, and the on-stack replacement of a hot
/// loop later still), and the order of the cases rotates from round to round.
/// </remarks>
internal static class AlternatingRounds
{
    private const int WarmupRounds = 60;
    private static readonly TimeSpan s_minimumWarmup = TimeSpan.FromSeconds(1);

    public static int Run(string[] args)
    {
        int rounds = args.Length > 0 ? int.Parse(args[0], CultureInfo.InvariantCulture) : 201;
        using var instance = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = "alternating" });
        ArrayPool<byte> created = ArrayPool<byte>.Create();
        Console.WriteLine($"Alternating rounds: {rounds} measured rounds of 16,384 rent+return pairs per case, after at least {WarmupRounds} warm-up rounds and {s_minimumWarmup.TotalSeconds:F0} s; .NET {Environment.Version}, {Environment.ProcessorCount} cores");
        Console.WriteLine("| Size | Case | Median ns/pair | Ratio to BclShared |");
        Console.WriteLine("|---:|---|---:|---:|");
        foreach (int size in new[] { 16, 4096, 65_536 })
        {
            (string Name, Func<int> Loop)[] cases =
            [
                ("BclShared", () => SameThreadRentReturnBenchmarks.RentReturn(default(PoolCalls.BclShared), size)),
                ("ScalableShared", () => SameThreadRentReturnBenchmarks.RentReturn(default(PoolCalls.ScalableShared), size)),
                ("ScalableInstance", () => SameThreadRentReturnBenchmarks.RentReturn(new PoolCalls.ScalableInstance(instance), size)),
                ("BclCreate", () => SameThreadRentReturnBenchmarks.RentReturn(new PoolCalls.Virtual(created), size)),
            ];
            var timings = new List<double>[cases.Length];
            for (int c = 0; c < cases.Length; c++)
            {
                timings[c] = new List<double>(rounds);
            }

            long warmupStart = Stopwatch.GetTimestamp();
            for (int round = 0; round < WarmupRounds || Stopwatch.GetElapsedTime(warmupStart) < s_minimumWarmup; round++)
            {
                foreach ((string _, Func<int> loop) in cases)
                {
                    _ = loop();
                }
            }

            for (int round = 0; round < rounds; round++)
            {
                for (int k = 0; k < cases.Length; k++)
                {
                    int c = (round + k) % cases.Length;
                    long start = Stopwatch.GetTimestamp();
                    _ = cases[c].Loop();
                    timings[c].Add(Stopwatch.GetElapsedTime(start).TotalNanoseconds / SameThreadRentReturnBenchmarks.Operations);
                }
            }

            double baseline = Median(timings[0]);
            for (int c = 0; c < cases.Length; c++)
            {
                double median = Median(timings[c]);
                Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"| {size} | {cases[c].Name} | {median:F2} | {median / baseline:F2} |"));
            }
        }

        return 0;
    }

    private static double Median(List<double> values)
    {
        values.Sort();
        return values[values.Count / 2];
    }
}
