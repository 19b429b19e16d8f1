using Microsoft.Diagnostics.Tracing;
using Microsoft.Diagnostics.Tracing.Etlx;

namespace Gen0.Tool.Analysis;

/// <summary>
/// Reads a <c>.nettrace</c> file (recorded by this tool or by <c>dotnet-trace</c>) and builds the
/// <see cref="DiagnosisReport"/>: TraceEvent converts the file to its indexed form (TraceLog), which resolves each
/// event's managed call stack from the method events and the rundown, then the folds go over the events once.
/// </summary>
internal static class TraceAnalyzer
{
    public const int MaxListedCollections = 200;
    public const int MaxFrames = 48;
    public const int TopTypes = 15;
    public const int TopCulprits = 25;

    /// <summary>Analyses <paramref name="nettracePath"/>; throws <see cref="ToolException"/> when it is not a readable trace.</summary>
    /// <param name="nettracePath">The trace.</param>
    /// <param name="source">What the trace is of; its duration and event count are filled in from the trace.</param>
    /// <param name="notes">Notes to carry into the report (a partial session, ...).</param>
    public static DiagnosisReport Analyze(string nettracePath, TraceSource source, IEnumerable<string>? notes = null)
    {
        if (!File.Exists(nettracePath))
        {
            throw new ToolException(ExitCodes.BadTrace, $"'{nettracePath}' does not exist. Give the path of a .nettrace file (dotnet-trace collect writes one).");
        }

        if (new FileInfo(nettracePath).Length == 0)
        {
            throw new ToolException(ExitCodes.BadTrace, $"'{nettracePath}' is empty: the session recorded nothing. Record again (the target must run while the session is open).");
        }

        string etlx = Path.Combine(Path.GetTempPath(), $"dotnet-gen0-{Environment.ProcessId}-{Guid.NewGuid():N}.etlx");
        try
        {
            string? truncation = Convert(nettracePath, etlx);
            using var log = new TraceLog(etlx);
            using var sourceLines = new SourceLines();
            if (truncation is not null)
            {
                source = source.AsTruncated();
                notes = [.. notes ?? [], $"The trace is truncated ({truncation}): the report covers the events before the cut."];
            }

            return Analyze(log, sourceLines, source, notes);
        }
        finally
        {
            TryDelete(etlx);
        }
    }

    /// <summary>Converts the file; returns null when it was whole, or what cut it short when only its beginning could be read.</summary>
    private static string? Convert(string nettracePath, string etlx)
    {
        try
        {
            TraceLog.CreateFromEventPipeDataFile(nettracePath, etlx, new TraceLogOptions { ConversionLog = TextWriter.Null });
            return null;
        }
        catch (Exception strict) when (strict is not OutOfMemoryException)
        {
            // A file cut short (a full disk, a killed recorder) still holds whole blocks of events: read those.
            try
            {
                TryDelete(etlx);
                TraceLog.CreateFromEventPipeDataFile(nettracePath, etlx, new TraceLogOptions { ConversionLog = TextWriter.Null, ContinueOnError = true });
                return FirstLine(strict.Message);
            }
            catch (Exception ex) when (ex is not OutOfMemoryException)
            {
                throw new ToolException(
                    ExitCodes.BadTrace,
                    $"'{nettracePath}' is not a readable .nettrace file ({FirstLine(strict.Message)}). It may be truncated or of another format; record it again with dotnet-trace collect or dotnet-gen0 diagnose.");
            }
        }
    }

