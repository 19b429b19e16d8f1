namespace Gen0.AnalyzerCorpus;

/// <summary>One assembly of the corpus: which folders of which snapshot, compiled how.</summary>
/// <param name="Name">The assembly name (internals are shared with the later projects that reference it).</param>
/// <param name="Repository">The snapshot folder name, <c>owner+name</c>, as the <c>fetch</c> tool names it.</param>
/// <param name="Commit">The commit the verdicts in docs/analyzers.md were made on.</param>
/// <param name="Folders">Source folders, relative to the repository root.</param>
/// <param name="Defines">Preprocessor symbols besides the net10.0 ones (the project's own DefineConstants).</param>
/// <param name="ImplicitUsings">Whether the project turns on the SDK's implicit global usings.</param>
/// <param name="References">Package assemblies (file names in the harness's output) the project needs.</param>
/// <param name="ProjectReferences">Earlier projects of the corpus that this one references.</param>
public sealed record CorpusProject(
    string Name,
    string Repository,
    string Commit,
    string[] Folders,
    string[] Defines,
    bool ImplicitUsings,
    string[] References,
    string[] ProjectReferences);
