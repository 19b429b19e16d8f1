using System.Globalization;
using System.Text.Json;

namespace Gen0.WebDemo;

/// <summary>
/// Seed 001's load comparison: the same rows returned as <c>List&lt;Record&gt;</c> and as <c>PooledList&lt;Record&gt;</c>
/// in the request's dispose scope, each endpoint in its own server process under the same bounded load, side by side.
/// With <c>--memory-pool compare</c> the two servers are instead the pooled endpoint with Kestrel's own transport memory
/// pool and with Gen0's (<c>AddGen0MemoryPoolFactory()</c>); <c>--idle</c> adds what each keeps after a quiet period.
/// </summary>
public static class LoadComparison
{
    public static async Task<int> RunAsync(DemoOptions options)
    {
        if (options.ServerCpus > Environment.ProcessorCount)
        {
            Console.Error.WriteLine($"error: --server-cpus {options.ServerCpus} is more than this machine's {Environment.ProcessorCount} cores.");
            return 2;
        }

        bool comparePools = options.MemoryPool == DemoOptions.ComparePools;
        string pinning = options.ServerCpus == 0
            ? "(client and server share them)"
            : ChildServer.FindOnPath("taskset") is not null && OperatingSystem.IsLinux()
                ? $"(each server pinned to {options.ServerCpus} of them with taskset; the client is not pinned)"
                : $"(each server sized for {options.ServerCpus} of them through DOTNET_PROCESSOR_COUNT, not pinned: no taskset)";
        Console.WriteLine(
            $"Gen0 web demo: {options.Connections} connections, {options.WarmupSeconds} s warm-up + {options.DurationSeconds} s per endpoint, " +
            (options.UploadMegabytes > 0 ? $"uploads of {options.UploadMegabytes} MiB read in batches of {DemoServer.UploadBatchBytes / 1024} KiB, " : $"{options.Records} {options.Shape} rows per response from {options.Rows}, ") +
            $"{(options.Rate > 0 ? $"{options.Rate} requests/s" : "unthrottled")}, " +
            $"{(options.ServerGc ? "server" : "workstation")} GC, {Environment.ProcessorCount} cores {pinning}, " +
            $"transport memory pool: {(comparePools ? "Kestrel's against Gen0's" : options.MemoryPool)}{(options.IdleSeconds > 0 ? $", {options.IdleSeconds} s idle after each" : string.Empty)}" +
            (options.ServerHeapLimitMegabytes > 0 ? $", each server under a {options.ServerHeapLimitMegabytes} MiB GC heap limit." : "."));

        List<LoadResult> results = [];
        List<ServerObservation> observations = [];
        (string Endpoint, string Pool)[] runs = comparePools
            ? [("pooled", DemoOptions.KestrelPool), ("pooled", DemoOptions.Gen0Pool)]
            : [("list", options.MemoryPool), ("pooled", options.MemoryPool)];
        foreach ((string endpoint, string pool) in runs)
        {
            string label = comparePools ? $"{endpoint}, {pool} pool" : endpoint;
            await using ChildServer server = await ChildServer.StartAsync(endpoint, pool, options);
            await CheckResponseAsync(server, endpoint, options);
            Console.Error.WriteLine($"[{label}] server at {server.Address}: warming up {options.WarmupSeconds} s, measuring {options.DurationSeconds} s{(options.IdleSeconds > 0 ? $", then idle {options.IdleSeconds} s" : string.Empty)}");
            LoadResult result = await LoadGenerator.RunAsync(server.Address, endpoint, options, server.GetStatsAsync, server.ProcessId);
            results.Add(result with { Label = label });
            observations.Add(await ServerObservation.ReadAsync(label, server.Address));
            Console.Error.WriteLine($"[{label}] done");
        }

        Print(results[0], results[1], comparePools, options.IdleSeconds > 0, options.UploadMegabytes);
        Console.WriteLine();
        foreach (ServerObservation observation in observations)
        {
            Console.WriteLine(observation);
        }

        return results.Any(result => result.Errors > 0 || result.Requests == 0) ? 1 : 0;
    }

