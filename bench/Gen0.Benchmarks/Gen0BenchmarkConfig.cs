using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Reports;

namespace Gen0.Benchmarks;

/// <summary>
/// The configuration every Gen0 benchmark runs under: allocations and collections measured, ratios against the
/// baseline shown, and results exported as GitHub Markdown and JSON under BenchmarkDotNet.Artifacts/results.
/// </summary>
public sealed class Gen0BenchmarkConfig : ManualConfig
{
    public Gen0BenchmarkConfig()
    {
        Add(DefaultConfig.Instance);
        AddDiagnoser(MemoryDiagnoser.Default);
        AddExporter(JsonExporter.Full); // GitHub Markdown comes with the default config.
        AddColumn(RankColumn.Arabic);
        WithSummaryStyle(SummaryStyle.Default.WithRatioStyle(RatioStyle.Trend));
        // One summary per class: a joined summary would compute ratios against another class's baseline.
        WithOptions(ConfigOptions.DisableLogFile);

        // A loaded 2-core machine can take longer than the default 2 minutes to build a benchmark project.
        WithBuildTimeout(TimeSpan.FromMinutes(10));
    }
}
