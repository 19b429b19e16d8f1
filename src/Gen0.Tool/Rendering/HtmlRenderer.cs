using System.Globalization;
using System.Net;
using System.Text;

namespace Gen0.Tool.Rendering;

/// <summary>
/// The report as one self-contained HTML page (no script, no external file), with SVG charts. The markup is
/// well-formed XML so that tests can check it without a browser; every chart carries its title, axis titles with units
/// and a legend, so a screenshot of it still says what it shows. Colours are the Okabe-Ito palette.
/// </summary>
internal static class HtmlRenderer
{
    public const string Blue = "#0072B2";
    public const string SkyBlue = "#56B4E9";
    public const string Orange = "#E69F00";
    public const string Vermillion = "#D55E00";
    public const string Green = "#009E73";
    public const string Purple = "#CC79A7";
    public const string Black = "#000000";

    private const int Width = 920;
    private const int Left = 70;
    private const int Right = 20;
    private const int Top = 44;
    private const int Bottom = 40;

    public static string Render(ReportDocument document)
    {
        var html = new StringBuilder(16 * 1024);
        html.Append("<!DOCTYPE html>\n<html lang=\"en\" xmlns=\"http://www.w3.org/1999/xhtml\">\n<head>\n<meta charset=\"utf-8\" />\n<title>")
            .Append(Escape(document.Title))
            .Append("</title>\n<style>\n")
            .Append("body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;margin:2em;color:#1d1d1f;max-width:1100px}")
            .Append("table{border-collapse:collapse;margin:1em 0}td,th{padding:4px 10px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}")
            .Append("td.num,th.num{text-align:right;white-space:nowrap}pre{background:#f6f6f6;padding:.6em;overflow-x:auto;font-size:12px}")
            .Append("svg{background:#fafafa;border:1px solid #e5e5e5;margin:.3em 0}.axis{font-size:11px;fill:#555}.axis-title{font-style:italic}")
            .Append(".legend{font-size:12px;fill:#1d1d1f}.chart-title{font-size:13px;font-weight:600;fill:#1d1d1f}")
            .Append("\n</style>\n</head>\n<body>\n<h1>").Append(Escape(document.Title)).Append("</h1>\n");
        foreach (string line in document.Lead)
        {
            html.Append("<p>").Append(Escape(line)).Append("</p>\n");
        }

        int chartIndex = 0;
        foreach (ReportSection section in document.Sections)
        {
            html.Append("<h2>").Append(Escape(section.Heading)).Append("</h2>\n");
            foreach (object block in section.Blocks)
            {
                switch (block)
                {
                    case ReportParagraph p:
                        html.Append("<p>").Append(Escape(p.Text)).Append("</p>\n");
                        break;
                    case ReportTable t:
                        AppendTable(html, t);
                        break;
                    case ReportStack s:
                        html.Append("<p><strong>").Append(Escape(s.Title)).Append("</strong></p>\n<pre>");
                        foreach (string frame in s.Frames)
                        {
                            html.Append("at ").Append(Escape(frame)).Append('\n');
                        }

                        html.Append("</pre>\n");
                        break;
                    case ReportChart c:
                        AppendChart(html, c, chartIndex++);
                        break;
                }
            }
        }

        html.Append("</body>\n</html>\n");
        return html.ToString();
    }

    private static void AppendTable(StringBuilder html, ReportTable t)
    {
        html.Append("<table>\n<thead><tr>");
        for (int c = 0; c < t.Columns.Length; c++)
        {
            html.Append(t.NumericColumns.Contains(c) ? "<th class=\"num\">" : "<th>").Append(Escape(t.Columns[c])).Append("</th>");
        }

        html.Append("</tr></thead>\n<tbody>\n");
        foreach (string[] row in t.Rows)
        {
            html.Append("<tr>");
            for (int c = 0; c < row.Length; c++)
            {
                html.Append(t.NumericColumns.Contains(c) ? "<td class=\"num\">" : "<td>").Append(Escape(row[c])).Append("</td>");
            }

            html.Append("</tr>\n");
        }

        html.Append("</tbody>\n</table>\n");
    }

    private static void AppendChart(StringBuilder html, ReportChart chart, int index)
    {
        if (chart.Series.All(static s => s.Points.Count == 0))
        {
            return;
        }

        int plotHeight = chart.Kind == ChartKind.Bars ? Math.Max(1, chart.Series[0].Points.Count) * 22 : 180;
        int left = chart.Kind == ChartKind.Bars ? 300 : Left;
        int height = Top + plotHeight + Bottom;
        int plotWidth = Width - left - Right;
        html.Append(CultureInfo.InvariantCulture, $"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{Width}\" height=\"{height}\" role=\"img\" data-chart=\"{index}\" aria-label=\"{Escape(chart.Title)}\">\n");
        html.Append(CultureInfo.InvariantCulture, $"<text class=\"chart-title\" x=\"{left}\" y=\"16\">{Escape(chart.Title)}</text>\n");
        AppendLegend(html, chart, left);

        double maxY = Math.Max(1e-9, chart.Series.SelectMany(static s => s.Points).Select(static p => p.Y).DefaultIfEmpty(0).Max());
        if (chart.Kind == ChartKind.Bars)
        {
            AppendBars(html, chart.Series[0], left, plotWidth, maxY);
            AppendValueAxis(html, left, Top + plotHeight, plotWidth, maxY, chart.XTitle);
        }
        else
        {
            double maxX = Math.Max(1e-9, chart.Series.SelectMany(static s => s.Points).Select(static p => p.X).DefaultIfEmpty(0).Max());
            AppendXY(html, chart, left, plotWidth, plotHeight, maxX, maxY);
        }

        html.Append("</svg>\n");
    }

