using System.Globalization;
using Gen0.Tool.Analysis;

namespace Gen0.Tool.Rendering;

/// <summary>Lays a <see cref="DiagnosisReport"/> out as a <see cref="ReportDocument"/> for the terminal, a file or HTML.</summary>
internal static class DiagnosisDocument
{
    /// <summary>How many culprits get their stack printed.</summary>
    public const int StacksShown = 6;

    /// <summary>How many frames of a stack the report prints (the JSON has them all): the allocation and its callers, not the thread pool's plumbing.</summary>
    public const int FramesShown = 12;

    public static ReportDocument Build(DiagnosisReport r)
    {
        var doc = new ReportDocument("dotnet-gen0 diagnose: who makes the garbage");
        doc.Lead.Add(Describe(r.Source));
        doc.Lead.Add(DescribeRuntime(r.Runtime));

        GcOverview g = r.Gc;
        doc.Add("GC summary").Table(new ReportTable("Figure", "Value").Numeric(1)
            .Row("Collections gen 0 / gen 1 / gen 2", $"{Format.Number(g.Gen0Collections)} / {Format.Number(g.Gen1Collections)} / {Format.Number(g.Gen2Collections)}")
            .Row("Gen 2 blocking / background", $"{Format.Number(g.BlockingGen2Collections)} / {Format.Number(g.BackgroundGen2Collections)}")
            .Row("Induced (GC.Collect)", Format.Number(g.InducedCollections))
            .Row("Time paused in GC", $"{Format.Number(g.PausePercent, "F1")} % ({Format.Ms(g.TotalPauseMs)} ms)")
            .Row("Pause max / p50 / p99 (ms)", $"{Format.Ms(g.MaxPauseMs)} / {Format.Ms(g.P50PauseMs)} / {Format.Ms(g.P99PauseMs)}")
            .Row("Allocated (sampled, MB)", Format.Mb(g.AllocatedBytes))
            .Row("  on the LOH (MB)", $"{Format.Mb(g.LohAllocatedBytes)} ({Format.Percent(g.AllocatedBytes == 0 ? 0 : (double)g.LohAllocatedBytes / g.AllocatedBytes)})")
            .Row("  on the POH (MB)", Format.Mb(g.PohAllocatedBytes))
            .Row("LOH / POH after the last GC (MB)", $"{Format.Mb(g.LohSizeBytes)} / {Format.Mb(g.PohSizeBytes)}")
            .Row("Promoted by the last GC (MB)", Format.Mb(g.PromotedBytes)));

        AddCulprits(doc, r);
        AddGen2(doc, r);
        AddPinning(doc, r);
        AddRemedies(doc, r);
        if (r.Notes.Count > 0)
        {
            ReportSection notes = doc.Add("Notes");
            foreach (string note in r.Notes)
            {
                notes.Paragraph(note);
            }
        }

        return doc;
    }

    public static string Describe(TraceSource s)
    {
        string what = s.Kind switch
        {
            "trace" => $"Trace {s.TraceFile}" + (s.ProcessId is int tp ? $" of process {tp}" : ""),
            "command" => $"Command '{s.CommandLine}' (process {s.ProcessId})",
            _ => $"Process {s.ProcessId}" + (s.ProcessName is null ? "" : $" ({s.ProcessName})"),
        };
        string exit = s.ExitCode is int code ? $", exit code {code}" : "";
        string partial = s.Truncated ? ", PARTIAL (truncated file)" : s.Partial ? ", PARTIAL (stopped early)" : "";
        return string.Create(CultureInfo.InvariantCulture, $"{what}: {s.DurationSeconds:F1} s, {s.EventCount:N0} events{exit}{partial}.");
    }

