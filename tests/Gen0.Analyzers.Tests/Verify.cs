using System.Collections.Immutable;
using Gen0.Collections;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp.Testing;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Testing;

namespace Gen0.Analyzers.Tests;

/// <summary>
/// Runs an analyzer (and optionally a code fix) over test sources compiled offline against the net10.0 reference
/// assemblies of Basic.Reference.Assemblies and the Gen0 assembly under test: nothing is downloaded.
/// </summary>
internal static class Verify
{
    private static readonly ImmutableArray<MetadataReference> s_references = Basic.Reference.Assemblies.Net100.References.All
        .Cast<MetadataReference>()
        .Append(MetadataReference.CreateFromFile(typeof(PooledList<>).Assembly.Location))
        .Append(MetadataReference.CreateFromFile(typeof(Microsoft.Extensions.ObjectPool.ObjectPool<>).Assembly.Location))
        .ToImmutableArray();

    /// <summary>Usings every test source starts with, so that cases stay short.</summary>
    public const string Usings = """
        using System;
        using System.Buffers;
        using System.Collections.Generic;
        using System.IO;
        using System.Threading.Tasks;
        using Gen0.Buffers;
        using Gen0.Collections;
        using Gen0.IO;
        using Gen0.Pools;
        using Gen0.Scopes;

        """;

    public static Task AnalyzerAsync<TAnalyzer>(string source, params DiagnosticResult[] expected)
        where TAnalyzer : DiagnosticAnalyzer, new() =>
        AnalyzerAsync<TAnalyzer>(source, extraReferences: [], expected);

    public static Task AnalyzerAsync<TAnalyzer>(string source, MetadataReference[] extraReferences, params DiagnosticResult[] expected)
        where TAnalyzer : DiagnosticAnalyzer, new()
    {
        var test = new CSharpAnalyzerTest<TAnalyzer, DefaultVerifier> { TestCode = Usings + source };
        Configure(test.TestState, extraReferences);
        test.ExpectedDiagnostics.AddRange(expected);
        return test.RunAsync();
    }

    public static Task CodeFixAsync<TAnalyzer, TCodeFix>(string source, string fixedSource, params DiagnosticResult[] expected)
        where TAnalyzer : DiagnosticAnalyzer, new()
        where TCodeFix : CodeFixProvider, new() =>
        CodeFixAsync<TAnalyzer, TCodeFix>(source, fixedSource, codeActionIndex: null, expected);

    public static Task CodeFixAsync<TAnalyzer, TCodeFix>(string source, string fixedSource, int? codeActionIndex, params DiagnosticResult[] expected)
        where TAnalyzer : DiagnosticAnalyzer, new()
        where TCodeFix : CodeFixProvider, new()
    {
        var test = new CSharpCodeFixTest<TAnalyzer, TCodeFix, DefaultVerifier>
        {
            TestCode = Usings + source,
            FixedCode = Usings + fixedSource,
            CodeActionIndex = codeActionIndex,
        };
        Configure(test.TestState, []);
        Configure(test.FixedState, []);
        test.ExpectedDiagnostics.AddRange(expected);
        return test.RunAsync();
    }

    /// <summary>A diagnostic of rule <paramref name="id"/> at its default severity (GEN0008 is a suggestion, the rest warnings).</summary>
    public static DiagnosticResult Diagnostic(string id) => new(id, DefaultSeverity(id));

    public static DiagnosticSeverity DefaultSeverity(string id) =>
        typeof(Gen0Diagnostics).GetFields()
            .Select(f => f.GetValue(null))
            .OfType<DiagnosticDescriptor>()
            .Single(d => d.Id == id)
            .DefaultSeverity;

    private static void Configure(SolutionState state, MetadataReference[] extraReferences)
    {
        state.ReferenceAssemblies = new ReferenceAssemblies("net10.0-offline");
        state.AdditionalReferences.AddRange(s_references);
        state.AdditionalReferences.AddRange(extraReferences);
        state.OutputKind = OutputKind.DynamicallyLinkedLibrary;
    }
}
