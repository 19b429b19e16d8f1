using System.Buffers;
using System.Diagnostics;
using System.Globalization;
using Gen0.Buffers;
using Gen0.Collections;
using Gen0.IO;
using Gen0.Pools;

namespace Gen0.MemoryLimit.Workload;

/// <summary>
/// A service's life under a memory limit, in one process: a burst through a pool on threads that then end, a pause,
/// and a working set that grows to a share of the limit and stays. Prints <c>outcome: survived</c> (exit 0) or
/// <c>outcome: out-of-memory</c> (exit 3); a runtime abort is whatever the runtime does (the caller reads the exit code).
/// </summary>
/// <remarks>
/// Usage: <c>Gen0.MemoryLimit.Workload &lt;pool&gt; &lt;shape&gt; [working-set-percent]</c>. Pools: <c>gen0</c>
/// (<see cref="ScalableArrayPool{T}.Shared"/>), <c>bcl</c> (<see cref="ArrayPool{T}.Shared"/>), <c>none</c> (the burst
/// allocates). Shapes, each a burst of half the limit on 16 threads (8 for <c>big</c>) that then end: <c>threads</c>
/// (4 MB arrays), <c>big</c> (one array of a sixteenth of the limit per thread), <c>streams</c> (one
/// <see cref="PooledMemoryStream"/> per thread from <see cref="PooledMemoryStreamManager.Shared"/>; <c>none</c>: a
/// <see cref="MemoryStream"/>), <c>objects</c> (a <see cref="Pool{T}"/> at its defaults of objects that hold a
/// thirty-second of the limit each), <c>chunked</c> (a <see cref="ChunkedList{T}"/> of longs with pooled chunks per
/// thread, disposed), and <c>budget</c> (prints the shared pool's budget and the limit, then again after
/// <c>GC.RefreshMemoryLimit()</c> halves the limit). The working set defaults to 60 % of the limit, built in 64 KB
/// arrays at about 200 MB/s.
/// </remarks>
internal static class Program
{
    private const int Survived = 0;
    private const int OutOfMemory = 3;
    private const int BadArguments = 2;

    private static int Main(string[] args)
    {
        if (args.Length < 2 || args[0] is not ("gen0" or "bcl" or "none") || args[1] is not ("threads" or "big" or "streams" or "objects" or "chunked" or "budget"))
        {
            Console.Error.WriteLine("usage: Gen0.MemoryLimit.Workload gen0|bcl|none threads|big|streams|objects|chunked|budget [working-set-percent]");
            return BadArguments;
        }

        long limit = GC.GetGCMemoryInfo().TotalAvailableMemoryBytes;
        Console.WriteLine($"limit: {limit}");
        if (args[1] == "budget")
        {
            return ReportBudget(limit);
        }

        ArrayPool<byte>? pool = args[0] switch
        {
            "gen0" => ScalableArrayPool<byte>.Shared,
            "bcl" => ArrayPool<byte>.Shared,
            _ => null,
        };
        int percent = args.Length > 2 ? int.Parse(args[2], CultureInfo.InvariantCulture) : 60;
        var clock = Stopwatch.StartNew();
        try
        {
            Func<string> retained = () => Retained(pool);
            switch (args[1])
            {
                case "threads":
                    int perThread = (int)Math.Max(1, limit / 2 / 16 / (4 << 20));
                    Burst(pool, threads: 16, arraysPerThread: perThread, length: 4 << 20);
                    break;
                case "big":
                    Burst(pool, threads: 8, arraysPerThread: 1, length: (int)Math.Min(limit / 16, Array.MaxLength));
                    break;
                case "streams":
                    StreamBurst(pooled: pool is not null, bytesPerThread: limit / 2 / 16);
                    retained = () => $"blocks: {StreamPoolStatistics()}";
                    break;
                case "objects":
                    Pool<BigObject>? objects = pool is null ? null : new Pool<BigObject>(new PoolOptions<BigObject> { Factory = () => new BigObject((int)(limit / 32)) });
                    OnThreads(16, () =>
                    {
                        BigObject item = objects?.Rent() ?? new BigObject((int)(limit / 32));
                        Touch(item.Buffer);
                        return () => objects?.Return(item);
                    });
                    retained = () => objects is null ? "objects: (none)" : $"objects: {objects.GetStatistics()}";
                    break;
                default:
                    OnThreads(16, () =>
                    {
                        var list = pool is null ? new ChunkedList<long>() : new ChunkedList<long>(ScalableArrayPool<long>.Shared);
                        for (long i = 0; i < limit / 2 / 16 / sizeof(long); i++)
                        {
                            list.Add(i);
                        }

                        return list.Dispose;
                    });
                    retained = () => pool is null ? "chunks: (none)" : $"chunks: {ScalableArrayPool<long>.Shared.GetStatistics()}";
                    break;
            }

            Console.WriteLine($"burst done: {clock.ElapsedMilliseconds} ms; {retained()}");
            Thread.Sleep(500);
            List<byte[]> workingSet = GrowWorkingSet(limit * percent / 100);
            Console.WriteLine($"working set: {(long)workingSet.Count * 65536} bytes in {clock.ElapsedMilliseconds} ms; {retained()}");
            Console.WriteLine($"gen2 collections: {GC.CollectionCount(2)}; committed: {GC.GetGCMemoryInfo().TotalCommittedBytes}");
            GC.KeepAlive(workingSet);
        }
        catch (OutOfMemoryException ex)
        {
            Console.WriteLine($"outcome: out-of-memory after {clock.ElapsedMilliseconds} ms ({ex.Message}); {Retained(pool)}");
            return OutOfMemory;
        }

        Console.WriteLine("outcome: survived");
        return Survived;
    }

