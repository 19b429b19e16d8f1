using System.Text.Json;
using Gen0.Demo.Reporting;
using Gen0.Demo.Running;
using Gen0.WebDemo;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Playwright;
using Xunit.Abstractions;

namespace Gen0.Demo.Tests;

/// <summary>
/// Issue 17: the demo's HTML report opened in a real headless Chromium: no console error, every chart has its
/// legend and axis titles, and every series drew as many data points as it holds, with a visible extent.
/// </summary>
[Collection(ChromiumCollection.Name)]
public class BrowserChartTests(ChromiumFixture chromium, ITestOutputHelper output)
{
    /// <summary>What the page's own DOM says about one chart after rendering.</summary>
    public sealed record RenderedChart(string Chart, string Mode, string[] Legend, string[] AxisTitles, RenderedSeries[] Series);

    public sealed record RenderedSeries(string Name, int Expected, int Drawn, double Width, double Height);

    private const string MeasureCharts = """
        () => JSON.stringify([...document.querySelectorAll('svg.chart')].map(svg => ({
            chart: svg.dataset.chart,
            mode: svg.dataset.mode,
            legend: [...svg.querySelectorAll('.legend-item')].map(g => g.dataset.label),
            axisTitles: [...svg.querySelectorAll('.axis-title')].map(t => t.textContent),
            series: [...svg.querySelectorAll('.series')].map(s => {
                const box = s.getBBox();
                return {
                    name: s.dataset.series,
                    expected: Number(s.dataset.points),
                    drawn: s.tagName === 'polyline' ? s.points.numberOfItems : s.querySelectorAll('rect').length,
                    width: box.width,
                    height: box.height,
                };
            }),
        })))
        """;

    [Fact]
    public async Task DemoReport_RendersEveryChart_WithLegendAxesAndPoints_AndNoConsoleError()
    {
        if (NoBrowser())
        {
            return;
        }

        Comparison comparison = Comparison.Of(ReportTests.Sample("baseline", 40, 5_000_000_000), ReportTests.Sample("gen0", 2, 1_000_000));
        string path = Path.Combine(Path.GetTempPath(), $"gen0-report-{Guid.NewGuid():N}.html");
        await File.WriteAllTextAsync(path, HtmlReport.Render(comparison, new DemoOptions()));
        try
        {
            (RenderedChart[] charts, List<string> errors) = await RenderAsync(new Uri(path).AbsoluteUri);
            Assert.Empty(errors);
            Assert.Equal(4, charts.Length);
            foreach (RenderedChart chart in charts)
            {
                Assert.NotEmpty(chart.Legend);
                Assert.Contains(chart.AxisTitles, t => t.EndsWith("(s)", StringComparison.Ordinal));
                Assert.Contains(chart.AxisTitles, t => t.EndsWith(chart.Chart == "heap" ? "(MB)" : "(ms)", StringComparison.Ordinal));
                Assert.NotEmpty(chart.Series);
                Assert.All(chart.Series, s =>
                {
                    Assert.True(s.Expected > 0, $"{chart.Mode}/{s.Name} holds no data");
                    Assert.Equal(s.Expected, s.Drawn);
                    Assert.True(s.Width > 0 || s.Height > 0, $"{chart.Mode}/{s.Name} drew nothing visible");
                });
            }
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public async Task GcPage_RendersBothCharts_WithLegendAxesAndBars_AndNoConsoleError()
    {
        if (NoBrowser())
        {
            return;
        }

        await using WebApplication app = DemoServer.Build("pooled");
        await app.StartAsync();
        string address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
        (RenderedChart[] charts, List<string> errors) = await RenderAsync(address + "/gc?format=html");
        await app.StopAsync();

        Assert.Empty(errors);
        Assert.Equal(["heap", "pauses"], charts.Select(c => c.Chart));
        RenderedChart heap = charts[0];
        Assert.Equal(["gen 0", "gen 1", "gen 2", "LOH", "POH"], heap.Legend);
        Assert.Contains("size (MB)", heap.AxisTitles);
        Assert.Equal(["p50", "p99", "max"], charts[1].Legend);
        Assert.Contains("pause (ms)", charts[1].AxisTitles);
        Assert.All(charts, chart => Assert.All(chart.Series, s =>
        {
            Assert.Equal(s.Expected, s.Drawn);
            Assert.True(s.Width > 0 && s.Height > 0, $"{chart.Chart} drew nothing visible");
        }));
    }

    [Fact]
    public async Task ConsoleErrors_AreCaught()
    {
        if (NoBrowser())
        {
            return;
        }

        // The control for the test above: a page that logs an error must show up in the error list.
        string path = Path.Combine(Path.GetTempPath(), $"gen0-error-{Guid.NewGuid():N}.html");
        await File.WriteAllTextAsync(path, "<!DOCTYPE html><html><body><script>console.error('boom'); undefinedFunction();</script></body></html>");
        try
        {
            (_, List<string> errors) = await RenderAsync(new Uri(path).AbsoluteUri);
            Assert.Equal(2, errors.Count);
        }
        finally
        {
            File.Delete(path);
        }
    }

    /// <summary>True (the test returns) only where the machine opted out of browsers; a missing browser otherwise fails.</summary>
    private bool NoBrowser()
    {
        if (chromium.Browser is not null)
        {
            return false;
        }

        Assert.True(ChromiumFixture.OptedOut, chromium.Unavailable);
        output.WriteLine("Skipped (GEN0_NO_BROWSER=1): " + chromium.Unavailable);
        return true;
    }

    internal async Task<(RenderedChart[] Charts, List<string> Errors)> RenderAsync(string url)
    {
        IPage page = await chromium.Browser!.NewPageAsync(new BrowserNewPageOptions { ViewportSize = new ViewportSize { Width = 1040, Height = 1400 } });
        var errors = new List<string>();
        page.Console += (_, message) =>
        {
            if (message.Type == "error")
            {
                lock (errors)
                {
                    errors.Add(message.Text);
                }
            }
        };
        page.PageError += (_, error) =>
        {
            lock (errors)
            {
                errors.Add(error);
            }
        };
        try
        {
            await page.GotoAsync(url, new PageGotoOptions { WaitUntil = WaitUntilState.Load, Timeout = 30_000 });
            string json = await page.EvaluateAsync<string>(MeasureCharts);
            RenderedChart[] charts = JsonSerializer.Deserialize<RenderedChart[]>(json, JsonSerializerOptions.Web) ?? [];
            return (charts, errors);
        }
        finally
        {
            await page.CloseAsync();
        }
    }
}
