using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Gen0.Docs.Tests;

/// <summary>
/// Compiles a snippet as a user who pastes it would: into a <c>dotnet new console</c> project, or a
/// <c>dotnet new web</c> project when it uses <c>WebApplication</c>, with that template's implicit usings, nullable
/// on, the latest C#, and references to the .NET and ASP.NET Core shared frameworks, the Gen0 assemblies and the
/// OpenTelemetry packages docs/diagnostics.md tells users to add. A snippet
/// with top-level statements compiles as a program, any other as a library.
/// </summary>
public static class SnippetCompiler
{
    /// <summary>The implicit usings of <c>Microsoft.NET.Sdk</c> (what <c>dotnet new console</c> gets).</summary>
    public static readonly ImmutableArray<string> ConsoleUsings =
    [
        "System", "System.Collections.Generic", "System.IO", "System.Linq", "System.Net.Http", "System.Threading", "System.Threading.Tasks",
    ];

    /// <summary>The implicit usings of <c>Microsoft.NET.Sdk.Web</c> (what <c>dotnet new web</c> gets).</summary>
    public static readonly ImmutableArray<string> WebUsings =
    [
        .. ConsoleUsings,
        "System.Net.Http.Json", "Microsoft.AspNetCore.Builder", "Microsoft.AspNetCore.Hosting", "Microsoft.AspNetCore.Http",
        "Microsoft.AspNetCore.Routing", "Microsoft.Extensions.Configuration", "Microsoft.Extensions.DependencyInjection",
        "Microsoft.Extensions.Hosting", "Microsoft.Extensions.Logging",
    ];

    private static readonly Lazy<ImmutableArray<MetadataReference>> s_references = new(LoadReferences);

    /// <summary>Whether the snippet is for a web project (it builds a <c>WebApplication</c>).</summary>
    public static bool IsWeb(string code) => code.Contains("WebApplication", StringComparison.Ordinal);

    /// <summary>Compiles <paramref name="code"/>; returns the compilation (call <c>GetDiagnostics</c> or <c>Emit</c>).</summary>
    public static CSharpCompilation Compile(string code, string assemblyName = "Snippet")
    {
        ArgumentNullException.ThrowIfNull(code);
        var parseOptions = new CSharpParseOptions(LanguageVersion.Latest);
        SyntaxTree snippet = CSharpSyntaxTree.ParseText(code, parseOptions, path: "Snippet.cs");
        bool isProgram = snippet.GetCompilationUnitRoot().Members.Any(m => m is GlobalStatementSyntax);
        ImmutableArray<string> usings = IsWeb(code) ? WebUsings : ConsoleUsings;
        SyntaxTree globalUsings = CSharpSyntaxTree.ParseText(string.Concat(usings.Select(u => $"global using global::{u};\n")), parseOptions, path: "GlobalUsings.g.cs");
        var options = new CSharpCompilationOptions(
            isProgram ? OutputKind.ConsoleApplication : OutputKind.DynamicallyLinkedLibrary,
            nullableContextOptions: NullableContextOptions.Enable);
        return CSharpCompilation.Create(assemblyName, [globalUsings, snippet], s_references.Value, options);
    }

    /// <summary>The errors of <paramref name="compilation"/>, one per line, with the snippet's line numbers.</summary>
    public static IReadOnlyList<string> Errors(Compilation compilation) =>
        [.. compilation.GetDiagnostics()
            .Where(d => d.Severity == DiagnosticSeverity.Error)
            .Select(d => $"line {d.Location.GetLineSpan().StartLinePosition.Line + 1}: {d.Id} {d.GetMessage(System.Globalization.CultureInfo.InvariantCulture)}")];

    /// <summary>The shared frameworks' assemblies this process runs on, plus the Gen0 assemblies next to the tests.</summary>
    private static ImmutableArray<MetadataReference> LoadReferences()
    {
        string trusted = (string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!;
        string separator = Path.DirectorySeparatorChar.ToString();
        string[] frameworks = [$"{separator}Microsoft.NETCore.App{separator}", $"{separator}Microsoft.AspNetCore.App{separator}"];
        IEnumerable<string> framework = trusted.Split(Path.PathSeparator)
            .Where(p => frameworks.Any(f => p.Contains(f, StringComparison.Ordinal)));
        IEnumerable<string> gen0 = Directory.EnumerateFiles(AppContext.BaseDirectory, "Gen0*.dll")
            .Where(p => !Path.GetFileName(p).Contains(".Tests", StringComparison.Ordinal));
        IEnumerable<string> documentedPackages = Directory.EnumerateFiles(AppContext.BaseDirectory, "OpenTelemetry*.dll");
        return [.. framework.Concat(gen0).Concat(documentedPackages).Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))];
    }
}
