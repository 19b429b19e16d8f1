namespace Gen0.Packages.Tests;

/// <summary>The Gen0.AspNetCore package in a <c>dotnet new web</c> app (<see cref="ConsumerScenarios.NewWebAppAsync"/>).</summary>
public sealed class NewWebAppTests
{
    [Fact]
    public Task RestoresBuildsWithoutWarningsServesGc_AndTheAnalyzersReport() => ConsumerScenarios.NewWebAppAsync();
}
