using Gen0.AnalyzerCorpus;
using Microsoft.CodeAnalysis;

// Usage: dotnet run --project eng/analyzer-corpus -c Release -- <folder with one extracted snapshot per owner+name>
// (eng/analyzer-corpus.sh extracts the snapshots and runs this).
if (args.Length != 1 || !Directory.Exists(args[0]))
{
    Console.Error.WriteLine("usage: AnalyzerCorpus <extracted-snapshots-folder>");
    return 2;
}

// GEN0_CORPUS_REPEAT=N analyses each project N times and keeps the fastest run (for the build-time row).
int repeat = int.TryParse(Environment.GetEnvironmentVariable("GEN0_CORPUS_REPEAT"), out int times) ? times : 1;
var compiler = new CorpusCompiler(args[0], repeat);
var total = TimeSpan.Zero;
long totalLines = 0;
var byRule = new SortedDictionary<string, int>(StringComparer.Ordinal);
var byAnalyzer = new SortedDictionary<string, TimeSpan>(StringComparer.Ordinal);
foreach (CorpusProject project in CorpusCatalog.Projects)
{
    if (!Directory.Exists(Path.Combine(args[0], project.Repository)))
    {
        Console.WriteLine($"# {project.Name}: snapshot {project.Repository} not extracted, skipped");
        continue;
    }

    CorpusResult result = await compiler.RunAsync(project);
    total += result.AnalyzerTime;
    foreach (KeyValuePair<string, TimeSpan> time in result.AnalyzerTimes)
    {
        byAnalyzer[time.Key] = byAnalyzer.GetValueOrDefault(time.Key) + time.Value;
    }

    totalLines += result.Lines;
    var erroneousFiles = result.CompileErrors.Select(e => e.Location.SourceTree?.FilePath).Distinct().Count();
    Console.WriteLine($"# {project.Name} @ {project.Commit[..12]}: {result.Files} files, {result.Lines:N0} lines, "
        + $"{result.CompileErrors.Length} compile errors in {erroneousFiles} files, analyzers {result.AnalyzerTime.TotalMilliseconds:N0} ms");
    foreach (IGrouping<string, Diagnostic> group in result.CompileErrors.GroupBy(e => e.Id).OrderByDescending(g => g.Count()).Take(3))
    {
        Console.WriteLine($"#   {group.Count()} x {group.Key}: {group.First().GetMessage()}");
    }

    foreach (Diagnostic finding in result.Findings)
    {
        FileLinePositionSpan span = finding.Location.GetLineSpan();
        byRule[$"{finding.Id} {finding.Severity}"] = byRule.GetValueOrDefault($"{finding.Id} {finding.Severity}") + 1;
        Console.WriteLine($"{project.Name}\t{span.Path}:{span.StartLinePosition.Line + 1}\t{finding.Id}\t{finding.Severity}\t{finding.GetMessage()}");
    }
}

Console.WriteLine($"# total: {totalLines:N0} lines, analyzer time {total.TotalMilliseconds:N0} ms ({(totalLines == 0 ? 0 : total.TotalSeconds * 10_000 / totalLines):N3} s per 10k lines; single-threaded, measure on a quiet machine)");
foreach (KeyValuePair<string, TimeSpan> time in byAnalyzer)
{
    Console.WriteLine($"# {time.Key}: {time.Value.TotalMilliseconds:N0} ms");
}

foreach (KeyValuePair<string, int> rule in byRule)
{
    Console.WriteLine($"# {rule.Key}: {rule.Value}");
}

return 0;
