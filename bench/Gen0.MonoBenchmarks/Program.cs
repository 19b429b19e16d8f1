using System.Buffers;
using System.Diagnostics;
using System.Globalization;
using Gen0.Buffers;
using Gen0.Collections;

namespace Gen0.MonoBenchmarks;

/// <summary>
/// Side-by-side timings on the runtime this runs on (Mono or .NET Framework): every case of a row runs in alternating
/// rounds in one process, after a warm-up; the table shows the median nanoseconds per operation and the ratio to the
/// row's baseline. Arguments: the number of rounds (default 15) and of operations per round (default 200,000).
/// </summary>
internal static class Program
{
    private static int s_sink;

    private static int Main(string[] args)
    {
        int rounds = args.Length > 0 ? int.Parse(args[0], CultureInfo.InvariantCulture) : 15;
        int operations = args.Length > 1 ? int.Parse(args[1], CultureInfo.InvariantCulture) : 200_000;
        Type? mono = Type.GetType("Mono.Runtime");
        string runtime = mono is null ? $".NET Framework {Environment.Version}" : $"Mono {mono.GetMethod("GetDisplayName", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static)?.Invoke(null, null)}";
        Console.WriteLine($"# Gen0 on {runtime}, {Environment.ProcessorCount} cores, {rounds} rounds x {operations:N0} operations (median ns/op)");
        Console.WriteLine();
        Console.WriteLine("| Case | Variant | ns/op (median) | Ratio |");
        Console.WriteLine("|---|---|---:|---:|");

        ArrayPool<byte> created = ArrayPool<byte>.Create();
        ScalableArrayPool<byte> scalable = ScalableArrayPool<byte>.Shared;
        foreach (int size in new[] { 16, 4 * 1024, 64 * 1024 })
        {
            foreach (int threads in new[] { 1, 2 })
            {
                Row(
                    $"Rent+Return {FormatSize(size)}, {threads} thread{(threads == 1 ? string.Empty : "s")}",
                    rounds,
                    ("ArrayPool.Shared", () => RentReturn(ArrayPool<byte>.Shared, size, operations, threads)),
                    ("ArrayPool.Create()", () => RentReturn(created, size, operations, threads)),
                    ("ScalableArrayPool.Shared", () => RentReturn(scalable, size, operations, threads)));
            }
        }

        int lists = Math.Max(1, operations / 1_000);
        Row(
            "Add 1,000 ints + iterate",
            rounds,
            ("List<int>", () => ListAddIterate(lists)),
            ("PooledList<int>", () => PooledListAddIterate(lists)));
        Console.WriteLine();
        Console.WriteLine("Caveat: .NET Framework's and Mono's JIT and GC differ from .NET's; compare rows, not runtimes.");
        return s_sink == int.MinValue ? 1 : 0;
    }

    private static void Row(string name, int rounds, params (string Variant, Func<double> Run)[] variants)
    {
        foreach ((string _, Func<double> run) in variants)
        {
            run(); // warm-up: JIT, pool tiers, thread caches
        }

        var samples = new List<double>[variants.Length];
        for (int v = 0; v < variants.Length; v++)
        {
            samples[v] = [];
        }

        for (int round = 0; round < rounds; round++)
        {
            for (int i = 0; i < variants.Length; i++)
            {
                // Alternate the order so that no variant always runs right after a collection the previous one caused.
                int v = (round % 2 == 0) ? i : variants.Length - 1 - i;
                samples[v].Add(variants[v].Run());
            }
        }

        double baseline = Median(samples[0]);
        for (int v = 0; v < variants.Length; v++)
        {
            double median = Median(samples[v]);
            Console.WriteLine($"| {(v == 0 ? name : string.Empty)} | {variants[v].Variant} | {median.ToString("0.0", CultureInfo.InvariantCulture)} | {(median / baseline).ToString("0.00", CultureInfo.InvariantCulture)}x |");
        }
    }

    private static double RentReturn(ArrayPool<byte> pool, int size, int operations, int threads)
    {
        int perThread = operations / threads;
        var stopwatch = Stopwatch.StartNew();
        if (threads == 1)
        {
            RentReturnLoop(pool, size, perThread);
        }
        else
        {
            var workers = new Thread[threads];
            using var start = new ManualResetEventSlim();
            for (int t = 0; t < threads; t++)
            {
                workers[t] = new Thread(() =>
                {
                    start.Wait();
                    RentReturnLoop(pool, size, perThread);
                });
                workers[t].Start();
            }

            stopwatch.Restart();
            start.Set();
            foreach (Thread worker in workers)
            {
                worker.Join();
            }
        }

        return stopwatch.Elapsed.TotalMilliseconds * 1_000_000 / (perThread * threads);
    }

    private static void RentReturnLoop(ArrayPool<byte> pool, int size, int count)
    {
        int sink = 0;
        for (int i = 0; i < count; i++)
        {
            byte[] array = pool.Rent(size);
            sink += array.Length;
            pool.Return(array);
        }

        Interlocked.Add(ref s_sink, sink);
    }

    private static double ListAddIterate(int lists)
    {
        var stopwatch = Stopwatch.StartNew();
        int sink = 0;
        for (int l = 0; l < lists; l++)
        {
            var list = new List<int>();
            for (int i = 0; i < 1_000; i++)
            {
                list.Add(i);
            }

            foreach (int item in list)
            {
                sink += item;
            }
        }

        s_sink += sink;
        return stopwatch.Elapsed.TotalMilliseconds * 1_000_000 / lists;
    }

    private static double PooledListAddIterate(int lists)
    {
        var stopwatch = Stopwatch.StartNew();
        int sink = 0;
        for (int l = 0; l < lists; l++)
        {
            using var list = new PooledList<int>();
            for (int i = 0; i < 1_000; i++)
            {
                list.Add(i);
            }

            foreach (int item in list)
            {
                sink += item;
            }
        }

        s_sink += sink;
        return stopwatch.Elapsed.TotalMilliseconds * 1_000_000 / lists;
    }

    private static double Median(List<double> values)
    {
        values.Sort();
        int middle = values.Count / 2;
        return values.Count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
    }

    private static string FormatSize(int size) => size >= 1024 ? $"{size / 1024} KB" : $"{size} B";
}