    private static DiagnosisReport Analyze(TraceLog log, SourceLines sourceLines, TraceSource source, IEnumerable<string>? notes)
    {
        TraceLogEventSource events = log.Events.GetSource();
        bool anyStack = false;
        ResolvedStack? Stack(TraceEvent e)
        {
            ResolvedStack? stack = ReadStack(e, sourceLines);
            anyStack |= stack is { Frames.Count: > 0 };
            return stack;
        }

        var gc = new GcEventFold(events, Stack);
        var allocations = new AllocationFold(events, Stack);
        var pins = new PinFold(events);
        long eventCount = 0;
        events.AllEvents += _ => eventCount++;
        try
        {
            events.Process();
        }
        catch (Exception ex) when (ex is not OutOfMemoryException)
        {
            throw new ToolException(ExitCodes.BadTrace, $"The trace could not be read to the end ({FirstLine(ex.Message)}). It may be truncated; record it again.");
        }

        if (eventCount == 0)
        {
            throw new ToolException(ExitCodes.BadTrace, source.Truncated
                ? "The trace is truncated before its first event: record it again (dotnet-gen0 diagnose, or dotnet-trace collect --profile gc-verbose)."
                : "The trace holds no events. Record it with the GC events on (dotnet-gen0 diagnose, or dotnet-trace collect --profile gc-verbose).");
        }

        double seconds = Math.Max(log.SessionDuration.TotalSeconds, 0);
        var allNotes = new List<string>(notes ?? []);
        if (gc.Records.Count == 0 && allocations.AllocatedBytes == 0)
        {
            allNotes.Add("The trace has no GC events: it was recorded without the runtime's GC keyword (use dotnet-trace's gc-verbose profile).");
        }
        else if (allocations.AllocatedBytes == 0)
        {
            allNotes.Add("The trace has no allocation-tick events (they need the GC keyword at the Verbose level): LOH allocators cannot be named. Record with dotnet-trace's gc-verbose profile.");
        }

        if (allocations.LargeTicks > 0 && (!anyStack || allocations.TicksWithoutStack == allocations.LargeTicks))
        {
            allNotes.Add("The allocation events carry no resolved call stacks (no method rundown in the trace): the methods are unknown. Record with stacks and rundown (the defaults of dotnet-trace and dotnet-gen0).");
        }

        List<GcRecord> records = [.. gc.Records];
        double[] pauses = [.. records.Where(static r => r.PauseMs > 0).Select(static r => r.PauseMs).Order()];
        (TraceProcess? process, string? processName) = MainProcess(log);

        return new DiagnosisReport
        {
            Source = new TraceSource
            {
                Kind = source.Kind,
                ProcessId = source.ProcessId ?? process?.ProcessID,
                ProcessName = source.ProcessName ?? processName,
                CommandLine = source.CommandLine ?? NullIfEmpty(process?.CommandLine),
                TraceFile = source.TraceFile,
                DurationSeconds = seconds,
                Partial = source.Partial,
                Truncated = source.Truncated,
                ExitCode = source.ExitCode,
                EventCount = eventCount,
            },
            Runtime = new RuntimeGcSettings
            {
                GcMode = gc.HeapCount is int heaps ? (heaps > 1 ? "server" : "workstation") : null,
                Concurrent = gc.Concurrent ?? (gc.BackgroundGen2Count > 0 ? true : null),
                HeapCount = gc.HeapCount,
                HeapHardLimitBytes = gc.HeapHardLimitBytes,
                HighMemoryPercent = gc.HighMemoryPercent,
                MaxMemoryLoadPercent = gc.MaxMemoryLoadPercent,
            },
            Gc = new GcOverview
            {
                Gen0Collections = gc.Gen0Count,
                Gen1Collections = gc.Gen1Count,
                Gen2Collections = gc.Gen2Count,
                BlockingGen2Collections = gc.BlockingGen2Count,
                BackgroundGen2Collections = gc.BackgroundGen2Count,
                InducedCollections = gc.InducedCount,
                TotalPauseMs = gc.TotalPauseMs,
                PausePercent = seconds > 0 ? Math.Min(100, gc.TotalPauseMs / (seconds * 10)) : 0,
                MaxPauseMs = pauses.Length == 0 ? 0 : pauses[^1],
                P50PauseMs = Percentiles.NearestRank(pauses, 50),
                P99PauseMs = Percentiles.NearestRank(pauses, 99),
                AllocatedBytes = allocations.AllocatedBytes,
                LohAllocatedBytes = allocations.LohBytes,
                PohAllocatedBytes = allocations.PohBytes,
                LohSizeBytes = gc.LastHeap?.LohBytes,
                PohSizeBytes = gc.LastHeap?.PohBytes,
                LohGrowthBytes = gc.LastHeap is { } last && gc.FirstHeap is { } first ? last.LohBytes - first.LohBytes : null,
                PromotedBytes = gc.LastHeap?.PromotedBytes,
            },
            LohTypes = allocations.LohTypes(TopTypes),
            LohCulprits = allocations.LohCulprits(TopCulprits),
            Gen2 = Gen2(records),
            InducedCallers = InducedCallers(records),
            Pinning = new PinningReport
            {
                MaxPinnedObjects = gc.LastHeap is null ? null : gc.MaxPinnedObjects,
                PinnedTypes = pins.Types(TopTypes),
                PohCulprits = allocations.PohCulprits(TopCulprits),
            },
            Remedies = Remedies(allocations.LohCulprits(int.MaxValue), allocations.LohBytes),
            Notes = allNotes,
        };
    }

