using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Gen0.Analyzers;

/// <summary>
/// Decides whether a compilation is a test project, where inducing a GC or building a pool per test is legitimate:
/// the MSBuild property <c>IsTestProject=true</c> when the project makes it visible to analyzers
/// (<c>&lt;CompilerVisibleProperty Include="IsTestProject" /&gt;</c>), or a reference to xunit, NUnit, MSTest or
/// TUnit. The editorconfig key <c>gen0.test_project = true|false</c> overrides both.
/// </summary>
internal static class TestProjects
{
    public static bool IsTestProject(Compilation compilation, AnalyzerOptions options)
    {
        AnalyzerConfigOptions global = options.AnalyzerConfigOptionsProvider.GlobalOptions;
        if (global.TryGetValue("gen0.test_project", out string? explicitValue) && bool.TryParse(explicitValue, out bool explicitFlag))
        {
            return explicitFlag;
        }

        if (global.TryGetValue("build_property.IsTestProject", out string? property) && bool.TryParse(property, out bool isTest) && isTest)
        {
            return true;
        }

        foreach (AssemblyIdentity reference in compilation.ReferencedAssemblyNames)
        {
            switch (reference.Name)
            {
                case "xunit.core" or "xunit.v3.core" or "xunit.assert" or "nunit.framework" or "Microsoft.VisualStudio.TestPlatform.TestFramework"
                    or "MSTest.TestFramework" or "TUnit.Core":
                    return true;
            }
        }

        return false;
    }
}
