using System.Text.Json;
using System.Xml.Linq;

namespace Gen0.Tool.Tests;

/// <summary>
/// The tool against a real process: the demo's baseline allocates on the LOH through a HashSet, a List, a
/// MemoryStream, ToArray and Convert.ToBase64String in BaselineRequestHandler.Handle; the report must name those
/// types (as the demo's own GcEventRecorder does), that method, and the remedies; the gen0 mode must show the LOH near
/// zero.
/// </summary>
[Collection(DemoSessionsCollection.Name)]
public sealed class DemoDiagnosisTests(DemoSessions sessions)
{
    private const string Handler = "Gen0.Demo.Workload.BaselineRequestHandler.Handle";

    [EventPipeFact]
    public void Baseline_ReportNamesTheLohTypesTheDemoItselfRecorded()
    {
        DemoSessions.Session s = sessions.Baseline!;
        Assert.True(s.Run.ExitCode == 0, s.Run.Error);
        JsonElement report = s.Report;
        string[] reported = [.. report.GetProperty("lohTypes").EnumerateArray().Select(t => t.GetProperty("typeName").GetString()!)];
        IReadOnlyDictionary<string, long> demo = s.DemoLohTypes;
        long demoTotal = demo.Values.Sum();
        Assert.True(demoTotal > 0, "the demo's recorder saw no LOH allocation");
        foreach ((string type, long bytes) in demo.Where(t => t.Value >= demoTotal / 20))
        {
            Assert.Contains(type, reported); // every type with 5 % or more of the demo's own LOH bytes
        }

        Assert.Contains("System.Byte[]", reported);
        Assert.Contains("System.String", reported);
        Assert.Equal("command", report.GetProperty("source").GetProperty("kind").GetString());
        Assert.Equal(0, report.GetProperty("source").GetProperty("exitCode").GetInt32());
        Assert.False(report.GetProperty("source").GetProperty("partial").GetBoolean());
    }

    [EventPipeFact]
    public void Baseline_CulpritsAreTheHandlerWithTheirCallStacksAndRemedies()
    {
        JsonElement[] culprits = [.. sessions.Baseline!.Report.GetProperty("lohCulprits").EnumerateArray()];
        JsonElement[] handler = [.. culprits.Where(c => c.GetProperty("method").GetString() == Handler)];
        Assert.NotEmpty(handler);

        // The handler makes most of the LOH garbage (the rest is the data set built once at start-up).
        double handlerShare = handler.Sum(c => c.GetProperty("share").GetDouble());
        Assert.True(handlerShare > 0.8, $"the handler's share is {handlerShare:P0}");

        // Each line of the handler that allocates on the LOH, with the remedy for what it calls; the line's text comes from
        // the PDB and the source beside it, and names the BCL call where the JIT inlined it (ToBase64String, GetBytes, ToArray).
        var found = handler.Select(c => (
            Type: c.GetProperty("typeName").GetString()!,
            Remedy: c.GetProperty("remedy").GetProperty("id").GetString()!,
            Text: c.GetProperty("sourceText").GetString() ?? "")).ToList();
        Assert.All(handler, c => Assert.EndsWith("BaselineRequestHandler.cs", c.GetProperty("sourceFile").GetString(), StringComparison.Ordinal));
        Assert.Contains(found, f => f is { Type: "Entry[System.Int32][]", Remedy: "hashset-growth" } && f.Text.Contains("UnionWith", StringComparison.Ordinal));
        Assert.Contains(found, f => f is { Type: "System.Byte[]", Remedy: "memorystream-growth" } && f.Text.Contains("JsonSerializer.Serialize(buffer", StringComparison.Ordinal));
        Assert.Contains(found, f => f is { Type: "System.Byte[]", Remedy: "memorystream-toarray" } && f.Text.Contains("buffer.ToArray()", StringComparison.Ordinal));
        Assert.Contains(found, f => f is { Type: "System.String", Remedy: "base64" } && f.Text.Contains("Convert.ToBase64String", StringComparison.Ordinal));
        Assert.Contains(found, f => f is { Type: "System.Byte[]", Remedy: "encoding-getbytes" } && f.Text.Contains("GetBytes", StringComparison.Ordinal));
        Assert.Contains(found, f => f is { Type: "System.Int32[]", Remedy: "list-growth" } && f.Text.Contains("new List<int>(visible)", StringComparison.Ordinal));
        Assert.Contains(found, f => f is { Type: "System.Int32[]", Remedy: "temporary-copy" } && f.Text.Contains("ids.ToArray()", StringComparison.Ordinal));

        JsonElement stream = handler.First(c => c.GetProperty("remedy").GetProperty("id").GetString() == "memorystream-growth");
        Assert.Equal("PooledMemoryStream", stream.GetProperty("remedy").GetProperty("gen0Type").GetString());
        string[] stack = [.. stream.GetProperty("stack").EnumerateArray().Select(f => f.GetString()!)];
        Assert.StartsWith("System.IO.MemoryStream.", stack[0], StringComparison.Ordinal);
        Assert.Contains(Handler, stack);
        Assert.StartsWith("System.IO.MemoryStream.", stream.GetProperty("allocator").GetString(), StringComparison.Ordinal);
    }

