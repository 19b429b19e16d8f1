using System.Globalization;
using System.Text.Json;

namespace Gen0.WebDemo;

/// <summary>
/// Seed 001's load comparison: the same rows returned as <c>List&lt;Record&gt;</c> and as <c>PooledList&lt;Record&gt;</c>
/// in the request's dispose scope, each endpoint in its own server process under the same bounded load, side by side.
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

        string pinning = options.ServerCpus == 0
            ? "(client and server share them)"
            : ChildServer.FindOnPath("taskset") is not null && OperatingSystem.IsLinux()
                ? $"(each server pinned to {options.ServerCpus} of them with taskset; the client is not pinned)"
                : $"(each server sized for {options.ServerCpus} of them through DOTNET_PROCESSOR_COUNT, not pinned: no taskset)";
        Console.WriteLine(
            $"Gen0 web demo: {options.Connections} connections, {options.WarmupSeconds} s warm-up + {options.DurationSeconds} s per endpoint, " +
            $"{options.Records} {options.Shape} rows per response from {options.Rows}, {(options.Rate > 0 ? $"{options.Rate} requests/s" : "unthrottled")}, " +
            $"{(options.ServerGc ? "server" : "workstation")} GC, {Environment.ProcessorCount} cores {pinning}.");

        List<LoadResult> results = [];
        List<ServerObservation> observations = [];
        foreach (string endpoint in new[] { "list", "pooled" })
        {
            await using ChildServer server = await ChildServer.StartAsync(endpoint, options);
            await CheckResponseAsync(server, endpoint, options);
            Console.Error.WriteLine($"[{endpoint}] server at {server.Address}: warming up {options.WarmupSeconds} s, measuring {options.DurationSeconds} s");
            results.Add(await LoadGenerator.RunAsync(server.Address, endpoint, options, server.GetStatsAsync, server.ProcessId));
            observations.Add(await ServerObservation.ReadAsync(endpoint, server.Address));
            Console.Error.WriteLine($"[{endpoint}] done");
        }

        Print(results[0], results[1]);
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

    private static void Print(LoadResult list, LoadResult pooled)
    {
        CultureInfo c = CultureInfo.InvariantCulture;
        Console.WriteLine();
        Console.WriteLine("| Endpoint | Requests | Errors | Requests/s | Mean ms | P95 ms | P99 ms | Peak working set MB | Peak private MB | Mean private MB | Gen0 | Gen1 | Gen2 | Allocated KB/request |");
        Console.WriteLine("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        foreach (LoadResult r in new[] { list, pooled })
        {
            string name = r.Endpoint == "list" ? "List<Record>" : "PooledList<Record> + DisposeScope";
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
                r.Endpoint,
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
