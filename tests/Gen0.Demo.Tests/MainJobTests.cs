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
}
