using System.Diagnostics;
using Gen0.Tool.Analysis;
using Gen0.Tool.Attach;
using Gen0.Tool.Monitoring;
using Gen0.Tool.Rendering;
using Microsoft.Diagnostics.NETCore.Client;
using Microsoft.Diagnostics.Tracing;
using Spectre.Console;

namespace Gen0.Tool;

/// <summary>
/// <c>dotnet-gen0 monitor -p &lt;pid&gt;</c>: a live EventPipe session with the GC events at Informational (no allocation
/// ticks, no stacks: the lightest session that has every pause and heap size). On a terminal a table of the last
/// intervals is redrawn in place; redirected, one line per interval; with <c>--json</c>, one object at the end.
/// </summary>
internal static class MonitorCommand
{
    private const int RowsOnScreen = 15;

    public static int Run(MonitorOptions options, ToolConsole console, CancellationToken cancellation)
    {
        int pid = options.ProcessId;
        if (!ProcessCatalog.IsRunning(pid))
        {
            throw new ToolException(ExitCodes.NoSuchProcess, $"No process with id {pid} is running. Run 'dotnet-gen0 ps' to list the .NET processes you can attach to.");
        }

        if (!ProcessCatalog.HasDiagnosticPort(pid))
        {
            throw new ToolException(ExitCodes.CannotAttach, $"Process {pid} has no .NET diagnostic port this user can reach: it is not a .NET (Core 3.0+) process, runs with DOTNET_EnableDiagnostics=0, belongs to another user, or lives in another container or TMPDIR. Run 'dotnet-gen0 ps' to list the processes you can attach to.");
        }

        string? name = ProcessCatalog.Name(pid);
        (long Bytes, string Source)? limit = MemoryLimitReader.Read(pid);
        EventPipeSession session;
        try
        {
            session = new DiagnosticsClient(pid).StartEventPipeSession(GcProviders.Monitor, requestRundown: false, circularBufferMB: 16);
        }
        catch (Exception ex) when (ex is not ToolException)
        {
            throw AttachErrors.Translate(ex, pid);
        }

        console.Progress($"Monitoring process {pid}{(name is null ? "" : $" ({name})")} every {options.Interval.TotalSeconds:G} s; Ctrl+C stops and prints the summary.");
        var accumulator = new IntervalAccumulator();
        var intervals = new List<MonitorInterval>();
        GcHeapAfter? firstHeap = null;
        var clock = Stopwatch.StartNew();
        string ended;
        using (session)
        using (var source = new EventPipeEventSource(session.EventStream))
        {
            var fold = new GcEventFold(source, stacks: null);
            fold.CollectionCompleted += accumulator.Add;
            fold.HeapObserved += () =>
            {
                firstHeap ??= fold.LastHeap;
                accumulator.Observe(fold.LastHeap, fold.LastMemoryLoadPercent, fold.HeapCount);
            };
            Task processing = Task.Factory.StartNew(() => Process(source), CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);

            ended = options.Output.Json || !console.IsTerminal
                ? RunLines(options, console, accumulator, intervals, limit, clock, processing, cancellation)
                : RunLive(options, console, accumulator, intervals, limit, clock, processing, cancellation);

            StopQuietly(session);
            processing.Wait(TimeSpan.FromSeconds(5));
        }

        var report = new MonitorReport
        {
            ProcessId = pid,
            ProcessName = name,
            DurationSeconds = clock.Elapsed.TotalSeconds,
            Ended = ended,
            MemoryLimitBytes = limit?.Bytes,
            MemoryLimitSource = limit?.Source,
            HeapCount = accumulator.HeapCount,
            Total = accumulator.Total(clock.Elapsed.TotalSeconds, firstHeap),
            Intervals = intervals,
        };

        if (options.Output.Json)
        {
            ReportOutput.Write(report, MonitorDocument.Build(report), options.Output, console);
        }
        else
        {
            // The intervals are on screen already: print the summary, and the HTML page when asked.
            ReportDocument summary = MonitorDocument.Build(report, includeIntervals: false);
            if (console.IsTerminal)
            {
                TerminalRenderer.Write(summary, console.CreateAnsiConsole());
            }
            else
            {
                PlainTextRenderer.Write(summary, console.Out);
            }

            console.Out.Flush();
            if (options.Output.HtmlPath is not null)
            {
                ReportOutput.Write(report, MonitorDocument.Build(report), options.Output with { Json = false }, new ToolConsole(TextWriter.Null, console.Error, isTerminal: false));
            }
        }

        return ExitCodes.Success;
    }

