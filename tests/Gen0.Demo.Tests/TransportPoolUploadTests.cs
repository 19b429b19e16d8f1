using System.Globalization;
using System.Text.RegularExpressions;

namespace Gen0.Demo.Tests;

/// <summary>
/// Issue 42 on a real Kestrel: 64 connections upload 4 MiB bodies that the server reads through the request's pipe in
/// batches of just under 1 MiB, so about 60 MB of the transport's 4 KiB blocks are in flight at once; the web demo runs
/// it once with Kestrel's own memory pool and once with <c>AddGen0MemoryPoolFactory()</c>, each server in its own
/// process, and reads both pools' own counters (<c>aspnetcore.memory_pool.*</c>, <c>gen0.buffers.*</c>).
/// </summary>
/// <remarks>
/// Before the fix, Gen0's pool kept at most 1,024 blocks per shard: every return past that was dropped and every rent
/// allocated a new pinned block, 1.2 to 1.5 GB of them and 84 to 116 gen 2 collections where Kestrel's pool allocated
/// about 57 MB and ran 7 or 8. Both pools now allocate about what is in flight at the peak, and that peak is the
/// scheduler's: in two runs on a loaded machine Gen0's pool allocated 47.1 MB and 61.0 MB, Kestrel's 59.6 MB and 58.2 MB.
/// So one run may show either pool ahead by a few megabytes, and the test bounds Gen0 at a quarter above Kestrel or the
/// 64 MB in flight, whichever is larger (and two gen 2 collections above), far below the defect's twentyfold; the published runs (docs/benchmarks/io.md) compare
/// them over three runs each.
/// </remarks>
public class TransportPoolUploadTests
{
    [Fact]
    public void AnUploadBurst_Gen0sPoolAllocatesAboutWhatKestrelsDoes_AndKeepsNothingAfterIdle()
    {
        (int exitCode, string output, string errors) = DemoProcess.RunWebDemo(
            TimeSpan.FromMinutes(3),
            "--memory-pool", "compare", "--upload", "4", "--connections", "64", "--warmup", "0", "--duration", "3", "--idle", "14");
        Assert.True(exitCode == 0, output + errors);

        Match line = Regex.Match(output, @"transport allocated gen0 pool/kestrel pool = (?<gen0>\d+\.\d) MB / (?<kestrel>\d+\.\d) MB, gen 2 collections (?<gen0Gen2>\d+) / (?<kestrelGen2>\d+)");
        Assert.True(line.Success, output);
        double gen0Allocated = Number(line, "gen0");
        double kestrelAllocated = Number(line, "kestrel");
        Assert.True(kestrelAllocated >= 16, $"the uploads did not fill the transport pool (Kestrel's allocated {kestrelAllocated} MB):\n{output}");
        // A starved run lets Kestrel's side reach a lower peak (CI, 2026-12-08: Kestrel's server served 51 requests/s and
        // allocated 50.5 MB, Gen0's 152 requests/s and 64.7 MB), so the bound is a quarter above the larger of Kestrel's
        // figure and the 64 MB that 64 connections with 1 MiB each can hold in flight.
        double bound = Math.Max(kestrelAllocated, 64.0) * 1.25;
        Assert.True(gen0Allocated <= bound, $"Gen0's transport pool allocated {gen0Allocated} MB of blocks, Kestrel's {kestrelAllocated} MB (bound {bound:F1} MB):\n{output}");
        Assert.True(Number(line, "gen0Gen2") <= Number(line, "kestrelGen2") + 2, $"gen 2 collections:\n{output}");

        Match idle = Regex.Match(output, @"pooled after idle gen0 pool/kestrel pool = (?<gen0>\d+\.\d\d) MB / (?<kestrel>\d+\.\d\d) MB");
        Assert.True(idle.Success, output);
        // Gen0's pool gives back every block idle for 10 s; Kestrel's evicts a few percent every 10 s.
        Assert.True(Number(idle, "gen0") <= Number(idle, "kestrel") / 2, $"after 14 s idle Gen0's pool kept more than half of what Kestrel's did:\n{output}");
    }

    /// <summary>
    /// The burst twice (warm-up, then measured) against two servers on Gen0's pool, each under a 128 MiB GC heap limit:
    /// requests may fail (the handlers run out of memory at this limit, with Kestrel's pool as with Gen0's), but no server
    /// may die. One run in about 35 of the issue's did ("Fatal error.", exit 134); eng/transport-heap-limit.sh runs the
    /// pair many times and keeps each server's last words.
    /// </summary>
    [Fact]
    public void TheBurstTwice_UnderA128MiBHeapLimit_NoServerDies()
    {
        (int exitCode, string output, string errors) = DemoProcess.RunWebDemo(
            TimeSpan.FromMinutes(3),
            "--memory-pool", "gen0", "--upload", "4", "--connections", "64", "--warmup", "2", "--duration", "2", "--server-heap-limit", "128");
        Assert.DoesNotContain("died with exit code", errors, StringComparison.Ordinal);
        Assert.True(exitCode is 0 or 1, $"exit code {exitCode}:\n{output}\n{errors}");
        Assert.Contains("each server under a 128 MiB GC heap limit", output, StringComparison.Ordinal);
    }

    private static double Number(Match match, string group) => double.Parse(match.Groups[group].Value, CultureInfo.InvariantCulture);
}
