using System.Diagnostics;
using System.Text.Json;

namespace Gen0.Tool.Tests;

[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class DemoSessionsCollection : ICollectionFixture<DemoSessions>
{
    public const string Name = "Demo sessions (child processes, EventPipe)";
}

/// <summary>
/// The expensive part, done once for the collection: dotnet-gen0 diagnoses samples/Gen0.Demo started as a command in its
/// baseline and in its gen0 mode (3 s each, 2 request threads), and the demo writes its own in-process result (its
/// GcEventRecorder's LOH bytes by type) beside. Each run is bounded by the tool's own --duration.
/// </summary>
public sealed class DemoSessions : IDisposable
{
    public const string DemoSeconds = "3";

    private readonly string _folder = Path.Combine(Path.GetTempPath(), $"gen0-tool-tests-{Environment.ProcessId}-{Guid.NewGuid():N}");

    public DemoSessions()
    {
        Directory.CreateDirectory(_folder);
        if (EventPipeFactAttribute.Unavailable is not null)
        {
            return;
        }

        var clock = Stopwatch.StartNew();
        Baseline = Run("baseline");
        Gen0 = Run("gen0");
        Elapsed = clock.Elapsed;
    }

    public Session? Baseline { get; }

    public Session? Gen0 { get; }

    public TimeSpan Elapsed { get; }

    public string Folder => _folder;

    public void Dispose()
    {
        try
        {
            Directory.Delete(_folder, recursive: true);
        }
        catch (IOException)
        {
        }
    }

    private Session Run(string mode)
    {
        string result = Path.Combine(_folder, $"{mode}-demo.json");
        string html = Path.Combine(_folder, $"{mode}.html");
        string trace = Path.Combine(_folder, $"{mode}.nettrace");
        ToolRun run = ToolRun.InProcess(
            "diagnose", "--json", "--html", html, "--output-trace", trace, "--duration", "60",
            "--", "dotnet", ToolRun.DemoPath, "--mode", mode, "--duration", DemoSeconds, "--threads", "2", "--result", result);
        return new Session(mode, run, result, html, trace);
    }

    public sealed record Session(string Mode, ToolRun Run, string DemoResultPath, string HtmlPath, string TracePath)
    {
        public JsonElement Report => JsonDocument.Parse(Run.Out).RootElement;

        /// <summary>The requests the demo served in its measured phase.</summary>
        public long DemoRequests
        {
            get
            {
                using JsonDocument demo = JsonDocument.Parse(File.ReadAllText(DemoResultPath));
                return demo.RootElement.GetProperty("requests").GetInt64();
            }
        }

        /// <summary>What the demo's own in-process GcEventRecorder counted: LOH bytes per type.</summary>
        public IReadOnlyDictionary<string, long> DemoLohTypes
        {
            get
            {
                using JsonDocument demo = JsonDocument.Parse(File.ReadAllText(DemoResultPath));
                return demo.RootElement.GetProperty("topLohTypes").EnumerateArray()
                    .ToDictionary(t => t.GetProperty("type").GetString()!, t => t.GetProperty("bytes").GetInt64());
            }
        }
    }
}