    private static string RunLines(MonitorOptions options, ToolConsole console, IntervalAccumulator accumulator, List<MonitorInterval> intervals,
        (long Bytes, string Source)? limit, Stopwatch clock, Task processing, CancellationToken cancellation)
    {
        if (!options.Output.Json)
        {
            console.Out.WriteLine(MonitorDocument.LineHeader);
        }

        return Loop(options, accumulator, intervals, clock, processing, cancellation, interval =>
        {
            if (!options.Output.Json)
            {
                console.Out.WriteLine(MonitorDocument.Line(interval, limit?.Bytes));
                console.Out.Flush();
            }
        });
    }

    private static string RunLive(MonitorOptions options, ToolConsole console, IntervalAccumulator accumulator, List<MonitorInterval> intervals,
        (long Bytes, string Source)? limit, Stopwatch clock, Task processing, CancellationToken cancellation)
    {
        IAnsiConsole ansi = console.CreateAnsiConsole();
        string ended = "";
        ansi.Live(TerminalRenderer.ToTable(MonitorDocument.IntervalTable(intervals, limit?.Bytes)))
            .AutoClear(false)
            .Start(context =>
            {
                ended = Loop(options, accumulator, intervals, clock, processing, cancellation, _ =>
                {
                    context.UpdateTarget(TerminalRenderer.ToTable(MonitorDocument.IntervalTable(intervals.TakeLast(RowsOnScreen), limit?.Bytes)));
                    context.Refresh();
                });
            });
        return ended;
    }

    /// <summary>Cuts an interval every <see cref="MonitorOptions.Interval"/> until the duration, Ctrl+C or the process's exit.</summary>
    private static string Loop(MonitorOptions options, IntervalAccumulator accumulator, List<MonitorInterval> intervals, Stopwatch clock,
        Task processing, CancellationToken cancellation, Action<MonitorInterval> show)
    {
        double last = 0;
        while (true)
        {
            double next = last + options.Interval.TotalSeconds;
            if (options.Duration is TimeSpan d)
            {
                next = Math.Min(next, d.TotalSeconds);
            }

            string? ended = WaitUntil(next, options.Duration, clock, processing, cancellation);
            double now = clock.Elapsed.TotalSeconds;
            if (now - last > 0.05 || ended is null)
            {
                MonitorInterval interval = accumulator.Cut(now, now - last);
                intervals.Add(interval);
                show(interval);
                last = now;
            }

            if (ended is not null)
            {
                return ended;
            }
        }
    }

    /// <summary>
    /// Waits until the clock reaches <paramref name="next"/> (in seconds) or the session ends; returns why it ended, or null.
    /// </summary>
    /// <remarks>
    /// A timer can wake a little early (<see cref="Task.Delay(TimeSpan)"/> counts whole milliseconds), so the wait is
    /// repeated, rounded up, until the clock has passed the mark: waking early and cutting an interval there would leave a
    /// remainder of under a millisecond that the next wait cannot sleep through, and the loop would cut hundreds of
    /// empty intervals before the mark.
    /// </remarks>
    private static string? WaitUntil(double next, TimeSpan? duration, Stopwatch clock, Task processing, CancellationToken cancellation)
    {
        while (true)
        {
            double now = clock.Elapsed.TotalSeconds;
            string? ended = cancellation.IsCancellationRequested ? "cancelled"
                : processing.IsCompleted ? "processExited"
                : duration is TimeSpan d && now >= d.TotalSeconds ? "duration"
                : null;
            if (ended is not null || now >= next)
            {
                return ended;
            }

            int milliseconds = (int)Math.Min(int.MaxValue, Math.Ceiling((next - now) * 1000));
            Task.WaitAny([processing, Task.Delay(milliseconds, cancellation)], Timeout.Infinite);
        }
    }

    private static void Process(EventPipeEventSource source)
    {
        try
        {
            source.Process();
        }
        catch (Exception ex) when (ex is IOException or ObjectDisposedException or EndOfStreamException or InvalidOperationException)
        {
            // The process exited or the session was stopped while reading: the stream ends here.
        }
    }

    private static void StopQuietly(EventPipeSession session)
    {
        try
        {
            session.StopAsync(CancellationToken.None).Wait(TimeSpan.FromSeconds(10));
        }
        catch (Exception ex) when (ex is AggregateException or ServerNotAvailableException or IOException or ObjectDisposedException or TimeoutException)
        {
        }
    }
}
