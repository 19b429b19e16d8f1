using System.Diagnostics;
using System.Text.Json;

namespace Gen0.Tool.Tests;

/// <summary>
/// Attaching by process id to a running demo: <c>monitor</c> for two seconds, then <c>diagnose -p</c> in a child tool
/// process stopped by SIGINT (Ctrl+C), which must still write the (partial) report and exit 0.
/// </summary>
[Collection(DemoSessionsCollection.Name)]
public sealed class AttachTests
{
    [EventPipeFact]
    public void Monitor_AndDiagnoseStoppedByCtrlC_OnARunningProcess()
    {
        using ToolRun.ChildProcess demo = ToolRun.Start("dotnet", ToolRun.DemoPath, "--mode", "baseline", "--duration", "300", "--threads", "1");

        // Bounds that hold on a loaded machine (a cold start of a .NET process beside a full test run took over 30 s);
        // the demo runs long enough to outlive both attaches and is killed when the test ends.
        Assert.True(demo.WaitForError("running", TimeSpan.FromSeconds(120)), $"the demo did not start: {demo.Describe()}");
        int pid = demo.Process.Id;

        // monitor: one JSON object at the end, with every interval and the whole session; and the HTML page.
        string html = Path.Combine(Path.GetTempPath(), $"gen0-monitor-{Guid.NewGuid():N}.html");
        ToolRun monitor = ToolRun.InProcess("monitor", "-p", pid.ToString(System.Globalization.CultureInfo.InvariantCulture), "--duration", "2", "--interval", "1", "--json", "--html", html);
        Assert.True(monitor.ExitCode == 0, monitor.Error);
        JsonElement m = monitor.Json().RootElement;
        Assert.Equal("duration", m.GetProperty("ended").GetString());
        Assert.InRange(m.GetProperty("intervals").GetArrayLength(), 2, 3);
        JsonElement total = m.GetProperty("total");
        Assert.True(total.GetProperty("gen2").GetInt64() > 0, "the baseline runs gen 2s for its LOH garbage every few hundred milliseconds");
        Assert.True(total.GetProperty("pauseMs").GetDouble() > 0);
        Assert.True(total.GetProperty("lohBytes").GetInt64() > 0);
        Assert.InRange(total.GetProperty("memoryLoadPercent").GetInt32(), 1, 100);
        string page = File.ReadAllText(html);
        File.Delete(html);
        System.Xml.Linq.XDocument parsed = System.Xml.Linq.XDocument.Parse(page[page.IndexOf("<html", StringComparison.Ordinal)..]);
        Assert.Equal(2, parsed.Descendants(System.Xml.Linq.XName.Get("svg", "http://www.w3.org/2000/svg")).Count()); // pause % and LOH/POH over time

        if (OperatingSystem.IsWindows())
        {
            return; // SIGINT below is POSIX; the rest of the test ran
        }

        // diagnose -p for up to 60 s, stopped after a moment by SIGINT as a terminal's Ctrl+C would.
        using ToolRun.ChildProcess tool = ToolRun.Start("dotnet", ToolRun.ToolPath, "diagnose", "-p", pid.ToString(System.Globalization.CultureInfo.InvariantCulture), "--duration", "60", "--json");
        Assert.True(tool.WaitForError("Recording process", TimeSpan.FromSeconds(120)), $"diagnose did not start recording: {tool.Describe()}");
        Thread.Sleep(2_000);
        var clock = Stopwatch.StartNew();
        using (Process kill = Process.Start("kill", ["-INT", tool.Process.Id.ToString(System.Globalization.CultureInfo.InvariantCulture)]))
        {
            kill.WaitForExit(10_000);
        }

        int exitCode = tool.WaitForExit(TimeSpan.FromSeconds(60));
        Assert.True(exitCode == 0, tool.Describe());
        Assert.True(clock.Elapsed < TimeSpan.FromSeconds(40), $"stopping took {clock.Elapsed}");
        using JsonDocument report = JsonDocument.Parse(tool.Out);
        JsonElement source = report.RootElement.GetProperty("source");
        Assert.Equal("process", source.GetProperty("kind").GetString());
        Assert.Equal(pid, source.GetProperty("processId").GetInt32());
        Assert.True(source.GetProperty("partial").GetBoolean());
        Assert.Contains(report.RootElement.GetProperty("lohCulprits").EnumerateArray(),
            c => c.GetProperty("method").GetString() == "Gen0.Demo.Workload.BaselineRequestHandler.Handle");
        Assert.False(demo.Process.HasExited, "attaching must not stop the target");
    }
}