    private static string DescribeRuntime(RuntimeGcSettings rt)
    {
        var parts = new List<string>
        {
            rt.GcMode is null ? "GC mode unknown" : $"{rt.GcMode} GC" + (rt.HeapCount is int h ? $" ({h} heap{(h == 1 ? "" : "s")})" : ""),
        };
        if (rt.Concurrent is bool concurrent)
        {
            parts.Add(concurrent ? "concurrent" : "non-concurrent");
        }

        if (rt.HeapHardLimitBytes is long limit)
        {
            parts.Add($"heap hard limit {Format.Mb(limit)} MB");
        }

        if (rt.MaxMemoryLoadPercent is int load)
        {
            parts.Add($"memory load up to {load} %" + (rt.HighMemoryPercent is int high ? $" (high threshold {high} %)" : ""));
        }

        return string.Join(", ", parts) + ".";
    }

    private static void AddCulprits(ReportDocument doc, DiagnosisReport r)
    {
        ReportSection section = doc.Add("Who allocates on the large object heap");
        if (r.LohCulprits.Count == 0)
        {
            section.Paragraph(r.Gc.AllocatedBytes == 0
                ? "No allocation events in the session (see the notes)."
                : "Nothing was allocated on the LOH in the session: no object of 85,000 bytes or more.");
            return;
        }

        section.Paragraph("Sampled from the runtime's allocation ticks (one per ~100 KB): bytes are estimates, shares are reliable. 'Method' is the first application frame; 'Allocated in' the frame that allocated.");
        var table = new ReportTable("#", "Type", "MB", "Share", "Method", "Line", "Allocated in", "Gen0 remedy").Numeric(0, 2, 3);
        for (int i = 0; i < r.LohCulprits.Count; i++)
        {
            Culprit c = r.LohCulprits[i];
            table.Row((i + 1).ToString(CultureInfo.InvariantCulture), c.TypeName, Format.Mb(c.SampledBytes), Format.Percent(c.Share), CodeFrames.Short(c.Method), Line(c), CodeFrames.Short(c.Allocator), c.Remedy.Gen0Type);
        }

        section.Table(table);
        for (int i = 0; i < Math.Min(StacksShown, r.LohCulprits.Count); i++)
        {
            Culprit c = r.LohCulprits[i];
            string code = c.SourceText is null ? "" : $" Line {c.SourceLine}: {c.SourceText}";
            section.Stack($"#{i + 1} {c.TypeName} in {c.Method} ({Format.Percent(c.Share)}).{code} Remedy: {c.Remedy.Gen0Type}. {c.Remedy.Advice}", Trim(c.Stack));
        }

        var chart = new ReportChart(ChartKind.Bars, "LOH bytes by type (sampled)", "MB allocated on the LOH in the session", "type");
        var series = new ChartSeries("LOH MB", HtmlRenderer.Orange);
        for (int i = 0; i < r.LohTypes.Count; i++)
        {
            series.Points.Add(new ChartPoint(i, r.LohTypes[i].SampledBytes / (1024.0 * 1024.0), r.LohTypes[i].TypeName));
        }

        chart.Series.Add(series);
        ReportSection types = doc.Add("LOH allocation by type");
        types.Chart(chart);
        var typeTable = new ReportTable("Type", "MB", "Samples", "Share").Numeric(1, 2, 3);
        foreach (TypeAllocation t in r.LohTypes)
        {
            typeTable.Row(t.TypeName, Format.Mb(t.SampledBytes), Format.Number(t.Samples), Format.Percent(t.Share));
        }

        types.Table(typeTable);
    }