    private static void AppendLegend(StringBuilder html, ReportChart chart, int left)
    {
        double x = left;
        foreach (ChartSeries series in chart.Series)
        {
            html.Append(CultureInfo.InvariantCulture, $"<rect x=\"{x:F0}\" y=\"24\" width=\"12\" height=\"10\" fill=\"{series.Color}\" />");
            html.Append(CultureInfo.InvariantCulture, $"<text class=\"legend\" x=\"{x + 16:F0}\" y=\"33\">{Escape(series.Label)}</text>\n");
            x += 30 + (series.Label.Length * 7);
        }
    }

    private static void AppendBars(StringBuilder html, ChartSeries series, int left, int plotWidth, double maxY)
    {
        for (int i = 0; i < series.Points.Count; i++)
        {
            ChartPoint p = series.Points[i];
            double y = Top + (i * 22) + 3;
            double w = plotWidth * p.Y / maxY;
            string label = p.Label ?? "";
            if (label.Length > 44)
            {
                label = "…" + label[^43..];
            }

            html.Append(CultureInfo.InvariantCulture, $"<text class=\"axis\" x=\"{left - 6}\" y=\"{y + 12:F0}\" text-anchor=\"end\">{Escape(label)}</text>");
            html.Append(CultureInfo.InvariantCulture, $"<rect x=\"{left}\" y=\"{y:F0}\" width=\"{Math.Max(1, w):F1}\" height=\"16\" fill=\"{series.Color}\"><title>{Escape(label)}: {p.Y:F1}</title></rect>\n");
        }
    }

    private static void AppendValueAxis(StringBuilder html, int left, int y, int plotWidth, double max, string title)
    {
        html.Append(CultureInfo.InvariantCulture, $"<line x1=\"{left}\" y1=\"{y}\" x2=\"{left + plotWidth}\" y2=\"{y}\" stroke=\"#999\" />");
        for (int i = 0; i <= 4; i++)
        {
            double x = left + (plotWidth * i / 4.0);
            html.Append(CultureInfo.InvariantCulture, $"<text class=\"axis\" x=\"{x:F0}\" y=\"{y + 14}\" text-anchor=\"middle\">{max * i / 4:G3}</text>");
        }

        html.Append(CultureInfo.InvariantCulture, $"<text class=\"axis axis-title\" x=\"{left + (plotWidth / 2)}\" y=\"{y + 32}\" text-anchor=\"middle\">{Escape(title)}</text>\n");
    }

    private static void AppendXY(StringBuilder html, ReportChart chart, int left, int plotWidth, int plotHeight, double maxX, double maxY)
    {
        int bottom = Top + plotHeight;
        html.Append(CultureInfo.InvariantCulture, $"<line x1=\"{left}\" y1=\"{bottom}\" x2=\"{left + plotWidth}\" y2=\"{bottom}\" stroke=\"#999\" /><line x1=\"{left}\" y1=\"{Top}\" x2=\"{left}\" y2=\"{bottom}\" stroke=\"#999\" />\n");
        for (int i = 0; i <= 4; i++)
        {
            double x = left + (plotWidth * i / 4.0);
            double y = bottom - (plotHeight * i / 4.0);
            html.Append(CultureInfo.InvariantCulture, $"<text class=\"axis\" x=\"{x:F0}\" y=\"{bottom + 14}\" text-anchor=\"middle\">{maxX * i / 4:G3}</text>");
            html.Append(CultureInfo.InvariantCulture, $"<text class=\"axis\" x=\"{left - 6}\" y=\"{y + 4:F0}\" text-anchor=\"end\">{maxY * i / 4:G3}</text>\n");
        }

        html.Append(CultureInfo.InvariantCulture, $"<text class=\"axis axis-title\" x=\"{left + (plotWidth / 2)}\" y=\"{bottom + 32}\" text-anchor=\"middle\">{Escape(chart.XTitle)}</text>");
        html.Append(CultureInfo.InvariantCulture, $"<text class=\"axis axis-title\" x=\"14\" y=\"{Top + (plotHeight / 2)}\" text-anchor=\"middle\" transform=\"rotate(-90 14 {Top + (plotHeight / 2)})\">{Escape(chart.YTitle)}</text>\n");
        foreach (ChartSeries series in chart.Series)
        {
            if (chart.Kind == ChartKind.Spikes)
            {
                foreach (ChartPoint p in series.Points)
                {
                    double x = left + (plotWidth * p.X / maxX);
                    double h = plotHeight * p.Y / maxY;
                    html.Append(CultureInfo.InvariantCulture, $"<rect x=\"{x - 1:F1}\" y=\"{bottom - h:F1}\" width=\"3\" height=\"{Math.Max(1, h):F1}\" fill=\"{series.Color}\"><title>{p.X:F2} s: {p.Y:F1}</title></rect>\n");
                }
            }
            else if (series.Points.Count > 0)
            {
                var points = new StringBuilder();
                foreach (ChartPoint p in series.Points)
                {
                    points.Append(CultureInfo.InvariantCulture, $"{left + (plotWidth * p.X / maxX):F1},{bottom - (plotHeight * p.Y / maxY):F1} ");
                }

                string dash = series.Dash.Length == 0 ? "" : $" stroke-dasharray=\"{series.Dash}\"";
                html.Append(CultureInfo.InvariantCulture, $"<polyline fill=\"none\" stroke=\"{series.Color}\" stroke-width=\"2\"{dash} points=\"{points.ToString().TrimEnd()}\" />\n");
            }
        }
    }

    private static string Escape(string text) => WebUtility.HtmlEncode(text);
}
