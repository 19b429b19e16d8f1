using System.Diagnostics;
using System.Runtime;
using System.Runtime.InteropServices;
using Gen0.Demo.Workload;
using Gen0.Diagnostics;

namespace Gen0.Demo.Running;

/// <summary>
/// Runs one mode in this process: a warm-up, then request threads that take request ids from a shared counter until
/// the duration is up, timing each request and keeping the digest of its response; GC figures are taken around the
/// measured part only.
/// </summary>
internal static class ModeRunner
{
    private const long WarmupIdBase = 1L << 40;

    public static ModeResult Run(string mode, IRequestHandler handler, ClientCacheData data, DemoOptions options, ProgressReporter progress)
    {
        progress.Phase($"[{mode}] warming up");
        Warmup(handler, data, options);
#pragma warning disable GEN0007 // Deliberate: each mode starts from a settled heap, so its GC report is its own.
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
#pragma warning restore GEN0007

        // The recorder gives each GC's pause, type and reason and the LOH bytes by type; the monitor, polled on the
        // progress loop, gives the heap per generation over time and the health alerts a service would have raised.
        using var recorder = new GcEventRecorder(new GcEventRecorderOptions { MaxDuration = TimeSpan.FromSeconds(options.DurationSeconds + 60), MaxCollections = 200_000 });
        using var monitor = new GcMonitor(new GcMonitorOptions { PollingInterval = TimeSpan.Zero, Window = TimeSpan.FromSeconds(options.DurationSeconds + 60), ReadPrivateBytes = false });
        var heap = new List<HeapSample>();
        var alerts = new SortedSet<string>(StringComparer.Ordinal);
        var threads = new RequestThread[options.Threads];
        using var started = new CountdownEvent(threads.Length);
        long nextId = -1;
        var stopwatch = new Stopwatch();
        TimeSpan duration = TimeSpan.FromSeconds(options.DurationSeconds);
        using var go = new ManualResetEventSlim();

        for (int t = 0; t < threads.Length; t++)
        {
            var worker = new RequestThread();
            threads[t] = worker;
            worker.Thread = new Thread(() =>
            {
                started.Signal();
                go.Wait();
                long startTicks;
                while (stopwatch.Elapsed < duration)
                {
                    long id = Interlocked.Increment(ref nextId);
                    startTicks = Stopwatch.GetTimestamp();
                    var digest = new OutputDigest();
                    handler.Handle(data.UserFor(id, options.Seed), digest);
                    worker.LatenciesMs.Add(Stopwatch.GetElapsedTime(startTicks).TotalMilliseconds);
                    worker.Digests.Add((id, digest.Digest()));
                }

            })
            { IsBackground = true, Name = $"{mode} request thread {t}" };
            worker.Thread.Start();
        }

        started.Wait();
        Thread.Sleep(200);
        int[] collectionsBefore = [GC.CollectionCount(0), GC.CollectionCount(1), GC.CollectionCount(2)];
        long allocatedBefore = GC.GetTotalAllocatedBytes(precise: true);
        TimeSpan pausedBefore = GC.GetTotalPauseDuration();
        recorder.Start();
        monitor.Poll();
        progress.Phase($"[{mode}] running {options.DurationSeconds:F0} s on {options.Threads} threads");
        stopwatch.Start();
        go.Set();

        while (threads.Any(t => t.Thread!.IsAlive))
        {
            Thread.Sleep(250);
            Sample(monitor, stopwatch.Elapsed.TotalSeconds, heap, alerts);
            double elapsed = Math.Min(stopwatch.Elapsed.TotalSeconds, duration.TotalSeconds);
            long done = Math.Max(0, Volatile.Read(ref nextId));
            progress.Status($"[{mode,-8}] {elapsed,5:F1} s / {duration.TotalSeconds:F0} s  {done,6} requests  {done / Math.Max(elapsed, 0.001),7:F1} req/s  gen2 {GC.CollectionCount(2) - collectionsBefore[2],4}");
        }

        stopwatch.Stop();
        recorder.Stop();
        Sample(monitor, stopwatch.Elapsed.TotalSeconds, heap, alerts);
        progress.EndStatus();
        double seconds = stopwatch.Elapsed.TotalSeconds;
        long allocated = GC.GetTotalAllocatedBytes(precise: true) - allocatedBefore;
        double pausedMs = (GC.GetTotalPauseDuration() - pausedBefore).TotalMilliseconds;
        int gen0 = GC.CollectionCount(0) - collectionsBefore[0];
        int gen1 = GC.CollectionCount(1) - collectionsBefore[1];
        int gen2 = GC.CollectionCount(2) - collectionsBefore[2];

        double[] latencies = threads.SelectMany(t => t.LatenciesMs).Order().ToArray();
        List<ulong> digests = threads.SelectMany(t => t.Digests).OrderBy(d => d.Id).Select(d => d.Digest).ToList();
        DateTime startedUtc = recorder.StartedAt!.Value.UtcDateTime;
        List<PauseSample> pauses = recorder.GetCollections()
            .Select(c => new PauseSample((c.StartedAtUtc - startedUtc).TotalSeconds, c.Pause.TotalMilliseconds, c.Generation, c.Type == GcCollectionType.Background, c.Reason.ToString()))
            .ToList();
        IReadOnlyList<LargeObjectAllocation> loh = recorder.GetLargeObjectAllocations(top: int.MaxValue);
        long requests = latencies.Length;
        progress.Phase(string.Create(System.Globalization.CultureInfo.InvariantCulture, $"[{mode}] done: {requests} requests in {seconds:F1} s ({requests / seconds:F1} req/s), gen 2 collections {gen2}"));
        using Process self = Process.GetCurrentProcess();

        return new ModeResult
        {
            Mode = mode,
            Runtime = RuntimeInformation.FrameworkDescription,
            GcMode = GCSettings.IsServerGC ? "server" : (GCSettings.LatencyMode == GCLatencyMode.Batch ? "workstation, non-concurrent" : "workstation, concurrent"),
            Threads = options.Threads,
            Requests = requests,
            DurationSeconds = seconds,
            RequestsPerSecond = requests / seconds,
            MeanLatencyMs = requests == 0 ? 0 : latencies.Average(),
            P50LatencyMs = Percentile(latencies, 0.50),
            P99LatencyMs = Percentile(latencies, 0.99),
            MaxLatencyMs = requests == 0 ? 0 : latencies[^1],
            AllocatedBytesPerRequest = requests == 0 ? 0 : (double)allocated / requests,
            Gen0Collections = gen0,
            Gen1Collections = gen1,
            Gen2Collections = gen2,
            BlockingGen2Collections = recorder.BlockingGen2Count,
            BackgroundGen2Collections = recorder.BackgroundGen2Count,
            InducedCollections = recorder.InducedCount,
            TimeInGcPercent = 100.0 * pausedMs / (seconds * 1000.0),
            MaxPauseMs = pauses.Count == 0 ? 0 : pauses.Max(p => p.PauseMs),
            LohAllocatedBytes = loh.Sum(a => a.SampledBytes),
            PeakWorkingSetBytes = self.PeakWorkingSet64,
            TopLohTypes = loh.Take(5).Select(a => new TypeBytes(a.TypeName, a.SampledBytes)).ToList(),
            Alerts = [.. alerts],
            HeapTimeline = heap,
            Pauses = pauses,
            OutputDigests = digests,
        };
    }