    private static void AddGen2(ReportDocument doc, DiagnosisReport r)
    {
        ReportSection section = doc.Add("Why gen 2 collections ran");
        if (r.Gen2.ByReason.Count == 0)
        {
            section.Paragraph("No gen 2 collection in the session.");
        }
        else
        {
            var reasons = new ReportTable("Reason", "Gen 2s", "Blocking", "Background", "Pause ms", "Meaning").Numeric(1, 2, 3, 4);
            foreach (ReasonCount reason in r.Gen2.ByReason)
            {
                reasons.Row(reason.Reason, Format.Number(reason.Count), Format.Number(reason.Blocking), Format.Number(reason.Background), Format.Ms(reason.PauseMs), reason.Meaning);
            }

            section.Table(reasons);
            var chart = new ReportChart(ChartKind.Spikes, "Gen 2 pauses over the session", "seconds from the start of the session", "pause (ms)");
            var blocking = new ChartSeries("gen 2 blocking", HtmlRenderer.Vermillion);
            var background = new ChartSeries("gen 2 background", HtmlRenderer.Green);
            foreach (CollectionSummary c in r.Gen2.Collections)
            {
                (c.Type == "Background" ? background : blocking).Points.Add(new ChartPoint(c.StartSeconds, c.PauseMs));
            }

            chart.Series.Add(blocking);
            chart.Series.Add(background);
            section.Chart(chart);
        }

        if (r.InducedCallers.Count > 0)
        {
            ReportSection induced = doc.Add("Who called GC.Collect");
            var table = new ReportTable("Method", "Line", "Induced GCs").Numeric(2);
            foreach (InducedCaller caller in r.InducedCallers)
            {
                table.Row(caller.Method, caller.Source ?? "-", Format.Number(caller.Count));
            }

            induced.Table(table);
            foreach (InducedCaller caller in r.InducedCallers.Take(3))
            {
                induced.Stack($"{caller.Method} ({caller.Count} induced GC{(caller.Count == 1 ? "" : "s")})", Trim(caller.Stack));
            }
        }
        else if (r.Gc.InducedCollections > 0)
        {
            doc.Add("Who called GC.Collect").Paragraph($"{r.Gc.InducedCollections} induced GC(s), but the trace has no stack for them (record with stacks to see the caller).");
        }
    }

    private static void AddPinning(ReportDocument doc, DiagnosisReport r)
    {
        PinningReport p = r.Pinning;
        ReportSection section = doc.Add("Pinning");
        section.Paragraph(p.MaxPinnedObjects is long max
            ? $"At most {Format.Number(max)} pinned object(s) at one GC; POH allocated {Format.Mb(r.Gc.PohAllocatedBytes)} MB in the session."
            : "The trace has no heap statistics: pinned-object counts are unknown.");
        if (p.PinnedTypes.Count > 0)
        {
            var table = new ReportTable("Pinned type (at GC time)", "Pins", "Share").Numeric(1, 2);
            foreach (TypeAllocation t in p.PinnedTypes)
            {
                table.Row(t.TypeName, Format.Number(t.Samples), Format.Percent(t.Share));
            }

            section.Table(table);
        }

        if (p.PohCulprits.Count > 0)
        {
            var table = new ReportTable("POH type", "MB", "Method", "Line", "Allocated in", "Gen0 remedy").Numeric(1);
            foreach (Culprit c in p.PohCulprits)
            {
                table.Row(c.TypeName, Format.Mb(c.SampledBytes), CodeFrames.Short(c.Method), Line(c), CodeFrames.Short(c.Allocator), c.Remedy.Gen0Type);
            }

            section.Table(table);
        }
    }

    private static string Line(Culprit c) => c.SourceFile is null ? "-" : $"{Path.GetFileName(c.SourceFile)}:{c.SourceLine}";

    private static IReadOnlyList<string> Trim(IReadOnlyList<string> stack) =>
        stack.Count <= FramesShown ? stack : [.. stack.Take(FramesShown), $"... {stack.Count - FramesShown} more frame(s) (all of them in --json)"];

    private static void AddRemedies(ReportDocument doc, DiagnosisReport r)
    {
        if (r.Remedies.Count == 0)
        {
            return;
        }

        ReportSection section = doc.Add("What removes it");
        var table = new ReportTable("Gen0 remedy", "LOH MB", "Share", "Where", "How").Numeric(1, 2);
        foreach (RemedyTotal remedy in r.Remedies)
        {
            table.Row(remedy.Remedy.Gen0Type, Format.Mb(remedy.SampledBytes), Format.Percent(remedy.Share), string.Join(", ", remedy.Methods.Select(CodeFrames.Short)), remedy.Remedy.Advice);
        }

        section.Table(table);
    }
}
