using System.Globalization;
using System.Net;
using System.Text;
using Gen0.Demo.Running;

namespace Gen0.Demo.Reporting;

/// <summary>
/// A self-contained HTML page (no scripts, no external files) with the comparison table and two SVG charts per mode:
/// the GC pause timeline and the heap size per generation after each GC. The markup is well-formed XML so that it can
/// be checked without a browser.
/// </summary>
internal static class HtmlReport
{
    private const int Width = 920;
    private const int Height = 180;
    private const int Left = 60;
    private const int Right = 20;
    private const int Top = 16;
    private const int Bottom = 28;
    private const int MaxPointsPerSeries = 1500;

    private static readonly (string Series, string Label, string Color, Func<HeapSample, long> Value)[] s_heapSeries =
    [
        ("heap-gen0", "gen 0", "#8ecae6", s => s.Gen0Bytes),
        ("heap-gen1", "gen 1", "#219ebc", s => s.Gen1Bytes),
        ("heap-gen2", "gen 2", "#023047", s => s.Gen2Bytes),
        ("heap-loh", "LOH", "#d62828", s => s.LohBytes),
        ("heap-poh", "POH", "#fb8500", s => s.PohBytes),
    ];

    public static string Render(Comparison c, DemoOptions options)
    {
        ModeResult[] modes = [c.Baseline, c.Gen0];
        double seconds = Math.Max(1, modes.Max(m => m.DurationSeconds));
        double maxPause = Math.Max(1, modes.SelectMany(m => m.Pauses).Select(p => p.PauseMs).DefaultIfEmpty(0).Max());
        double maxHeap = Math.Max(1, modes.SelectMany(m => m.HeapTimeline).Select(s => (double)s_heapSeries.Max(series => series.Value(s))).DefaultIfEmpty(0).Max());

        var html = new StringBuilder();
        html.Append("<!DOCTYPE html>\n<html lang=\"en\" xmlns=\"http://www.w3.org/1999/xhtml\">\n<head>\n<meta charset=\"utf-8\" />\n<title>Gen0 demo report</title>\n<style>\n")
            .Append("body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;margin:2em;color:#1d1d1f;max-width:980px}")
            .Append("table{border-collapse:collapse;margin:1em 0}td,th{padding:4px 12px;border-bottom:1px solid #ddd;text-align:right}")
            .Append("td:first-child,th:first-child{text-align:left}.met{color:#2a7d2a}.missed{color:#c0392b;font-weight:bold}")
            .Append("svg{background:#fafafa;border:1px solid #e5e5e5;margin:.3em 0}.axis{font-size:11px;fill:#555}.legend{font-size:12px}")
            .Append("\n</style>\n</head>\n<body>\n");
        html.Append("<h1>Gen0 demo: baseline vs gen0</h1>\n<p>")
            .Append(Escape($"{c.Baseline.Threads} request threads x {Format.Number(options.DurationSeconds, "F0")} s per mode, {c.Baseline.Runtime}, {c.Baseline.GcMode} GC, {Environment.ProcessorCount} cores, seed {options.Seed}. "))
            .Append(c.OutputsIdentical ? Escape($"Outputs identical over {c.ComparedRequests} requests.") : "<strong class=\"missed\">Outputs differ.</strong>")
            .Append("</p>\n");

        AppendTable(html, c);
        html.Append("<h2>GC pauses over time</h2>\n<p>Each bar is one GC pause (height: pause length); colour by generation, red for blocking gen 2.</p>\n");
        foreach (ModeResult mode in modes)
        {
            AppendPauseChart(html, mode, seconds, maxPause);
        }

        html.Append("<h2>Heap size per generation over time</h2>\n");
        AppendHeapLegend(html);
        foreach (ModeResult mode in modes)
        {
            AppendHeapChart(html, mode, seconds, maxHeap);
        }

        html.Append("</body>\n</html>\n");
        return html.ToString();
    }

    private static void AppendTable(StringBuilder html, Comparison c)
    {
        html.Append("<table>\n<tr><th></th><th>baseline</th><th>gen0</th><th>gen0/baseline</th></tr>\n");
        foreach (ReportRow row in ReportRow.For(c))
        {
            html.Append("<tr><td>").Append(Escape(row.Name.Trim())).Append("</td><td>").Append(row.Baseline).Append("</td><td>")
                .Append(row.Gen0).Append("</td><td>").Append(row.Ratio).Append("</td></tr>\n");
        }

        html.Append("</table>\n<ul>\n");
        foreach ((string name, bool met, string observed) in Targets.Check(c))
        {
            html.Append("<li class=\"").Append(met ? "met" : "missed").Append("\">").Append(met ? "met" : "missed").Append(": ")
                .Append(Escape(name)).Append(" (").Append(Escape(observed)).Append(")</li>\n");
        }

        html.Append("</ul>\n");
    }

