namespace Gen0.Packages.Tests;

/// <summary>The Gen0 package's netstandard2.0 asset in a net472 console, run on Mono (<see cref="ConsumerScenarios.Net472ConsoleAsync"/>).</summary>
public sealed class Net472ConsoleTests
{
    [MonoFact]
    public Task OnMono_RestoresBuildsWithoutWarningsRuns_AndTheAnalyzersReport() => ConsumerScenarios.Net472ConsoleAsync();
}
