using System.Globalization;
using Gen0.Diagnostics.Internal;

namespace Gen0.Diagnostics;

/// <summary>The rules and the report: everything computed from the window.</summary>
public sealed partial class GcMonitor
{
    private void Evaluate(in GcSample sample, ref List<GcAlert>? raised, ref List<GcAlert>? cleared)
    {
        GcSample first = _samples.First;
        TimeSpan window = WindowDuration;
        TimeSpan pause = sample.Figures.TotalPause - first.Figures.TotalPause;
        _pausePercentage = PausePercentage(pause, window);
        _lohGrowth = sample.Figures.LohSizeBytes - first.Figures.LohSizeBytes;

        DateTimeOffset now = sample.CapturedAt;
        _firing.Clear();
        CheckPauseTime(window, now);
        CheckInduced(in first, in sample, now);
        CheckGrowth(now);
        CheckPrivateBytes(sample.Figures.PrivateBytes, now);
        CheckMemoryLoad(in sample.Figures, now);

        foreach (GcAlert alert in _firing)
        {
            if (_active.TryGetValue(alert.RuleId, out GcAlert? existing))
            {
                // Still firing: keep when it was first raised, update what it observes.
                _active[alert.RuleId] = alert.WithRaisedAt(existing.RaisedAt);
            }
            else
            {
                _active.Add(alert.RuleId, alert);
                (raised ??= []).Add(alert);
            }
        }

        if (_active.Count > _firing.Count)
        {
            foreach (KeyValuePair<string, GcAlert> entry in _active)
            {
                if (!_firing.Exists(a => a.RuleId == entry.Key))
                {
                    (cleared ??= []).Add(entry.Value);
                }
            }

            foreach (GcAlert alert in cleared!)
            {
                _active.Remove(alert.RuleId);
            }
        }
    }

    internal static double PausePercentage(TimeSpan pause, TimeSpan window) =>
        window <= TimeSpan.Zero ? 0 : Math.Clamp(100.0 * pause.Ticks / window.Ticks, 0, 100);

    private void CheckPauseTime(TimeSpan window, DateTimeOffset now)
    {
        if (window < _options.MinimumPauseTimeWindow || _pausePercentage <= _options.PauseTimeThresholdPercent)
        {
            return;
        }

        Fire(GcAlertRules.PauseTime, _pausePercentage, _options.PauseTimeThresholdPercent, "%", now,
            string.Create(CultureInfo.InvariantCulture, $"The GC paused the application {_pausePercentage:F1} % of the last {window.TotalSeconds:F1} s; requests queue behind every pause."),
            "Look at blocking gen 2 and LOH figures: they make the long pauses. Cut allocations on hot paths (pool buffers, avoid LOH-sized arrays) and check the GC mode (Server, Concurrent).");
    }

    private void CheckInduced(in GcSample first, in GcSample last, DateTimeOffset now)
    {
        if (last.Figures.InducedCount is not long inducedNow || first.Figures.InducedCount is not long inducedBefore)
        {
            return;
        }

        long induced = inducedNow - inducedBefore;
        if (induced <= _options.InducedCollectionsThreshold)
        {
            return;
        }

        Fire(GcAlertRules.InducedCollections, induced, _options.InducedCollectionsThreshold, "collections", now,
            string.Create(CultureInfo.InvariantCulture, $"{induced} GC(s) in the window were induced: code called GC.Collect, or a memory-limit monitor did it for you."),
            "Find the caller: GcEventRecorder lists each induced GC; 'dotnet-trace collect --profile gc-collect' with stacks on GC/Triggered shows who calls GC.Collect (often a library's cache or memory monitor).");
    }

