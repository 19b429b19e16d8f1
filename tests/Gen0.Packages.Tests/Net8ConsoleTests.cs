namespace Gen0.Packages.Tests;

/// <summary>The Gen0 package in a net8.0 console, the oldest .NET target it ships (<see cref="ConsumerScenarios.ConsoleAsync"/>).</summary>
public sealed class Net8ConsoleTests
{
    [Fact]
    public Task RestoresBuildsWithoutWarningsRuns_AndTheAnalyzersReport() => ConsumerScenarios.ConsoleAsync("net8.0");
}