    private static void AppendPauseChart(StringBuilder html, ModeResult mode, double seconds, double maxPause)
    {
        OpenChart(html, mode, "pauses", $"{mode.Mode}: {mode.Pauses.Count} pauses, max {Format.Number(mode.MaxPauseMs, "F2")} ms");
        AppendAxes(html, seconds, maxPause, "ms");
        html.Append("<g class=\"series\" data-mode=\"").Append(mode.Mode).Append("\" data-series=\"pauses\">\n");
        foreach (PauseSample pause in mode.Pauses)
        {
            double x = X(pause.Seconds, seconds);
            double height = Math.Max(1, (Height - Top - Bottom) * pause.PauseMs / maxPause);
            string color = pause.Generation switch
            {
                0 => "#8ecae6",
                1 => "#219ebc",
                _ => pause.Background ? "#ffb703" : "#d62828",
            };
            html.Append("<rect x=\"").Append(N(x)).Append("\" y=\"").Append(N(Height - Bottom - height)).Append("\" width=\"2\" height=\"")
                .Append(N(height)).Append("\" fill=\"").Append(color).Append("\"><title>")
                .Append(Escape($"gen {pause.Generation}{(pause.Background ? " background" : string.Empty)}, {pause.Reason}, {Format.Number(pause.PauseMs, "F2")} ms at {Format.Number(pause.Seconds, "F2")} s"))
                .Append("</title></rect>\n");
        }

        html.Append("</g>\n</svg>\n");
    }

    private static void AppendHeapChart(StringBuilder html, ModeResult mode, double seconds, double maxHeap)
    {
        OpenChart(html, mode, "heap", $"{mode.Mode}: heap per generation (GcMonitor, every 250 ms)");
        AppendAxes(html, seconds, maxHeap / (1024.0 * 1024.0), "MB");
        List<HeapSample> samples = Downsample(mode.HeapTimeline);
        foreach ((string series, string label, string color, Func<HeapSample, long> value) in s_heapSeries)
        {
            html.Append("<polyline class=\"series\" data-mode=\"").Append(mode.Mode).Append("\" data-series=\"").Append(series)
                .Append("\" fill=\"none\" stroke=\"").Append(color).Append("\" stroke-width=\"1.5\" points=\"");
            foreach (HeapSample sample in samples)
            {
                double y = Height - Bottom - ((Height - Top - Bottom) * value(sample) / maxHeap);
                html.Append(N(X(sample.Seconds, seconds))).Append(',').Append(N(y)).Append(' ');
            }

            html.Append("\"><title>").Append(Escape(label)).Append("</title></polyline>\n");
        }

        html.Append("</svg>\n");
    }

    private static void AppendHeapLegend(StringBuilder html)
    {
        html.Append("<p class=\"legend\">");
        foreach ((_, string label, string color, _) in s_heapSeries)
        {
            html.Append("<span style=\"color:").Append(color).Append("\">&#9632; ").Append(Escape(label)).Append("</span> ");
        }

        html.Append("</p>\n");
    }

    private static void OpenChart(StringBuilder html, ModeResult mode, string chart, string title) =>
        html.Append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" data-chart=\"").Append(chart).Append("\" data-mode=\"").Append(mode.Mode)
            .Append("\" width=\"").Append(Width).Append("\" height=\"").Append(Height).Append("\" viewBox=\"0 0 ").Append(Width).Append(' ').Append(Height)
            .Append("\" role=\"img\"><title>").Append(Escape(title)).Append("</title>\n")
            .Append("<text class=\"axis\" x=\"").Append(Left).Append("\" y=\"12\">").Append(Escape(title)).Append("</text>\n");

    private static void AppendAxes(StringBuilder html, double seconds, double maxValue, string unit)
    {
        int bottom = Height - Bottom;
        html.Append("<line x1=\"").Append(Left).Append("\" y1=\"").Append(bottom).Append("\" x2=\"").Append(Width - Right).Append("\" y2=\"").Append(bottom).Append("\" stroke=\"#999\" />\n")
            .Append("<line x1=\"").Append(Left).Append("\" y1=\"").Append(Top).Append("\" x2=\"").Append(Left).Append("\" y2=\"").Append(bottom).Append("\" stroke=\"#999\" />\n")
            .Append("<text class=\"axis\" x=\"4\" y=\"").Append(Top + 10).Append("\">").Append(Format.Number(maxValue, "F1")).Append(' ').Append(unit).Append("</text>\n")
            .Append("<text class=\"axis\" x=\"4\" y=\"").Append(bottom).Append("\">0</text>\n");
        for (int tick = 0; tick <= 5; tick++)
        {
            double t = seconds * tick / 5;
            html.Append("<text class=\"axis\" x=\"").Append(N(X(t, seconds) - 8)).Append("\" y=\"").Append(Height - 8).Append("\">")
                .Append(Format.Number(t, "F0")).Append(" s</text>\n");
        }
    }

    private static List<HeapSample> Downsample(List<HeapSample> samples)
    {
        if (samples.Count <= MaxPointsPerSeries)
        {
            return samples;
        }

        int step = (int)Math.Ceiling(samples.Count / (double)MaxPointsPerSeries);
        return samples.Where((_, i) => i % step == 0).ToList();
    }

    private static double X(double t, double seconds) => Left + ((Width - Left - Right) * Math.Clamp(t, 0, seconds) / seconds);

    private static string N(double value) => value.ToString("F1", CultureInfo.InvariantCulture);

    private static string Escape(string text) => WebUtility.HtmlEncode(text);
}
