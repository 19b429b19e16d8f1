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
/// <remarks>
/// Every chart carries its own legend and axis titles with units, so that a chart cut out of the page (a screenshot)
/// still says what it shows. The colours are the Okabe-Ito palette, which stays distinguishable for colour-blind
/// readers; no two series of the page share a colour, and the heap lines also differ by dash pattern.
/// </remarks>
internal static class HtmlReport
{
    private const int Width = 920;
    private const int Height = 210;
    private const int Left = 64;
    private const int Right = 20;
    private const int Top = 40;
    private const int Bottom = 34;
    private const int MaxPointsPerSeries = 1500;

    private const string Gen0Color = "#56B4E9";      // sky blue
    private const string Gen1Color = "#0072B2";      // blue
    private const string Gen2Color = "#000000";      // black
    private const string BlockingColor = "#D55E00";  // vermillion
    private const string BackgroundColor = "#009E73"; // bluish green
    private const string LohColor = "#E69F00";       // orange
    private const string PohColor = "#CC79A7";       // reddish purple

    private static readonly (string Series, string Label, string Color, string Dash, Func<HeapSample, long> Value)[] s_heapSeries =
    [
        ("heap-gen0", "gen 0", Gen0Color, "", s => s.Gen0Bytes),
        ("heap-gen1", "gen 1", Gen1Color, "6 3", s => s.Gen1Bytes),
        ("heap-gen2", "gen 2", Gen2Color, "", s => s.Gen2Bytes),
        ("heap-loh", "LOH", LohColor, "2 2", s => s.LohBytes),
        ("heap-poh", "POH", PohColor, "8 2 2 2", s => s.PohBytes),
    ];

