using System.Globalization;
using System.Net;
using System.Text;
using Gen0.Diagnostics;

namespace Gen0.AspNetCore;

/// <summary>
/// The <c>/gc?format=html</c> page: the report's table and two SVG charts (heap per generation after the last GC, and
/// the window's pause percentiles), each with its own legend and axis units. No script and no external file, so the
/// page works behind any content security policy; an empty inline icon keeps browsers from asking for a
/// <c>/favicon.ico</c> the application may not serve (a 404 in the console).
/// </summary>
internal static class GcHealthHtml
{
    private const int Width = 640;
    private const int Height = 220;
    private const int Left = 70;
    private const int Right = 20;
    private const int Top = 40;
    private const int Bottom = 34;

    public static string Render(GcHealthReport report)
    {
        var html = new StringBuilder(8 * 1024);
        html.Append("<!DOCTYPE html>\n<html lang=\"en\" xmlns=\"http://www.w3.org/1999/xhtml\">\n<head>\n<meta charset=\"utf-8\" />\n<link rel=\"icon\" href=\"data:,\" />\n<title>GC health</title>\n<style>\n")
            .Append("body{font-family:system-ui,sans-serif;margin:2em;color:#1d1d1f}pre{background:#f5f5f5;padding:1em}")
            .Append("svg{background:#fafafa;border:1px solid #e5e5e5;margin:.5em 0}.axis{font-size:11px;fill:#555}.axis-title{font-style:italic}")
            .Append(".legend{font-size:12px;fill:#1d1d1f}.chart-title{font-size:12px;font-weight:600;fill:#1d1d1f}\n</style>\n</head>\n<body>\n")
            .Append("<h1>GC health</h1>\n");
        AppendBars(html, "heap", "Heap per generation after the last GC", "size (MB)",
        [
            ("gen 0", "#56B4E9", report.Heap.Gen0Bytes / (1024.0 * 1024.0)),
            ("gen 1", "#0072B2", report.Heap.Gen1Bytes / (1024.0 * 1024.0)),
            ("gen 2", "#000000", report.Heap.Gen2Bytes / (1024.0 * 1024.0)),
            ("LOH", "#E69F00", report.Heap.LargeObjectHeapBytes / (1024.0 * 1024.0)),
            ("POH", "#CC79A7", report.Heap.PinnedObjectHeapBytes / (1024.0 * 1024.0)),
        ]);
        AppendBars(html, "pauses", $"GC pauses in the last {report.WindowDuration.TotalSeconds.ToString("F0", CultureInfo.InvariantCulture)} s ({report.Pauses.ObservedCollections} seen)", "pause (ms)",
        [
            ("p50", "#009E73", report.Pauses.P50.TotalMilliseconds),
            ("p99", "#D55E00", report.Pauses.P99.TotalMilliseconds),
            ("max", "#F0E442", report.Pauses.Max.TotalMilliseconds),
        ]);
        html.Append("<pre>").Append(WebUtility.HtmlEncode(report.ToString())).Append("</pre>\n</body>\n</html>\n");
        return html.ToString();
    }

    /// <summary>One bar per value, a legend entry per bar, the value axis titled with its unit.</summary>
    private static void AppendBars(StringBuilder html, string chart, string title, string yTitle, (string Label, string Color, double Value)[] bars)
    {
        CultureInfo c = CultureInfo.InvariantCulture;
        double max = Math.Max(bars.Max(b => b.Value), 1e-9);
        int bottom = Height - Bottom;
        double slot = (Width - Left - Right) / (double)bars.Length;
        html.Append(c, $"<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" data-chart=\"{chart}\" width=\"{Width}\" height=\"{Height}\" viewBox=\"0 0 {Width} {Height}\" role=\"img\"><title>{WebUtility.HtmlEncode(title)}</title>\n")
            .Append(c, $"<text class=\"chart-title\" x=\"{Left}\" y=\"14\">{WebUtility.HtmlEncode(title)}</text>\n")
            .Append(c, $"<line x1=\"{Left}\" y1=\"{bottom}\" x2=\"{Width - Right}\" y2=\"{bottom}\" stroke=\"#999\" />\n")
            .Append(c, $"<line x1=\"{Left}\" y1=\"{Top}\" x2=\"{Left}\" y2=\"{bottom}\" stroke=\"#999\" />\n")
            .Append(c, $"<text class=\"axis axis-title\" data-axis=\"y\" x=\"4\" y=\"{Top - 4}\">{WebUtility.HtmlEncode(yTitle)}</text>\n")
            .Append(c, $"<text class=\"axis\" x=\"4\" y=\"{Top + 10}\">{max:F1}</text><text class=\"axis\" x=\"4\" y=\"{bottom}\">0</text>\n")
            .Append(c, $"<text class=\"axis axis-title\" data-axis=\"x\" x=\"{Width - Right}\" y=\"{Height - 2}\" text-anchor=\"end\">{(chart == "heap" ? "generation" : "statistic")} (bars, value on top)</text>\n");

        double legendX = Width - Right - bars.Sum(b => 34 + (7 * b.Label.Length));
        html.Append("<g class=\"legend\">\n");
        foreach ((string label, string color, _) in bars)
        {
            html.Append(c, $"<g class=\"legend-item\" data-label=\"{WebUtility.HtmlEncode(label)}\"><rect x=\"{legendX:F1}\" y=\"19\" width=\"18\" height=\"10\" fill=\"{color}\" stroke=\"#555\" stroke-width=\"0.5\" /><text class=\"legend\" x=\"{legendX + 22:F1}\" y=\"28\">{WebUtility.HtmlEncode(label)}</text></g>\n");
            legendX += 34 + (7 * label.Length);
        }

        html.Append(c, $"</g>\n<g class=\"series\" data-series=\"{chart}\" data-points=\"{bars.Length}\">\n");
        for (int i = 0; i < bars.Length; i++)
        {
            (string label, string color, double value) = bars[i];
            double height = Math.Max(1, (bottom - Top) * value / max); // a zero still shows as a hairline
            double x = Left + (i * slot) + (slot * 0.2);
            html.Append(c, $"<rect x=\"{x:F1}\" y=\"{bottom - height:F1}\" width=\"{slot * 0.6:F1}\" height=\"{height:F1}\" fill=\"{color}\" stroke=\"#555\" stroke-width=\"0.5\"><title>{WebUtility.HtmlEncode(label)}: {value:F2}</title></rect>")
                .Append(c, $"<text class=\"axis\" x=\"{x:F1}\" y=\"{bottom - height - 3:F1}\">{value:F1}</text>\n");
        }

        html.Append("</g>\n</svg>\n");
    }
}
