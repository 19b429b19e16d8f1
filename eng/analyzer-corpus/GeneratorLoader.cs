using System.Reflection;
using Microsoft.CodeAnalysis;

namespace Gen0.AnalyzerCorpus;

/// <summary>Loads a source generator assembly into the default context (it binds to this process's Roslyn).</summary>
public sealed class GeneratorLoader : IAnalyzerAssemblyLoader
{
    public void AddDependencyLocation(string fullPath)
    {
    }

    public Assembly LoadFromPath(string fullPath) => Assembly.LoadFrom(fullPath);
}
