using System.Collections.Immutable;
using System.Diagnostics;
using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Gen0.AnalyzerCorpus;

/// <summary>
/// Compiles one corpus project as its build would (net10.0 reference assemblies, its package references, the SDK's
/// System.Text.Json and logging source generators, its defines and implicit usings) and runs every Gen0 analyzer
/// over it. Method bodies that still have compile errors (a dependency not served here, a submodule not in the
/// snapshot) are skipped by the lifetime rules, so they only lower recall, never add findings.
/// </summary>
public sealed class CorpusCompiler(string extractedRoot, int repeat)
{
    private static readonly string[] s_net10Defines =
    [
        "NET", "NETCOREAPP", "RELEASE", "TRACE",
        "NET5_0_OR_GREATER", "NET6_0_OR_GREATER", "NET7_0_OR_GREATER", "NET8_0_OR_GREATER", "NET9_0_OR_GREATER", "NET10_0_OR_GREATER",
        "NETCOREAPP1_0_OR_GREATER", "NETCOREAPP1_1_OR_GREATER", "NETCOREAPP2_0_OR_GREATER", "NETCOREAPP2_1_OR_GREATER",
        "NETCOREAPP2_2_OR_GREATER", "NETCOREAPP3_0_OR_GREATER", "NETCOREAPP3_1_OR_GREATER",
    ];

    private static readonly string[] s_implicitUsings =
    [
        "System", "System.Collections.Generic", "System.IO", "System.Linq", "System.Net.Http", "System.Threading", "System.Threading.Tasks",
    ];

    private readonly Dictionary<string, Compilation> _compiled = new(StringComparer.Ordinal);

    public async Task<CorpusResult> RunAsync(CorpusProject project)
    {
        var parseOptions = new CSharpParseOptions(LanguageVersion.Preview, preprocessorSymbols: [.. s_net10Defines, .. project.Defines]);
        var trees = new List<SyntaxTree>();
        long lines = 0;
        string repositoryRoot = Path.Combine(extractedRoot, project.Repository);
        foreach (string folder in project.Folders)
        {
            string path = Path.Combine(repositoryRoot, folder);
            foreach (string file in Directory.EnumerateFiles(path, "*.cs", SearchOption.AllDirectories).Order(StringComparer.Ordinal))
            {
                string relative = Path.GetRelativePath(repositoryRoot, file).Replace('\\', '/');
                if (relative.Contains("/obj/", StringComparison.Ordinal) || relative.Contains("/bin/", StringComparison.Ordinal))
                {
                    continue;
                }

                string text = await File.ReadAllTextAsync(file);
                lines += text.Count(c => c == '\n');
                trees.Add(CSharpSyntaxTree.ParseText(text, parseOptions, relative));
            }
        }

        if (project.ImplicitUsings)
        {
            trees.Add(CSharpSyntaxTree.ParseText(string.Concat(s_implicitUsings.Select(u => $"global using global::{u};\n")), parseOptions, "ImplicitUsings.g.cs"));
        }

        List<MetadataReference> references = [.. Basic.Reference.Assemblies.Net100.References.All];
        foreach (string reference in project.References)
        {
            references.Add(MetadataReference.CreateFromFile(Path.Combine(AppContext.BaseDirectory, reference)));
        }

        foreach (string name in project.ProjectReferences)
        {
            references.Add(_compiled[name].ToMetadataReference());
        }

        Compilation compilation = CSharpCompilation.Create(
            project.Name,
            trees,
            references,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, allowUnsafe: true, nullableContextOptions: NullableContextOptions.Enable, optimizationLevel: OptimizationLevel.Release));
        GeneratorDriver driver = CSharpGeneratorDriver.Create(LoadGenerators(), parseOptions: parseOptions);
        driver.RunGeneratorsAndUpdateCompilation(compilation, out compilation, out _);
        _compiled[project.Name] = compilation;

