using System.Xml.Linq;
using Gen0.Tool.Analysis;
using Gen0.Tool.Rendering;

namespace Gen0.Tool.Tests;

public sealed class RenderingTests
{
    [Fact]
    public void PlainTable_AlignsColumns_NumbersRight()
    {
        var table = new ReportTable("Name", "MB").Numeric(1).Row("a", "1.0").Row("longer name", "123.4");
        var output = new StringWriter();
        PlainTextRenderer.WriteTable(table, output);
        string[] lines = output.ToString().Split(Environment.NewLine, StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(4, lines.Length);
        Assert.Equal(lines[2].Length, lines[3].Length);
        Assert.EndsWith("  1.0", lines[2], StringComparison.Ordinal);
    }

    [Fact]
    public void Table_RejectsARowOfTheWrongWidth() =>
        Assert.Throws<ArgumentException>(() => new ReportTable("a", "b").Row("only one"));

    [Theory]
    [InlineData(new double[0], 50, 0)]
    [InlineData(new[] { 7.0 }, 50, 7)]
    [InlineData(new[] { 7.0 }, 99, 7)]
    [InlineData(new[] { 1.0, 2, 3, 4 }, 50, 2)]
    [InlineData(new[] { 1.0, 2, 3, 4 }, 99, 4)]
    [InlineData(new[] { 1.0, 2, 3, 4 }, 0, 1)]
    public void NearestRank(double[] sorted, int percentile, double expected) => Assert.Equal(expected, Percentiles.NearestRank(sorted, percentile));

    [Fact]
    public void Html_EscapesText_AndStaysWellFormed_WithEmptyCharts()
    {
        var doc = new ReportDocument("<title> & \"quotes\"");
        doc.Lead.Add("a < b");
        var chart = new ReportChart(ChartKind.Bars, "bars", "x <unit>", "y");
        var series = new ChartSeries("s & t", HtmlRenderer.Orange);
        series.Points.Add(new ChartPoint(0, 5, "Entry[System.Int32][] " + new string('x', 80)));
        chart.Series.Add(series);
        var empty = new ReportChart(ChartKind.Lines, "empty", "x", "y");
        empty.Series.Add(new ChartSeries("none", HtmlRenderer.Blue));
        var spikes = new ReportChart(ChartKind.Spikes, "spikes", "s", "ms");
        var spike = new ChartSeries("gen 2", HtmlRenderer.Vermillion);
        spike.Points.Add(new ChartPoint(0, 0));
        spike.Points.Add(new ChartPoint(1.5, 12));
        spikes.Series.Add(spike);
        doc.Add("section <1>").Paragraph("p & q").Table(new ReportTable("<a>", "b").Numeric(1).Row("<x>", "1")).Stack("stack <t>", ["A.B<T>"]).Chart(chart).Chart(empty).Chart(spikes);
        string html = HtmlRenderer.Render(doc);
        XDocument parsed = XDocument.Parse(html[html.IndexOf("<html", StringComparison.Ordinal)..]);
        XNamespace svg = "http://www.w3.org/2000/svg";
        Assert.Equal(2, parsed.Descendants(svg + "svg").Count()); // the empty chart is left out
        Assert.Contains("&lt;title&gt;", html, StringComparison.Ordinal);
    }

    [Fact]
    public void TerminalRenderer_DrawsTables_WithoutInterpretingMarkup()
    {
        var output = new StringWriter();
        var console = new ToolConsole(output, TextWriter.Null, isTerminal: true);
        var doc = new ReportDocument("t");
        doc.Add("[red]not markup[/]").Table(new ReportTable("Type", "MB").Numeric(1).Row("Entry[System.Int32][]", "1.0")).Stack("s", ["A[B].C"]);
        TerminalRenderer.Write(doc, console.CreateAnsiConsole());
        Assert.Contains("Entry[System.Int32][]", output.ToString(), StringComparison.Ordinal);
        Assert.Contains("[red]not markup[/]", output.ToString(), StringComparison.Ordinal);
    }
}