    /// <summary>Both endpoints must return the same, complete data; a pooled list disposed too early would not.</summary>
    private static async Task CheckResponseAsync(ChildServer server, string endpoint, DemoOptions options)
    {
        using HttpClient client = new() { BaseAddress = server.Address };
        const int offset = 42;
        using JsonDocument document = JsonDocument.Parse(await client.GetStringAsync(new Uri($"/records/{endpoint}?count={options.Records}&offset={offset}", UriKind.Relative)));
        JsonElement rows = document.RootElement;
        string key = options.Shape == RecordStore.Seed001Shape ? "f1" : "id";
        if (rows.ValueKind != JsonValueKind.Array
            || rows.GetArrayLength() != options.Records
            || rows[0].GetProperty(key).GetInt32() != offset % options.Rows
            || rows[options.Records - 1].GetProperty(key).GetInt32() != (int)(((long)offset + options.Records - 1) % options.Rows))
        {
            throw new InvalidOperationException($"The {endpoint} endpoint returned incomplete or wrong data.");
        }
    }

    private static void Print(LoadResult list, LoadResult pooled, bool comparePools, bool idle, int uploadMegabytes)
    {
        CultureInfo c = CultureInfo.InvariantCulture;
        Console.WriteLine();
        Console.WriteLine("| Endpoint | Requests | Errors | Requests/s | Mean ms | P95 ms | P99 ms | Peak working set MB | Peak private MB | Mean private MB | Gen0 | Gen1 | Gen2 | Allocated KB/request |");
        Console.WriteLine("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        foreach (LoadResult r in new[] { list, pooled })
        {
            string name = (uploadMegabytes > 0 ? $"POST /upload of {uploadMegabytes} MiB" : r.Endpoint == "list" ? "List<Record>" : "PooledList<Record> + DisposeScope")
                + (comparePools ? (r.Label!.EndsWith("gen0 pool", StringComparison.Ordinal) ? ", Gen0 transport pool" : ", Kestrel transport pool") : string.Empty);
            Console.WriteLine(string.Format(
                c,
                "| {0} | {1} | {2} | {3:F0} | {4:F2} | {5:F2} | {6:F2} | {7:F1} | {8:F1} | {9:F1} | {10} | {11} | {12} | {13:F1} |",
                name,
                r.Requests,
                r.Errors,
                r.RequestsPerSecond,
                r.MeanMilliseconds,
                r.P95Milliseconds,
                r.P99Milliseconds,
                r.PeakWorkingSetMegabytes,
                r.PeakPrivateMegabytes,
                Megabytes(r.Memory?.MeanPrivateBytes ?? 0),
                r.After.Gen0Collections - r.Before.Gen0Collections,
                r.After.Gen1Collections - r.Before.Gen1Collections,
                r.After.Gen2Collections - r.Before.Gen2Collections,
                r.AllocatedKilobytesPerRequest));
        }

        Console.WriteLine();
        Console.WriteLine("Where the memory is, after the measured phase (GC figures are from the last collection):");
        Console.WriteLine();
        Console.WriteLine("| Endpoint | Idle working set MB | Idle private MB | Working set MB | GC heap MB | GC committed MB | GC fragmented MB | LOH MB | POH MB | Pool retained MB | Threads |");
        Console.WriteLine("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        foreach (LoadResult r in new[] { list, pooled })
        {
            ServerStats a = r.After;
            Console.WriteLine(string.Format(
                c,
                "| {0} | {1:F1} | {2:F1} | {3:F1} | {4:F1} | {5:F1} | {6:F1} | {7:F1} | {8:F1} | {9:F1} | {10} |",
                r.Label ?? r.Endpoint,
                Megabytes(r.Idle?.WorkingSetBytes ?? 0),
                Megabytes(r.IdlePrivateBytes),
                Megabytes(a.WorkingSetBytes),
                Megabytes(a.GcHeapBytes),
                Megabytes(a.GcCommittedBytes),
                Megabytes(a.GcFragmentedBytes),
                Megabytes(a.LohBytes),
                Megabytes(a.PohBytes),
                Megabytes(a.PoolRetainedBytes),
                a.Threads));
        }

        if (comparePools || idle)
        {
            Console.WriteLine();
            Console.WriteLine("The transport's memory pool (bytes it keeps for reuse), and the process once the load is over:");
            Console.WriteLine();
            Console.WriteLine("| Server | Transport allocated MB, whole run | Gen2, whole run | Transport pooled MB, end of load | after idle | Private MB after idle | GC heap MB after idle | POH MB after idle |");
            Console.WriteLine("|---|---:|---:|---:|---:|---:|---:|---:|");
            foreach (LoadResult r in new[] { list, pooled })
            {
                ServerStats start = r.Idle ?? r.Before;
                Console.WriteLine(string.Format(
                    c,
                    "| {0} | {6:F1} | {7} | {1:F2} | {2} | {3} | {4} | {5} |",
                    r.Label ?? r.Endpoint,
                    Megabytes(r.After.TransportPooledBytes),
                    r.AfterIdle is { } a1 ? Megabytes(a1.TransportPooledBytes).ToString("F2", c) : "-",
                    r.AfterIdle is null ? "-" : Megabytes(r.AfterIdlePrivateBytes).ToString("F1", c),
                    r.AfterIdle is { } a2 ? Megabytes(a2.GcHeapBytes).ToString("F1", c) : "-",
                    r.AfterIdle is { } a3 ? Megabytes(a3.PohBytes).ToString("F1", c) : "-",
                    Megabytes(r.After.TransportAllocatedBytes - start.TransportAllocatedBytes),
                    r.After.Gen2Collections - start.Gen2Collections));
            }
        }

        if (comparePools)
        {
            Console.WriteLine();
            Console.WriteLine(string.Format(c, "requests/s        gen0 pool/kestrel pool = {0:F2} (keep only if >= 1.00 within noise)", pooled.RequestsPerSecond / list.RequestsPerSecond));
            Console.WriteLine(string.Format(c, "peak private      gen0 pool/kestrel pool = {0:F2} (keep only if <= 1.00 within noise)", pooled.PeakPrivateMegabytes / list.PeakPrivateMegabytes));
            ServerStats kestrelStart = list.Idle ?? list.Before;
            ServerStats gen0Start = pooled.Idle ?? pooled.Before;
            Console.WriteLine(string.Format(
                c,
                "transport allocated gen0 pool/kestrel pool = {0:F1} MB / {1:F1} MB, gen 2 collections {2} / {3} (whole run)",
                Megabytes(pooled.After.TransportAllocatedBytes - gen0Start.TransportAllocatedBytes),
                Megabytes(list.After.TransportAllocatedBytes - kestrelStart.TransportAllocatedBytes),
                pooled.After.Gen2Collections - gen0Start.Gen2Collections,
                list.After.Gen2Collections - kestrelStart.Gen2Collections));
            if (idle && list.AfterIdle is { } kestrelIdle && pooled.AfterIdle is { } gen0Idle)
            {
                Console.WriteLine(string.Format(c, "pooled after idle gen0 pool/kestrel pool = {0:F2} MB / {1:F2} MB", Megabytes(gen0Idle.TransportPooledBytes), Megabytes(kestrelIdle.TransportPooledBytes)));
                Console.WriteLine(string.Format(c, "private after idle gen0 pool/kestrel pool = {0:F1} MB / {1:F1} MB", Megabytes(pooled.AfterIdlePrivateBytes), Megabytes(list.AfterIdlePrivateBytes)));
            }

            return;
        }

        double workingSetRatio = pooled.PeakWorkingSetMegabytes / list.PeakWorkingSetMegabytes;
        double privateRatio = pooled.PeakPrivateMegabytes / list.PeakPrivateMegabytes;
        double throughputRatio = pooled.RequestsPerSecond / list.RequestsPerSecond;
        Console.WriteLine();
        Console.WriteLine(string.Format(c, "peak working set pooled/list = {0:F2} (target <= 0.60: {1})", workingSetRatio, workingSetRatio <= 0.60 ? "met" : "missed"));
        Console.WriteLine(string.Format(c, "peak private     pooled/list = {0:F2} (seed 001 measured private working set: 59/110 MB = 0.54)", privateRatio));
        Console.WriteLine(string.Format(c, "requests/s       pooled/list = {0:F2} (target >= 0.98: {1})", throughputRatio, throughputRatio >= 0.98 ? "met" : "missed"));
        Console.WriteLine("Gen0/Gen1/Gen2 and allocations are counted in the server process over the measured phase only; peak working set is the");
        Console.WriteLine("process's high-water mark (warm-up included), peak and mean private (anonymous resident memory) are sampled every 50 ms over the measured phase.");
    }

    private static double Megabytes(long bytes) => bytes / (1024.0 * 1024.0);
}