        ImmutableArray<Diagnostic> errors = [.. compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error)];
        ImmutableArray<DiagnosticAnalyzer> analyzers = LoadAnalyzers();
        ImmutableArray<Diagnostic> findings = [];
        SortedDictionary<string, TimeSpan>? fastest = null;
        for (int run = 0; run < Math.Max(1, repeat); run++)
        {
            // Fresh analyzer instances and a fresh compilation state per run; the fastest run is kept (the first pays the JIT).
            var withAnalyzers = compilation.WithAnalyzers(
                analyzers,
                new CompilationWithAnalyzersOptions(new AnalyzerOptions([]), onAnalyzerException: null, concurrentAnalysis: false, logAnalyzerExecutionTime: true));
            findings = await withAnalyzers.GetAnalyzerDiagnosticsAsync();
            var perAnalyzer = new SortedDictionary<string, TimeSpan>(StringComparer.Ordinal);
            foreach (DiagnosticAnalyzer analyzer in analyzers)
            {
                perAnalyzer[analyzer.GetType().Name] = (await withAnalyzers.GetAnalyzerTelemetryInfoAsync(analyzer, CancellationToken.None)).ExecutionTime;
            }

            if (fastest is null || Sum(perAnalyzer) < Sum(fastest))
            {
                fastest = perAnalyzer;
            }

            compilation = compilation.RemoveAllSyntaxTrees().AddSyntaxTrees(compilation.SyntaxTrees);
        }

        return new CorpusResult(project, trees.Count, lines, errors, [.. findings.OrderBy(d => d.Location.SourceTree?.FilePath).ThenBy(d => d.Location.SourceSpan.Start)], fastest!);
    }

    private static TimeSpan Sum(IDictionary<string, TimeSpan> times) => times.Values.Aggregate(TimeSpan.Zero, (sum, time) => sum + time);

    private static ImmutableArray<DiagnosticAnalyzer> LoadAnalyzers() =>
    [
        .. typeof(Gen0.Analyzers.Gen0Diagnostics).Assembly.GetTypes()
            .Where(t => !t.IsAbstract && typeof(DiagnosticAnalyzer).IsAssignableFrom(t) && t.GetCustomAttribute<DiagnosticAnalyzerAttribute>() is not null)
            .Select(t => (DiagnosticAnalyzer)Activator.CreateInstance(t)!),
    ];

    /// <summary>The SDK's System.Text.Json and Regex generators and the logging generator the corpus uses ([JsonSerializable], [GeneratedRegex], [LoggerMessage]).</summary>
    private static IEnumerable<ISourceGenerator> LoadGenerators()
    {
        string runtime = Path.GetDirectoryName(typeof(object).Assembly.Location)!;
        string dotnetRoot = Path.GetFullPath(Path.Combine(runtime, "..", "..", ".."));
        string version = Path.GetFileName(runtime);
        string sdkGenerators = Path.Combine(dotnetRoot, "packs", "Microsoft.NETCore.App.Ref", version, "analyzers", "dotnet", "cs");
        var candidates = new List<string>
        {
            Path.Combine(sdkGenerators, "System.Text.Json.SourceGeneration.dll"),
            Path.Combine(sdkGenerators, "System.Text.RegularExpressions.Generator.dll"),
        };
        string packages = Environment.GetEnvironmentVariable("NUGET_PACKAGES") ?? Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".nuget", "packages");
        candidates.Add(Path.Combine(packages, "microsoft.extensions.logging.abstractions", "11.0.0", "analyzers", "dotnet", "roslyn4.4", "cs", "Microsoft.Extensions.Logging.Generators.dll"));
        foreach (string path in candidates.Where(File.Exists))
        {
            foreach (ISourceGenerator generator in new AnalyzerFileReference(path, new GeneratorLoader()).GetGenerators(LanguageNames.CSharp))
            {
                yield return generator;
            }
        }
    }
}