    private static void Burst(ArrayPool<byte>? pool, int threads, int arraysPerThread, int length) => OnThreads(threads, () =>
    {
        var arrays = new byte[arraysPerThread][];
        for (int i = 0; i < arrays.Length; i++)
        {
            arrays[i] = pool?.Rent(length) ?? new byte[length];
            Touch(arrays[i]);
        }

        return () =>
        {
            foreach (byte[] array in arrays)
            {
                pool?.Return(array);
            }
        };
    });

    private static void StreamBurst(bool pooled, long bytesPerThread) => OnThreads(16, () =>
    {
        MemoryStream stream = pooled ? PooledMemoryStreamManager.Shared.GetStream() : new MemoryStream();
        var chunk = new byte[64 * 1024];
        Array.Fill(chunk, (byte)1);
        for (long written = 0; written < bytesPerThread; written += chunk.Length)
        {
            stream.Write(chunk);
        }

        return stream.Dispose;
    });

    /// <summary>
    /// Runs <paramref name="take"/> on each of <paramref name="threads"/> new threads at once; when every thread holds
    /// what it took (a burst's memory is all out at once), each gives it back (the action <paramref name="take"/>
    /// returned) and ends.
    /// </summary>
    private static void OnThreads(int threads, Func<Action> take)
    {
        var workers = new Thread[threads];
        using var barrier = new Barrier(threads);
        for (int t = 0; t < threads; t++)
        {
            workers[t] = new Thread(() =>
            {
                barrier.SignalAndWait();
                Action giveBack = take();
                barrier.SignalAndWait();
                giveBack();
            });
            workers[t].Start();
        }

        foreach (Thread worker in workers)
        {
            worker.Join();
        }
    }

    private static string StreamPoolStatistics() => PooledMemoryStreamManager.Shared.Pool.GetStatistics().ToString();

    private static List<byte[]> GrowWorkingSet(long bytes)
    {
        var list = new List<byte[]>((int)(bytes / 65536) + 1);
        var pace = Stopwatch.StartNew();
        for (long held = 0; held < bytes; held += 65536)
        {
            var array = new byte[65536];
            Touch(array);
            list.Add(array);

            // About 200 MB/s: 2 MB per 10 ms.
            if (list.Count % 32 == 0)
            {
                long due = held / (200L << 10);
                long ahead = due - pace.ElapsedMilliseconds;
                if (ahead > 0)
                {
                    Thread.Sleep((int)ahead);
                }
            }
        }

        return list;
    }

    private static void Touch(byte[] array)
    {
        for (int i = 0; i < array.Length; i += 4096)
        {
            array[i] = 1;
        }
    }

    private static string Retained(ArrayPool<byte>? pool) => pool is ScalableArrayPool<byte> gen0
        ? $"pool: {gen0.GetStatistics()}"
        : "pool: (no statistics)";

    private static int ReportBudget(long limit)
    {
        ScalableArrayPool<byte> pool = ScalableArrayPool<byte>.Shared;
        Console.WriteLine($"budget: {pool.MaxRetainedBytes}");

        // A limit changed at run time: the pool reads it again after the next gen 2 collection.
        AppContext.SetData("GCHeapHardLimit", (ulong)(limit / 2));
        GC.RefreshMemoryLimit();
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
        GC.WaitForPendingFinalizers();
        Console.WriteLine($"limit: {GC.GetGCMemoryInfo().TotalAvailableMemoryBytes}");
        Console.WriteLine($"budget: {pool.MaxRetainedBytes}");
        Console.WriteLine("outcome: survived");
        return Survived;
    }
}
