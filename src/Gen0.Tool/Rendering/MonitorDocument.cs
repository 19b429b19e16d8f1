using System.Globalization;
using Gen0.Tool.Monitoring;

namespace Gen0.Tool.Rendering;

/// <summary>Lays a <see cref="MonitorReport"/> out: a line per interval when redirected, a table on a terminal, charts in HTML.</summary>
internal static class MonitorDocument
{
    public const string LineHeader = "    time  gen0  gen1  gen2 (bg)  induced  pause %   pause ms  max ms   p99 ms    LOH MB  LOH +/-   POH MB  pinned  memory load";

    public static string Line(MonitorInterval i, long? limitBytes) => string.Create(CultureInfo.InvariantCulture,
        $"{i.AtSeconds,7:F1}s {i.Gen0,5} {i.Gen1,5} {i.Gen2,5} ({i.BackgroundGen2,2}) {i.Induced,8} {i.PausePercent,7:F2}% {i.PauseMs,10:F1} {i.MaxPauseMs,7:F1} {i.P99PauseMs,8:F1} {Format.Mb(i.LohBytes),9} {Signed(i.LohGrowthBytes),8} {Format.Mb(i.PohBytes),8} {(i.PinnedObjects is long p ? p.ToString(CultureInfo.InvariantCulture) : "-"),7}  {Load(i.MemoryLoadPercent, limitBytes)}");

    public static ReportTable IntervalTable(IEnumerable<MonitorInterval> intervals, long? limitBytes)
    {
        var table = new ReportTable("Time s", "Gen0", "Gen1", "Gen2 (bg)", "Induced", "Pause %", "Max ms", "P99 ms", "LOH MB", "LOH +/-", "POH MB", "Pinned", "Memory load")
            .Numeric(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
        foreach (MonitorInterval i in intervals)
        {
            table.Row(
                Format.Number(i.AtSeconds, "F1"), Format.Number(i.Gen0), Format.Number(i.Gen1), $"{Format.Number(i.Gen2)} ({Format.Number(i.BackgroundGen2)})",
                Format.Number(i.Induced), Format.Number(i.PausePercent, "F2"), Format.Ms(i.MaxPauseMs), Format.Ms(i.P99PauseMs), Format.Mb(i.LohBytes),
                Signed(i.LohGrowthBytes), Format.Mb(i.PohBytes), i.PinnedObjects is long p ? Format.Number(p) : "-", Load(i.MemoryLoadPercent, limitBytes));
        }

        return table;
    }

    public static ReportDocument Build(MonitorReport r, bool includeIntervals = true)
    {
        var doc = new ReportDocument($"dotnet-gen0 monitor: process {r.ProcessId}{(r.ProcessName is null ? "" : $" ({r.ProcessName})")}");
        string why = r.Ended switch
        {
            "cancelled" => "stopped by Ctrl+C",
            "processExited" => "the process exited",
            _ => "the duration passed",
        };
        doc.Lead.Add(string.Create(CultureInfo.InvariantCulture, $"{r.DurationSeconds:F1} s, {r.Intervals.Count} interval(s); {why}."));
        if (r.MemoryLimitBytes is long limit)
        {
            doc.Lead.Add($"Memory the GC may use: {Format.Mb(limit)} MB ({r.MemoryLimitSource}); the memory load column is the GC's own reading at each GC.");
        }

        MonitorInterval t = r.Total;
        doc.Add("Whole session").Table(new ReportTable("Figure", "Value").Numeric(1)
            .Row("Collections gen 0 / gen 1 / gen 2 (background)", $"{Format.Number(t.Gen0)} / {Format.Number(t.Gen1)} / {Format.Number(t.Gen2)} ({Format.Number(t.BackgroundGen2)})")
            .Row("Induced", Format.Number(t.Induced))
            .Row("Time paused in GC", $"{Format.Number(t.PausePercent, "F2")} % ({Format.Ms(t.PauseMs)} ms)")
            .Row("Pause max / p50 / p99 (ms)", $"{Format.Ms(t.MaxPauseMs)} / {Format.Ms(t.P50PauseMs)} / {Format.Ms(t.P99PauseMs)}")
            .Row("LOH after the last GC (MB)", $"{Format.Mb(t.LohBytes)} ({Signed(t.LohGrowthBytes)} MB in the session)")
            .Row("POH after the last GC (MB)", $"{Format.Mb(t.PohBytes)} ({Signed(t.PohGrowthBytes)} MB in the session)")
            .Row("Pinned objects at the last GC", t.PinnedObjects is long p ? Format.Number(p) : "-")
            .Row("Memory load at the last GC", Load(t.MemoryLoadPercent, r.MemoryLimitBytes))
            .Row("GC heaps", r.HeapCount is int h ? Format.Number(h) : "-"));

        if (includeIntervals && r.Intervals.Count > 0)
        {
            ReportSection section = doc.Add("Intervals");
            var pause = new ReportChart(ChartKind.Lines, "Time paused in GC per interval", "seconds from the start", "% of the interval");
            var pauseSeries = new ChartSeries("pause %", HtmlRenderer.Vermillion);
            var heap = new ReportChart(ChartKind.Lines, "LOH and POH after the last GC", "seconds from the start", "MB");
            var loh = new ChartSeries("LOH", HtmlRenderer.Orange);
            var poh = new ChartSeries("POH", HtmlRenderer.Purple, "6 3");
            foreach (MonitorInterval i in r.Intervals)
            {
                pauseSeries.Points.Add(new ChartPoint(i.AtSeconds, i.PausePercent));
                if (i.LohBytes is long l)
                {
                    loh.Points.Add(new ChartPoint(i.AtSeconds, l / (1024.0 * 1024.0)));
                }

                if (i.PohBytes is long ph)
                {
                    poh.Points.Add(new ChartPoint(i.AtSeconds, ph / (1024.0 * 1024.0)));
                }
            }

            pause.Series.Add(pauseSeries);
            heap.Series.Add(loh);
            heap.Series.Add(poh);
            section.Chart(pause).Chart(heap).Table(IntervalTable(r.Intervals, r.MemoryLimitBytes));
        }

        return doc;
    }

    private static string Signed(long? bytes) => bytes is long b ? (b >= 0 ? "+" : "") + Format.Mb(b) : "-";

    private static string Load(int? percent, long? limitBytes) =>
        percent is int p ? $"{p} %" + (limitBytes is long l ? $" of {Format.Mb(l)} MB" : "") : "-";
}
