namespace Gen0.Packages.Tests;

/// <summary>The Gen0 package in a net10.0 console (<see cref="ConsumerScenarios.ConsoleAsync"/>).</summary>
public sealed class Net10ConsoleTests
{
    [Fact]
    public Task RestoresBuildsWithoutWarningsRuns_AndTheAnalyzersReport() => ConsumerScenarios.ConsoleAsync("net10.0");
}