    private static void Sample(GcMonitor monitor, double seconds, List<HeapSample> heap, SortedSet<string> alerts)
    {
        GcHealthReport report = monitor.Snapshot();
        GcHeapSizes h = report.Heap;
        heap.Add(new HeapSample(seconds, h.Gen0Bytes, h.Gen1Bytes, h.Gen2Bytes, h.LargeObjectHeapBytes, h.PinnedObjectHeapBytes));
        foreach (GcAlert alert in report.Alerts)
        {
            alerts.Add(alert.RuleId);
        }
    }

    private static void Warmup(IRequestHandler handler, ClientCacheData data, DemoOptions options)
    {
        // Enough requests on every thread to JIT the paths and let the pools fill, outside the measured window.
        Parallel.For(0, options.Threads * 4, new ParallelOptions { MaxDegreeOfParallelism = options.Threads }, i =>
            handler.Handle(data.UserFor(WarmupIdBase + i, options.Seed), new OutputDigest()));
    }

    private static double Percentile(double[] sorted, double fraction)
    {
        if (sorted.Length == 0)
        {
            return 0;
        }

        int index = (int)Math.Ceiling(fraction * sorted.Length) - 1;
        return sorted[Math.Clamp(index, 0, sorted.Length - 1)];
    }

    private sealed class RequestThread
    {
        public Thread? Thread { get; set; }

        public List<double> LatenciesMs { get; } = new(4096);

        public List<(long Id, ulong Digest)> Digests { get; } = new(4096);
    }
}
