using System.Text.Json;

namespace Gen0.Demo.Tests;

[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class MainJobCollection
{
    public const string Name = "Main job (child processes)";
}

[Collection(MainJobCollection.Name)]
public class MainJobTests
{
    [Fact]
    public void ShortRun_PrintsOneJsonObject_WithIdenticalOutputsAndAnHtmlReport()
    {
        string html = Path.Combine(Path.GetTempPath(), $"gen0-demo-{Guid.NewGuid():N}.html");
        try
        {
            (int exitCode, string output) = DemoProcess.Run("--duration", "1", "--threads", "1", "--json", "--html", html);
            Assert.True(exitCode == 0, output);
            string json = output[output.IndexOf('{', StringComparison.Ordinal)..output.LastIndexOf('}')] + "}";
            using JsonDocument document = JsonDocument.Parse(json);
            Assert.True(document.RootElement.GetProperty("outputsIdentical").GetBoolean());
            foreach (string mode in new[] { "baseline", "gen0" })
            {
                JsonElement result = document.RootElement.GetProperty(mode);
                foreach (string field in ReportTests.RequiredFields)
                {
                    Assert.True(result.TryGetProperty(field, out _), $"{mode}.{field} is missing");
                }

                Assert.True(result.GetProperty("requestsPerSecond").GetDouble() > 0);
            }

            Assert.Contains("data-chart=\"heap\"", File.ReadAllText(html), StringComparison.Ordinal);
        }
        finally
        {
            File.Delete(html);
        }
    }

    [Fact]
    public void JsonRun_StandardOutputIsOnlyJson_AndNoProgressIsWritten()
    {
        (int exitCode, string stdout, string stderr) = DemoProcess.RunSeparately("--duration", "1", "--threads", "1", "--json");
        Assert.True(exitCode == 0, stderr);
        using JsonDocument document = JsonDocument.Parse(stdout); // the whole output, nothing before or after
        Assert.True(document.RootElement.GetProperty("outputsIdentical").GetBoolean());
        Assert.Empty(stderr);
    }

    [Fact]
    public void RedirectedRun_PrintsOneLinePerPhase_NoCarriageReturns()
    {
        (int exitCode, string stdout, string stderr) = DemoProcess.RunSeparately("--duration", "1", "--threads", "1");
        Assert.True(exitCode == 0, stderr);
        Assert.DoesNotContain('\r', stderr);
        string[] lines = stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.StartsWith("Gen0 demo: running each mode", lines[0], StringComparison.Ordinal);
        foreach (string mode in new[] { "baseline", "gen0" })
        {
            Assert.Single(lines, l => l.StartsWith($"[{mode}] warming up", StringComparison.Ordinal));
            Assert.Single(lines, l => l.StartsWith($"[{mode}] running", StringComparison.Ordinal));
            Assert.Single(lines, l => l.StartsWith($"[{mode}] done: ", StringComparison.Ordinal));
        }

        Assert.Equal(7, lines.Length);
        Assert.Contains("requests/s", stdout, StringComparison.Ordinal);
        Assert.Contains("Targets", stdout, StringComparison.Ordinal);
    }
}