    private static readonly (string Label, string Color)[] s_pauseLegend =
    [
        ("gen 0", Gen0Color), ("gen 1", Gen1Color), ("gen 2 background", BackgroundColor), ("gen 2 blocking", BlockingColor),
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
            .Append("svg{background:#fafafa;border:1px solid #e5e5e5;margin:.3em 0}.axis{font-size:11px;fill:#555}.axis-title{font-style:italic}.legend{font-size:12px;fill:#1d1d1f}.chart-title{font-size:12px;font-weight:600;fill:#1d1d1f}")
            .Append("\n</style>\n</head>\n<body>\n");
        html.Append("<h1>Gen0 demo: baseline vs gen0</h1>\n<p>")
            .Append(Escape($"{c.Baseline.Threads} request threads x {Format.Number(options.DurationSeconds, "F0")} s per mode, {c.Baseline.Runtime}, {c.Baseline.GcMode} GC, {Environment.ProcessorCount} cores, seed {options.Seed}. "))
            .Append(c.OutputsIdentical ? Escape($"Outputs identical over {c.ComparedRequests} requests.") : "<strong class=\"missed\">Outputs differ.</strong>")
            .Append("</p>\n");

        AppendTable(html, c);
        html.Append("<h2>GC pauses over time</h2>\n<p>Each bar is one GC pause (height: pause length in milliseconds) at the time it happened; colour by generation and kind, as each chart's legend says.</p>\n");
        foreach (ModeResult mode in modes)
        {
            AppendPauseChart(html, mode, seconds, maxPause);
        }

        html.Append("<h2>Heap size per generation over time</h2>\n<p>Size of each generation after the last GC, in megabytes, sampled by GcMonitor every 250 ms.</p>\n");
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
        AppendAxes(html, seconds, maxPause, "pause (ms)");
        AppendLegend(html, s_pauseLegend.Select(l => (l.Label, l.Color, string.Empty)));
        html.Append("<g class=\"series\" data-mode=\"").Append(mode.Mode).Append("\" data-series=\"pauses\" data-points=\"")
            .Append(mode.Pauses.Count).Append("\">\n");
        foreach (PauseSample pause in mode.Pauses)
        {
            double x = X(pause.Seconds, seconds);
            double height = Math.Max(1, (Height - Top - Bottom) * pause.PauseMs / maxPause);
            string color = pause.Generation switch
            {
                0 => Gen0Color,
                1 => Gen1Color,
                _ => pause.Background ? BackgroundColor : BlockingColor,
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
        AppendAxes(html, seconds, maxHeap / (1024.0 * 1024.0), "heap (MB)");
        AppendLegend(html, s_heapSeries.Select(s => (s.Label, s.Color, s.Dash)));
        List<HeapSample> samples = Downsample(mode.HeapTimeline);
        foreach ((string series, string label, string color, string dash, Func<HeapSample, long> value) in s_heapSeries)
        {
            html.Append("<polyline class=\"series\" data-mode=\"").Append(mode.Mode).Append("\" data-series=\"").Append(series)
                .Append("\" data-points=\"").Append(samples.Count).Append("\" fill=\"none\" stroke=\"").Append(color).Append("\" stroke-width=\"1.5\"")
                .Append(dash.Length > 0 ? $" stroke-dasharray=\"{dash}\"" : string.Empty).Append(" points=\"");
            foreach (HeapSample sample in samples)
            {
                double y = Height - Bottom - ((Height - Top - Bottom) * value(sample) / maxHeap);
                html.Append(N(X(sample.Seconds, seconds))).Append(',').Append(N(y)).Append(' ');
            }

            html.Append("\"><title>").Append(Escape(label)).Append("</title></polyline>\n");
        }

        html.Append("</svg>\n");
    }

    /// <summary>The chart's own legend, top right: a swatch (or a dashed line) and a label per series.</summary>
    private static void AppendLegend(StringBuilder html, IEnumerable<(string Label, string Color, string Dash)> entries)
    {
        (string Label, string Color, string Dash)[] items = [.. entries];
        double x = Width - Right - items.Sum(i => ItemWidth(i.Label));
        html.Append("<g class=\"legend\">\n");
        foreach ((string label, string color, string dash) in items)
        {
            html.Append("<g class=\"legend-item\" data-label=\"").Append(Escape(label)).Append("\">");
            if (dash.Length > 0)
            {
                html.Append("<line x1=\"").Append(N(x)).Append("\" y1=\"24\" x2=\"").Append(N(x + 18)).Append("\" y2=\"24\" stroke=\"").Append(color)
                    .Append("\" stroke-width=\"3\" stroke-dasharray=\"").Append(dash).Append("\" />");
            }
            else
            {
                html.Append("<rect x=\"").Append(N(x)).Append("\" y=\"19\" width=\"18\" height=\"10\" fill=\"").Append(color).Append("\" />");
            }

            html.Append("<text class=\"legend\" x=\"").Append(N(x + 22)).Append("\" y=\"28\">").Append(Escape(label)).Append("</text></g>\n");
            x += ItemWidth(label);
        }

        html.Append("</g>\n");

        // Swatch, gap, and about 7 px per character of the 12 px legend font, so long labels never overlap.
        static double ItemWidth(string label) => 34 + (7 * label.Length);
    }

    private static void OpenChart(StringBuilder html, ModeResult mode, string chart, string title) =>
        html.Append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" data-chart=\"").Append(chart).Append("\" data-mode=\"").Append(mode.Mode)
            .Append("\" width=\"").Append(Width).Append("\" height=\"").Append(Height).Append("\" viewBox=\"0 0 ").Append(Width).Append(' ').Append(Height)
            .Append("\" role=\"img\"><title>").Append(Escape(title)).Append("</title>\n")
            .Append("<text class=\"chart-title\" x=\"").Append(Left).Append("\" y=\"14\">").Append(Escape(title)).Append("</text>\n");

    /// <summary>Both axes with their titles and units: time in seconds across, <paramref name="yTitle"/> up.</summary>
    private static void AppendAxes(StringBuilder html, double seconds, double maxValue, string yTitle)
    {
        int bottom = Height - Bottom;
        html.Append("<line x1=\"").Append(Left).Append("\" y1=\"").Append(bottom).Append("\" x2=\"").Append(Width - Right).Append("\" y2=\"").Append(bottom).Append("\" stroke=\"#999\" />\n")
            .Append("<line x1=\"").Append(Left).Append("\" y1=\"").Append(Top).Append("\" x2=\"").Append(Left).Append("\" y2=\"").Append(bottom).Append("\" stroke=\"#999\" />\n")
            .Append("<text class=\"axis axis-title\" data-axis=\"y\" x=\"4\" y=\"").Append(Top - 4).Append("\">").Append(Escape(yTitle)).Append("</text>\n")
            .Append("<text class=\"axis\" x=\"4\" y=\"").Append(Top + 10).Append("\">").Append(Format.Number(maxValue, "F1")).Append("</text>\n")
            .Append("<text class=\"axis\" x=\"4\" y=\"").Append(bottom).Append("\">0</text>\n")
            .Append("<text class=\"axis axis-title\" data-axis=\"x\" x=\"").Append(Width - Right).Append("\" y=\"").Append(Height - 2)
            .Append("\" text-anchor=\"end\">time since the measured phase started (s)</text>\n");
        for (int tick = 0; tick <= 5; tick++)
        {
            double t = seconds * tick / 5;
            html.Append("<text class=\"axis\" x=\"").Append(N(X(t, seconds) - 8)).Append("\" y=\"").Append(Height - Bottom + 14).Append("\">")
                .Append(Format.Number(t, "F0")).Append("</text>\n");
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
