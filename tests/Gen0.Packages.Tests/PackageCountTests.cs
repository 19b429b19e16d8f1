namespace Gen0.Packages.Tests;

/// <summary>What <c>.ci/run</c> counts: one package per packable project under src/, and nothing else packed.</summary>
public sealed class PackageCountTests
{
    [Fact]
    public async Task EveryPackableProjectUnderSrc_ProducesItsPackage()
    {
        PackedGen0 packages = await PackedGen0.GetAsync();
        IReadOnlyList<string> packable = await PackedGen0.PackableProjectsAsync();
        Assert.Equal(packable.Select(Path.GetFileNameWithoutExtension).Order(StringComparer.Ordinal), packages.Packages.Order(StringComparer.Ordinal));
        Assert.Contains("Gen0", packages.Packages);
        Assert.DoesNotContain("Gen0.Analyzers", packages.Packages);
        Assert.Equal(packable.Count, Directory.EnumerateFiles(packages.Directory, "*.nupkg").Count(f => !f.EndsWith(".symbols.nupkg", StringComparison.Ordinal)));
    }
}
