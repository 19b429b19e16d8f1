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
        foreach (string mode in new[] { "baseline", "gen0" })
        {
            XElement pauses = charts.Single(c => (string?)c.Attribute("data-chart") == "pauses" && (string?)c.Attribute("data-mode") == mode);
            Assert.Equal(3, pauses.Descendants(svg + "rect").Count());
            XElement heap = charts.Single(c => (string?)c.Attribute("data-chart") == "heap" && (string?)c.Attribute("data-mode") == mode);
            foreach (string series in s_heapSeries)
            {
                XElement line = heap.Descendants(svg + "polyline").Single(p => (string?)p.Attribute("data-series") == series);
                Assert.Equal(2, ((string)line.Attribute("points")!).Split(' ', StringSplitOptions.RemoveEmptyEntries).Length);
            }
        }

        Assert.Contains("met: gen 2 collections at least 10x fewer", page.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public void Html_RendersInHeadlessChromium_WhereInstalled()
    {
        string? chromium = new[] { "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome" }.FirstOrDefault(File.Exists);
        Comparison comparison = Comparison.Of(Sample("baseline", 40, 5_000_000_000), Sample("gen0", 2, 1_000_000));
        string html = HtmlReport.Render(comparison, new DemoOptions());
        if (chromium is null)
        {
            // No browser on this machine: the well-formedness test above is the check.
            Assert.NotNull(ParseXhtml(html).Root);
            return;
        }

        string path = Path.Combine(Path.GetTempPath(), $"gen0-report-{Guid.NewGuid():N}.html");
        File.WriteAllText(path, html);
        try
        {
            var start = new ProcessStartInfo(chromium) { RedirectStandardOutput = true, RedirectStandardError = true };
            foreach (string arg in new[] { "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", $"--user-data-dir={Path.Combine(Path.GetTempPath(), "gen0-chromium-" + Guid.NewGuid().ToString("N"))}", "--dump-dom", new Uri(path).AbsoluteUri })
            {
                start.ArgumentList.Add(arg);
            }

            using Process browser = Process.Start(start)!;
            Task<string> errors = browser.StandardError.ReadToEndAsync();
            string dom = browser.StandardOutput.ReadToEnd();
            Assert.True(browser.WaitForExit(TimeSpan.FromSeconds(60)), "chromium did not finish");
            Assert.Contains("data-series=\"heap-loh\"", dom, StringComparison.Ordinal);
            Assert.Contains("data-chart=\"pauses\"", dom, StringComparison.Ordinal);
            GC.KeepAlive(errors);
        }
        finally
        {
            File.Delete(path);
        }
    }

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

    private static ModeResult Sample(string mode, long gen2, long loh) => new()
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