    private void CheckGrowth(DateTimeOffset now)
    {
        int n = _options.GrowthWindows;
        if (_windows.Count < n + 1)
        {
            return;
        }

        int start = _windows.Count - 1 - n;
        bool lohGrew = true, blockingEveryWindow = true;
        for (int i = start; i < _windows.Count - 1; i++)
        {
            lohGrew &= _windows[i + 1].LohBytes > _windows[i].LohBytes;
            blockingEveryWindow &= _windows[i + 1].BlockingGen2Total > _windows[i].BlockingGen2Total;
        }

        long lohGrowth = _windows.Last.LohBytes - _windows[start].LohBytes;
        if (lohGrew && lohGrowth >= _options.LohGrowthThresholdBytes)
        {
            Fire(GcAlertRules.LohGrowth, lohGrowth, _options.LohGrowthThresholdBytes, "bytes", now,
                string.Create(CultureInfo.InvariantCulture, $"The large object heap grew in each of the last {n} windows, by {lohGrowth / (1024.0 * 1024.0):F1} MB in all; it is only collected by gen 2 and rarely compacted."),
                "Find which types allocate on the LOH (GcEventRecorder.GetLargeObjectAllocations, or PerfView's GC Heap Alloc view); rent large buffers from a pool or use chunked collections that stay under 85,000 bytes.");
        }

        bool finalizationGrew = true;
        for (int i = start; i < _windows.Count - 1; i++)
        {
            finalizationGrew &= _windows[i + 1].FinalizationPending > _windows[i].FinalizationPending;
        }

        long finalizationGrowth = _windows.Last.FinalizationPending - _windows[start].FinalizationPending;
        if (finalizationGrew && finalizationGrowth >= Math.Max(1, _options.FinalizationQueueGrowthThreshold))
        {
            Fire(GcAlertRules.FinalizationQueueGrowth, finalizationGrowth, _options.FinalizationQueueGrowthThreshold, "objects", now,
                string.Create(CultureInfo.InvariantCulture, $"The objects waiting for finalization grew in each of the last {n} windows, by {finalizationGrowth:N0} in all, to {_windows.Last.FinalizationPending:N0}: the finalizer thread falls behind, and everything they reference survives another GC."),
                "Dispose what has a finalizer (streams, handles, timers) instead of leaving it to the GC, and make sure no finalizer blocks (a lock, I/O, a synchronous wait).");
        }

        long blocking = _windows.Last.BlockingGen2Total - _windows[start].BlockingGen2Total;
        if (blockingEveryWindow)
        {
            Fire(GcAlertRules.BlockingGen2Growth, blocking, 0, "collections", now,
                string.Create(CultureInfo.InvariantCulture, $"Blocking gen 2 collections ran in each of the last {n} windows ({blocking} in all): full collections that stop every thread."),
                "Check the induced count and the LOH growth (both cause blocking gen 2s), find objects that live just long enough to reach gen 2, and make sure concurrent GC is not disabled.");
        }
    }

    private void CheckPrivateBytes(long privateBytes, DateTimeOffset now)
    {
        if (privateBytes <= 0)
        {
            return;
        }

        long? baseline = PrivateBytesBaseline();
        if (baseline is not long b || privateBytes <= _options.PrivateBytesFactor * b)
        {
            return;
        }

        Fire(GcAlertRules.PrivateBytes, privateBytes, _options.PrivateBytesFactor * b, "bytes", now,
            string.Create(CultureInfo.InvariantCulture, $"Private bytes are {privateBytes / (1024.0 * 1024.0):F1} MB, {(double)privateBytes / b:F1} times the baseline of {b / (1024.0 * 1024.0):F1} MB."),
            "Compare with the managed heap size: if the heap grew, look at gen 2 and LOH sizes and what survives; if not, look for native memory (unmanaged buffers, handles, thread stacks).");
    }

    private void CheckMemoryLoad(in GcFigures figures, DateTimeOffset now)
    {
        if (figures.TotalAvailableMemoryBytes <= 0 || figures.LastAny.Index == 0)
        {
            return; // no GC yet: the runtime has no load to report
        }

        double threshold = _options.MemoryLoadThresholdPercent is double percent
            ? percent / 100.0 * figures.TotalAvailableMemoryBytes
            : figures.HighMemoryLoadThresholdBytes;
        if (threshold <= 0 || figures.MemoryLoadBytes < threshold)
        {
            return;
        }

        double loadPercent = 100.0 * figures.MemoryLoadBytes / figures.TotalAvailableMemoryBytes;
        Fire(GcAlertRules.MemoryLoad, figures.MemoryLoadBytes, threshold, "bytes", now,
            string.Create(CultureInfo.InvariantCulture, $"Memory load at the last GC is {loadPercent:F1} % of the {figures.TotalAvailableMemoryBytes / (1024.0 * 1024.0):F0} MB the GC may use, at or above its high threshold of {100.0 * threshold / figures.TotalAvailableMemoryBytes:F0} %: it now collects gen 2 aggressively, and the container is close to its limit."),
            "Compare the GC heap with the load: if the heap is most of it, cut what survives (LOH, caches; dotnet-gen0 diagnose names the allocators); if not, look for native memory. Raise the container's limit only after that.");
    }

    /// <summary>The fixed baseline, or the median of the peaks of the last closed windows; null until enough have closed.</summary>
    private long? PrivateBytesBaseline()
    {
        if (_options.PrivateBytesBaseline is long fixedBaseline)
        {
            return fixedBaseline;
        }

        int available = Math.Min(_windows.Count, _options.PrivateBytesBaselineWindows);
        if (available < _options.MinimumBaselineWindows)
        {
            return null;
        }

        Span<long> peaks = available <= 64 ? stackalloc long[available] : new long[available];
        for (int i = 0; i < available; i++)
        {
            peaks[i] = _windows[_windows.Count - available + i].PrivateBytesPeak;
        }

        peaks.Sort();
        long median = (available & 1) == 1 ? peaks[available / 2] : (peaks[(available / 2) - 1] + peaks[available / 2]) / 2;
        return median > 0 ? median : null;
    }

