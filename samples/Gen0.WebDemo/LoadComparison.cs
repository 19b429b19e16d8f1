using System.Globalization;
using System.Net.Http.Json;
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
        Console.WriteLine(
            $"Gen0 web demo: {options.Connections} connections, {options.WarmupSeconds} s warm-up + {options.DurationSeconds} s per endpoint, " +
            $"{options.Records} records per response, {(options.Rate > 0 ? $"{options.Rate} requests/s" : "unthrottled")}, " +
            $"{(options.ServerGc ? "server" : "workstation")} GC, {Environment.ProcessorCount} cores " +
            "(client and server share them).");

        List<LoadResult> results = [];
        List<ServerObservation> observations = [];
        foreach (string endpoint in new[] { "list", "pooled" })
        {
            await using ChildServer server = await ChildServer.StartAsync(endpoint, options);
            await CheckResponseAsync(server, endpoint, options.Records);
            Console.Error.WriteLine($"[{endpoint}] server at {server.Address}: warming up {options.WarmupSeconds} s, measuring {options.DurationSeconds} s");
            results.Add(await LoadGenerator.RunAsync(server.Address, endpoint, options, server.GetStatsAsync));
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
    private static async Task CheckResponseAsync(ChildServer server, string endpoint, int records)
    {
        using HttpClient client = new() { BaseAddress = server.Address };
        Record[]? rows = await client.GetFromJsonAsync<Record[]>($"/records/{endpoint}?count={records}&offset=42", JsonSerializerOptions.Web);
        if (rows is null || rows.Length != Math.Min(records, RecordStore.Capacity) || rows[0].Id != 42 || rows[^1].Id != (42 + rows.Length - 1) % RecordStore.Capacity)
        {
            throw new InvalidOperationException($"The {endpoint} endpoint returned incomplete or wrong data.");
        }
    }

    private static void Print(LoadResult list, LoadResult pooled)
    {
        CultureInfo c = CultureInfo.InvariantCulture;
        Console.WriteLine();
        Console.WriteLine("| Endpoint | Requests | Errors | Requests/s | Mean ms | P95 ms | P99 ms | Peak working set MB | Gen0 | Gen1 | Gen2 | Allocated KB/request |");
        Console.WriteLine("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        foreach (LoadResult r in new[] { list, pooled })
        {
            string name = r.Endpoint == "list" ? "List<Record>" : "PooledList<Record> + DisposeScope";
            Console.WriteLine(string.Format(
                c,
                "| {0} | {1} | {2} | {3:F0} | {4:F2} | {5:F2} | {6:F2} | {7:F1} | {8} | {9} | {10} | {11:F1} |",
                name,
                r.Requests,
                r.Errors,
                r.RequestsPerSecond,
                r.MeanMilliseconds,
                r.P95Milliseconds,
                r.P99Milliseconds,
                r.PeakWorkingSetMegabytes,
                r.After.Gen0Collections - r.Before.Gen0Collections,
                r.After.Gen1Collections - r.Before.Gen1Collections,
                r.After.Gen2Collections - r.Before.Gen2Collections,
                r.AllocatedKilobytesPerRequest));
        }

        Console.WriteLine();
        Console.WriteLine("Where the memory is, after the measured phase (GC figures are from the last collection):");
        Console.WriteLine();
        Console.WriteLine("| Endpoint | Idle working set MB | Working set MB | GC heap MB | GC committed MB | GC fragmented MB | LOH MB | POH MB | Pool retained MB | Threads |");
        Console.WriteLine("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        foreach (LoadResult r in new[] { list, pooled })
        {
            ServerStats a = r.After;
            Console.WriteLine(string.Format(
                c,
                "| {0} | {1:F1} | {2:F1} | {3:F1} | {4:F1} | {5:F1} | {6:F1} | {7:F1} | {8:F1} | {9} |",
                r.Endpoint,
                Megabytes(r.Idle?.WorkingSetBytes ?? 0),
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
        double throughputRatio = pooled.RequestsPerSecond / list.RequestsPerSecond;
        Console.WriteLine();
        Console.WriteLine(string.Format(c, "peak working set pooled/list = {0:F2} (target <= 0.60: {1})", workingSetRatio, workingSetRatio <= 0.60 ? "met" : "missed"));
        Console.WriteLine(string.Format(c, "requests/s       pooled/list = {0:F2} (target >= 0.98: {1})", throughputRatio, throughputRatio >= 0.98 ? "met" : "missed"));
        Console.WriteLine("Gen0/Gen1/Gen2 and allocations are counted in the server process over the measured phase only.");
    }

    private static double Megabytes(long bytes) => bytes / (1024.0 * 1024.0);
}