    /// <summary>
    /// The event's managed stack, innermost frame first, without signatures, and the source line of its first
    /// application frame; null when the event has no stack.
    /// </summary>
    private static ResolvedStack? ReadStack(TraceEvent e, SourceLines sourceLines)
    {
        TraceCallStack? stack = e.CallStack();
        if (stack is null)
        {
            return null;
        }

        var frames = new List<string>(16);
        SourceLine? source = null;
        bool applicationSeen = false;
        for (TraceCallStack? frame = stack; frame is not null && frames.Count < MaxFrames; frame = frame.Caller)
        {
            string name = CodeFrames.MethodName(frame.CodeAddress.FullMethodName);
            if (name == CodeFrames.Unresolved && frames.Count > 0 && frames[^1] == CodeFrames.Unresolved)
            {
                continue; // a run of native frames reads as one
            }

            if (!applicationSeen && !CodeFrames.IsLibrary(name))
            {
                applicationSeen = true;
                source = sourceLines.Resolve(frame.CodeAddress);
            }

            frames.Add(name);
        }

        return new ResolvedStack([.. frames], source);
    }

    private static Gen2Report Gen2(List<GcRecord> records)
    {
        List<GcRecord> gen2 = [.. records.Where(static r => r.Generation >= 2)];
        double origin = records.Count == 0 ? 0 : records[0].StartMs;
        IEnumerable<GcRecord> listed = gen2.Count <= MaxListedCollections
            ? gen2
            : gen2.OrderByDescending(static r => r.PauseMs).Take(MaxListedCollections).OrderBy(static r => r.Number);
        return new Gen2Report
        {
            ByReason = [.. gen2
                .GroupBy(static r => r.Reason)
                .Select(static g => new ReasonCount
                {
                    Reason = GcReasons.Name(g.Key),
                    Count = g.Count(),
                    Blocking = g.Count(static r => r.TypeName != "Background"),
                    Background = g.Count(static r => r.TypeName == "Background"),
                    PauseMs = g.Sum(static r => r.PauseMs),
                    Meaning = GcReasons.Meaning(g.Key),
                })
                .OrderByDescending(static r => r.Count)],
            Collections = [.. listed.Select(r => new CollectionSummary
            {
                Number = r.Number,
                Generation = r.Generation,
                Type = r.TypeName,
                Reason = GcReasons.Name(r.Reason),
                StartSeconds = (r.StartMs - origin) / 1000.0,
                PauseMs = r.PauseMs,
                InducedBy = r.TriggerStack is { } stack ? InducingMethod(stack.Frames) : null,
            })],
        };
    }

    private static IReadOnlyList<InducedCaller> InducedCallers(List<GcRecord> records) =>
        [.. records
            .Where(static r => r.IsInduced && r.TriggerStack is { Frames.Count: > 0 })
            .GroupBy(static r => InducingMethod(r.TriggerStack!.Frames))
            .Select(static g => new InducedCaller { Method = g.Key, Count = g.Count(), Stack = g.First().TriggerStack!.Frames, Source = g.First().TriggerStack!.Source?.ToString() })
            .OrderByDescending(static c => c.Count)];

    /// <summary>The first application frame above the runtime's own frames of <c>GC.Collect</c>.</summary>
    private static string InducingMethod(IReadOnlyList<string> stack) => CodeFrames.Split(stack).Method;

    private static IReadOnlyList<RemedyTotal> Remedies(IReadOnlyList<Culprit> culprits, long lohBytes) =>
        [.. culprits
            .GroupBy(static c => c.Remedy.Id)
            .Select(g => new RemedyTotal
            {
                Remedy = g.First().Remedy,
                SampledBytes = g.Sum(static c => c.SampledBytes),
                Share = lohBytes == 0 ? 0 : (double)g.Sum(static c => c.SampledBytes) / lohBytes,
                Methods = [.. g.Select(static c => c.Method).Distinct(StringComparer.Ordinal).Take(10)],
            })
            .OrderByDescending(static r => r.SampledBytes)];

    private static (TraceProcess? Process, string? Name) MainProcess(TraceLog log)
    {
        // An EventPipe trace is of one process; prefer the entry that has a name.
        TraceProcess? best = null;
        foreach (TraceProcess p in log.Processes)
        {
            if (best is null || (string.IsNullOrEmpty(best.Name) && !string.IsNullOrEmpty(p.Name)))
            {
                best = p;
            }
        }

        return (best, NullIfEmpty(best?.Name));
    }

    private static string? NullIfEmpty(string? s) => string.IsNullOrWhiteSpace(s) ? null : s;

    private static string FirstLine(string message)
    {
        int newline = message.IndexOfAny(['\r', '\n']);
        return (newline < 0 ? message : message[..newline]).TrimEnd('.');
    }

    private static void TryDelete(string path)
    {
        try
        {
            File.Delete(path);
        }
        catch (IOException)
        {
        }
        catch (UnauthorizedAccessException)
        {
        }
    }
}