    private void Fire(string ruleId, double observed, double threshold, string unit, DateTimeOffset now, string explanation, string nextStep) =>
        _firing.Add(new GcAlert
        {
            RuleId = ruleId,
            Observed = observed,
            Threshold = threshold,
            Unit = unit,
            Explanation = explanation,
            NextStep = nextStep,
            RaisedAt = now,
        });

    private GcHealthReport BuildReport()
    {
        GcSample first = _samples.First;
        GcSample last = _samples.Last;
        ref readonly GcFigures a = ref first.Figures;
        ref readonly GcFigures b = ref last.Figures;
        TimeSpan window = WindowDuration;

        long gen0Inclusive = b.Gen0Count - a.Gen0Count;
        long gen1Inclusive = b.Gen1Count - a.Gen1Count;
        long gen2 = b.Gen2Count - a.Gen2Count;
        long blocking = Math.Min(last.BlockingGen2Total - first.BlockingGen2Total, gen2);
        long background = Math.Min(last.BackgroundGen2Total - first.BackgroundGen2Total, gen2 - blocking);
        long allocated = b.TotalAllocatedBytes - a.TotalAllocatedBytes;

        return new GcHealthReport
        {
            CapturedAt = last.CapturedAt,
            WindowDuration = window,
            SampleCount = _samples.Count,
            Collections = new GcCollectionCounts
            {
                Gen0 = gen0Inclusive - gen1Inclusive,
                Gen1 = gen1Inclusive - gen2,
                Gen2 = gen2,
                BlockingGen2 = blocking,
                BackgroundGen2 = background,
                Gen2SplitIsExact = b.BlockingGen2Count.HasValue,
                Induced = b.InducedCount is long i && a.InducedCount is long j ? i - j : null,
            },
            TotalPause = b.TotalPause - a.TotalPause,
            PausePercentage = _pausePercentage,
            Pauses = PauseStatistics(),
            Heap = new GcHeapSizes
            {
                Gen0Bytes = b.Gen0SizeBytes,
                Gen1Bytes = b.Gen1SizeBytes,
                Gen2Bytes = b.Gen2SizeBytes,
                LargeObjectHeapBytes = b.LohSizeBytes,
                PinnedObjectHeapBytes = b.PohSizeBytes,
                TotalBytes = b.HeapSizeBytes,
                FragmentedBytes = b.FragmentedBytes,
                LargeObjectHeapFragmentedBytes = b.LohFragmentedBytes,
            },
            LargeObjectHeapGrowthBytes = _lohGrowth,
            AllocatedBytes = allocated,
            AllocationRateBytesPerSecond = window > TimeSpan.Zero ? allocated / window.TotalSeconds : 0,
            PrivateBytes = b.PrivateBytes,
            PrivateBytesBaseline = PrivateBytesBaseline(),
            CommittedBytes = b.CommittedBytes,
            Memory = new GcMemoryLoad { LoadBytes = b.MemoryLoadBytes, AvailableBytes = b.TotalAvailableMemoryBytes, HighLoadThresholdBytes = b.HighMemoryLoadThresholdBytes },
            Configuration = _configuration,
            PinnedObjectCount = b.PinnedObjectsCount,
            FinalizationPendingCount = b.FinalizationPendingCount,
            PromotedBytes = b.PromotedBytes,
            LargeObjectAllocations = _recorder?.GetLargeObjectAllocations(),
            Alerts = [.. _active.Values],
        };
    }

    private GcPauseStatistics PauseStatistics()
    {
        int count = _pauses.Count;
        if (count == 0)
        {
            return new GcPauseStatistics();
        }

        // One scratch array reused under the lock: a report costs no per-call array, and at most
        // MaxPauseSamples × 8 bytes, far below the LOH threshold.
        TimeSpan[] scratch = _pauseScratch is { } s && s.Length >= count ? s : _pauseScratch = new TimeSpan[Math.Max(count, Math.Min(count * 2, MaxPauseSamples))];
        Span<TimeSpan> pauses = scratch.AsSpan(0, count);
        for (int i = 0; i < count; i++)
        {
            pauses[i] = _pauses[i].Pause;
        }

        pauses.Sort();
        return new GcPauseStatistics
        {
            ObservedCollections = count,
            Max = pauses[count - 1],
            P50 = NearestRank(pauses, 50),
            P99 = NearestRank(pauses, 99),
        };
    }

    /// <summary>The nearest-rank percentile of sorted values: the smallest value with at least p % of the values at or below it.</summary>
    internal static TimeSpan NearestRank(ReadOnlySpan<TimeSpan> sorted, int percentile)
    {
        int rank = (int)Math.Ceiling(percentile / 100.0 * sorted.Length);
        return sorted[Math.Clamp(rank, 1, sorted.Length) - 1];
    }
}
