using System.Diagnostics;
using System.Text.Json;
using System.Xml;
using System.Xml.Linq;
using Gen0.Demo.Reporting;
using Gen0.Demo.Running;

namespace Gen0.Demo.Tests;

public class ReportTests
{
    private static readonly string[] s_heapSeries = ["heap-gen0", "heap-gen1", "heap-gen2", "heap-loh", "heap-poh"];

    [Fact]
    public void Html_IsWellFormedWithBothModesChartsAndSeries()
    {
        Comparison comparison = Comparison.Of(Sample("baseline", gen2: 40, loh: 5_000_000_000), Sample("gen0", gen2: 2, loh: 1_000_000));
        XDocument page = ParseXhtml(HtmlReport.Render(comparison, new DemoOptions()));

        XNamespace svg = "http://www.w3.org/2000/svg";
        List<XElement> charts = page.Descendants(svg + "svg").ToList();
        Assert.Equal(4, charts.Count);
        XElement Heap(string mode) => charts.Single(c => (string?)c.Attribute("data-chart") == "heap" && (string?)c.Attribute("data-mode") == mode);
        foreach (string mode in new[] { "baseline", "gen0" })
        {
            XElement pauses = charts.Single(c => (string?)c.Attribute("data-chart") == "pauses" && (string?)c.Attribute("data-mode") == mode);
            XElement bars = pauses.Descendants(svg + "g").Single(g => (string?)g.Attribute("data-series") == "pauses");
            Assert.Equal(3, bars.Elements(svg + "rect").Count());
            Assert.Equal("3", (string?)bars.Attribute("data-points"));
            Assert.Equal(["gen 0", "gen 1", "gen 2 background", "gen 2 blocking"], Legend(pauses, svg));
            Assert.Equal(["gen 0", "gen 1", "gen 2", "LOH", "POH"], Legend(Heap(mode), svg));
            foreach (string series in s_heapSeries)
            {
                XElement line = Heap(mode).Descendants(svg + "polyline").Single(p => (string?)p.Attribute("data-series") == series);
                Assert.Equal(2, ((string)line.Attribute("points")!).Split(' ', StringSplitOptions.RemoveEmptyEntries).Length);
            }
        }

        Assert.Contains("met: gen 2 collections at least 10x fewer", page.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public void Html_EveryChartHasAxisTitlesWithUnits_AndNoTwoSeriesShareAColour()
    {
        Comparison comparison = Comparison.Of(Sample("baseline", 40, 5_000_000_000), Sample("gen0", 2, 1_000_000));
        XDocument page = ParseXhtml(HtmlReport.Render(comparison, new DemoOptions()));
        XNamespace svg = "http://www.w3.org/2000/svg";
        foreach (XElement chart in page.Descendants(svg + "svg"))
        {
            string[] titles = [.. chart.Descendants(svg + "text").Where(t => ((string?)t.Attribute("class"))?.Contains("axis-title", StringComparison.Ordinal) == true).Select(t => t.Value)];
            Assert.Equal(2, titles.Length);
            Assert.Contains(titles, t => t.EndsWith("(s)", StringComparison.Ordinal));
            Assert.Contains(titles, t => t.EndsWith("(ms)", StringComparison.Ordinal) || t.EndsWith("(MB)", StringComparison.Ordinal));
        }

        // The colours of every legend on the page: one per label, and no two labels share one (the old gen 2
        // background bar and POH line were two oranges).
        var colourOf = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (XElement item in page.Descendants(svg + "g").Where(g => (string?)g.Attribute("class") == "legend-item"))
        {
            string label = (string)item.Attribute("data-label")!;
            string colour = (string?)item.Elements().First().Attribute("fill") ?? (string)item.Elements().First().Attribute("stroke")!;
            Assert.True(!colourOf.TryGetValue(label, out string? seen) || seen == colour, $"{label} has two colours");
            colourOf[label] = colour;
        }

        Assert.Equal(colourOf.Count, colourOf.Values.Distinct(StringComparer.OrdinalIgnoreCase).Count());
    }

    private static string[] Legend(XElement chart, XNamespace svg) =>
        [.. chart.Descendants(svg + "g").Where(g => (string?)g.Attribute("class") == "legend-item").Select(g => (string)g.Attribute("data-label")!)];

    [Fact]
    public void Json_HasTheFieldsTheIssueNames()
    {
        Comparison comparison = Comparison.Of(Sample("baseline", 40, 5_000_000_000), Sample("gen0", 2, 1_000_000));
        using JsonDocument json = JsonDocument.Parse(JsonSerializer.Serialize(comparison, Workload.DemoJson.Options));
        Assert.True(json.RootElement.GetProperty("outputsIdentical").GetBoolean());
        foreach (string mode in new[] { "baseline", "gen0" })
        {
            JsonElement result = json.RootElement.GetProperty(mode);
            foreach (string field in RequiredFields)
            {
                Assert.True(result.TryGetProperty(field, out _), $"{mode}.{field} is missing");
            }
        }
    }

    [Fact]
    public void Targets_AreJudgedFromTheFigures()
    {
        IReadOnlyList<(string Name, bool Met, string Observed)> met = Targets.Check(Comparison.Of(Sample("baseline", 40, 5_000_000_000), Sample("gen0", 2, 1_000_000)));
        Assert.All(met, t => Assert.True(t.Met, t.Name));
        IReadOnlyList<(string Name, bool Met, string Observed)> missed = Targets.Check(Comparison.Of(Sample("baseline", 40, 5_000_000), Sample("gen0", 20, 1_000_000)));
        Assert.False(missed.Single(t => t.Name.StartsWith("gen 2", StringComparison.Ordinal)).Met);
        Assert.False(missed.Single(t => t.Name.StartsWith("LOH", StringComparison.Ordinal)).Met);
    }

    internal static IReadOnlyList<string> RequiredFields { get; } =
    [
        "requestsPerSecond", "meanLatencyMs", "p99LatencyMs", "maxLatencyMs", "allocatedBytesPerRequest", "gen0Collections",
        "gen1Collections", "gen2Collections", "blockingGen2Collections", "timeInGcPercent", "maxPauseMs", "lohAllocatedBytes",
        "peakWorkingSetBytes",
    ];

    private static XDocument ParseXhtml(string html)
    {
        using var reader = XmlReader.Create(new StringReader(html), new XmlReaderSettings { DtdProcessing = DtdProcessing.Ignore });
        return XDocument.Load(reader);
    }

    internal static ModeResult Sample(string mode, long gen2, long loh) => new()
    {
        Mode = mode,
        Threads = 2,
        Requests = 100,
        DurationSeconds = 10,
        RequestsPerSecond = mode == "gen0" ? 12 : 10,
        MeanLatencyMs = 5,
        P99LatencyMs = mode == "gen0" ? 9 : 20,
        MaxLatencyMs = 30,
        Gen2Collections = gen2,
        LohAllocatedBytes = loh,
        Pauses = [new(1, 2, 0, false, "AllocSmall"), new(2, 30, 2, false, "AllocLarge"), new(3, 4, 2, true, "AllocLarge")],
        HeapTimeline = [new(1, 1000, 2000, 3000, 4000, 10), new(2, 1500, 2500, 3500, 100, 10)],
        OutputDigests = [1, 2, 3],
    };
}