    [EventPipeFact]
    public void Baseline_Gen2ReasonsAndTheGcCollectCaller()
    {
        JsonElement report = sessions.Baseline!.Report;
        JsonElement gc = report.GetProperty("gc");
        Assert.True(gc.GetProperty("gen2Collections").GetInt64() > 0);
        Assert.True(gc.GetProperty("lohAllocatedBytes").GetInt64() > gc.GetProperty("allocatedBytes").GetInt64() / 2, "the baseline's garbage is mostly on the LOH");
        string[] reasons = [.. report.GetProperty("gen2").GetProperty("byReason").EnumerateArray().Select(r => r.GetProperty("reason").GetString()!)];
        Assert.Contains("AllocLarge", reasons);

        // ModeRunner.Run calls GC.Collect twice after the warm-up: the runtime's GC/Triggered stack names it.
        Assert.Equal(2, gc.GetProperty("inducedCollections").GetInt64());
        JsonElement caller = Assert.Single(report.GetProperty("inducedCallers").EnumerateArray());
        Assert.Equal("Gen0.Demo.Running.ModeRunner.Run", caller.GetProperty("method").GetString());
        Assert.Contains("System.GC.Collect", caller.GetProperty("stack").EnumerateArray().Select(f => f.GetString()));
        Assert.StartsWith("ModeRunner.cs:", caller.GetProperty("source").GetString(), StringComparison.Ordinal);
        Assert.Contains(report.GetProperty("gen2").GetProperty("collections").EnumerateArray(), c => c.GetProperty("inducedBy").GetString() == "Gen0.Demo.Running.ModeRunner.Run");
    }

    [EventPipeFact]
    public void Gen0Mode_ShowsTheLohNearZero()
    {
        DemoSessions.Session gen0 = sessions.Gen0!;
        DemoSessions.Session baseline = sessions.Baseline!;
        Assert.True(gen0.Run.ExitCode == 0, gen0.Run.Error);

        // Per request, so that the two modes' different request rates and the fixed start-up cost (the data set, the
        // pools' first arrays) do not decide: the gen0 handler's LOH bytes per request are a small fraction of the baseline's.
        double gen0PerRequest = HandlerLohBytes(gen0, "Gen0.Demo.Workload.Gen0RequestHandler.Handle") / (double)gen0.DemoRequests;
        double baselinePerRequest = HandlerLohBytes(baseline, Handler) / (double)baseline.DemoRequests;
        Assert.True(baselinePerRequest > 1_000_000, $"the baseline allocates {baselinePerRequest:N0} LOH bytes per request");
        Assert.True(gen0PerRequest < baselinePerRequest / 20, $"gen0: {gen0PerRequest:N0} LOH bytes per request, baseline {baselinePerRequest:N0}");
        Assert.DoesNotContain(gen0.Report.GetProperty("lohCulprits").EnumerateArray(), c => c.GetProperty("method").GetString() == Handler);
    }

    private static long HandlerLohBytes(DemoSessions.Session session, string method) =>
        session.Report.GetProperty("lohCulprits").EnumerateArray()
            .Where(c => c.GetProperty("method").GetString() == method)
            .Sum(c => c.GetProperty("sampledBytes").GetInt64());

    [EventPipeFact]
    public void HtmlReport_IsWellFormed_WithChartsAndLegends()
    {
        string html = File.ReadAllText(sessions.Baseline!.HtmlPath);
        XDocument document = XDocument.Parse(html[html.IndexOf("<html", StringComparison.Ordinal)..]);
        XNamespace x = "http://www.w3.org/1999/xhtml";
        XNamespace svg = "http://www.w3.org/2000/svg";
        Assert.NotEmpty(document.Descendants(x + "table"));
        XElement[] charts = [.. document.Descendants(svg + "svg")];
        Assert.True(charts.Length >= 2, "LOH by type and the gen 2 pause timeline");
        foreach (XElement chart in charts)
        {
            Assert.Contains(chart.Descendants(svg + "text"), t => (string?)t.Attribute("class") == "legend");
            Assert.Contains(chart.Descendants(svg + "text"), t => (string?)t.Attribute("class") == "chart-title");
        }

        Assert.Contains("PooledMemoryStream", html, StringComparison.Ordinal);
        Assert.DoesNotContain("<script", html, StringComparison.OrdinalIgnoreCase);
    }

    [EventPipeFact]
    public void RecordedTrace_ReadsBackWithTheSameCulprits_AsPlainTextWhenRedirected()
    {
        ToolRun again = ToolRun.InProcess("diagnose", "--trace", sessions.Baseline!.TracePath);
        Assert.True(again.ExitCode == 0, again.Error);
        Assert.Contains("BaselineRequestHandler.Handle", again.Out, StringComparison.Ordinal);
        Assert.Contains("PooledMemoryStream", again.Out, StringComparison.Ordinal);
        Assert.DoesNotContain('\u2502', again.Out); // no box drawing when redirected
        Assert.DoesNotContain('\u001b', again.Out); // no colour codes
    }

    [EventPipeFact]
    public void TruncatedTrace_StillReportsWhatItHolds_ButExitsWithTheTraceError()
    {
        string truncated = Path.Combine(sessions.Folder, "truncated.nettrace");
        byte[] whole = File.ReadAllBytes(sessions.Baseline!.TracePath);
        File.WriteAllBytes(truncated, whole[..(whole.Length / 2)]);
        ToolRun run = ToolRun.InProcess("diagnose", "--trace", truncated, "--json");
        run.AssertOneLineError(ExitCodes.BadTrace);
        Assert.Contains("truncated", run.Error, StringComparison.Ordinal);
        JsonElement source = run.Json().RootElement.GetProperty("source");
        Assert.True(source.GetProperty("truncated").GetBoolean());
    }
}
