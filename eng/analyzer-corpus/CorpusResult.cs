using System.Collections.Immutable;
using Microsoft.CodeAnalysis;

namespace Gen0.AnalyzerCorpus;

/// <summary>What one corpus project gave: its size, the compile errors left, the findings and the analyzers' own time.</summary>
public sealed record CorpusResult(
    CorpusProject Project,
    int Files,
    long Lines,
    ImmutableArray<Diagnostic> CompileErrors,
    ImmutableArray<Diagnostic> Findings,
    IReadOnlyDictionary<string, TimeSpan> AnalyzerTimes)
{
    /// <summary>The time of every analyzer together.</summary>
    public TimeSpan AnalyzerTime => AnalyzerTimes.Values.Aggregate(TimeSpan.Zero, (sum, time) => sum + time);
}
