using System.Text.RegularExpressions;

namespace Gen0.Packages.Tests;

/// <summary>
/// A project outside the repository that takes Gen0 by <c>PackageReference</c> from the packed folder (a
/// <c>nuget.config</c> beside it adds the folder to the machine's sources): builds it with warnings as errors, and once
/// more with a file of deliberate misuse to see the Gen0 analyzers report.
/// </summary>
internal sealed partial class Consumer : IDisposable
{
    /// <summary>Code every Gen0 analyzer-carrying consumer gets as Misuse.cs: an induced GC and a large array allocation.</summary>
    public const string MisuseCode = """
        internal static class Misuse
        {
            public static int Run()
            {
                System.GC.Collect();                 // GEN0007: induced GC
                byte[] large = new byte[200_000];    // GEN0001: a large object heap allocation
                return large.Length;
            }
        }
        """;

    private readonly string _root;

    private Consumer(string root, string directory, string name)
    {
        _root = root;
        Directory = directory;
        Name = name;
    }

    /// <summary>Gets the project's folder.</summary>
    public string Directory { get; }

    /// <summary>Gets the project's name.</summary>
    public string Name { get; }

    /// <summary>Creates a consumer folder with a <c>nuget.config</c> that adds the packed folder as a source.</summary>
    public static Consumer Create(PackedGen0 packages, string name)
    {
        string root = System.IO.Directory.CreateTempSubdirectory($"gen0-consumer-{name}-").FullName;
        string directory = Path.Combine(root, name);
        System.IO.Directory.CreateDirectory(directory);

        // No <clear/>: the machine's own sources still serve Gen0's dependencies (System.Memory, ...).
        File.WriteAllText(Path.Combine(root, "nuget.config"), $"""
            <?xml version="1.0" encoding="utf-8"?>
            <configuration>
              <packageSources>
                <add key="gen0-packed" value="{packages.Directory}" />
              </packageSources>
            </configuration>
            """);

        // Outside every Directory.Build.props and global.json of the repository, as a user's project is.
        File.WriteAllText(Path.Combine(root, "Directory.Build.props"), "<Project />");
        File.WriteAllText(Path.Combine(root, "Directory.Build.targets"), "<Project />");
        return new Consumer(root, directory, name);
    }

    /// <summary>Writes a file of the project.</summary>
    public void Write(string file, string text) => File.WriteAllText(Path.Combine(Directory, file), text);

    /// <summary>Adds PackageReferences to the project file (and a switch that compiles Misuse.cs only when asked).</summary>
    public void AddPackageReferences(params (string Id, string Version)[] packages)
    {
        string project = Path.Combine(Directory, Name + ".csproj");
        string text = File.ReadAllText(project);
        string references = string.Concat(packages.Select(p => $"    <PackageReference Include=\"{p.Id}\" Version=\"{p.Version}\" />\n"));
        text = text.Replace("</Project>", $"""
              <ItemGroup>
            {references}  </ItemGroup>
              <ItemGroup Condition="'$(Gen0Misuse)' != 'true'">
                <Compile Remove="Misuse.cs" />
              </ItemGroup>
            </Project>
            """, StringComparison.Ordinal);
        File.WriteAllText(project, text);
    }

    /// <summary>Restores and builds with warnings as errors, and asserts that no warning was reported.</summary>
    public async Task BuildWithoutWarningsAsync()
    {
        string output = await Dotnet.RunCheckedAsync(Directory, "build", "-c", "Release", "-warnaserror", "-nodeReuse:false");
        Assert.True(ZeroWarnings().IsMatch(output), $"{Name} built with warnings:\n{output}");
    }

    /// <summary>Builds once more with Misuse.cs and returns the Gen0 diagnostics the build reported.</summary>
    public async Task<IReadOnlySet<string>> AnalyzerDiagnosticsAsync()
    {
        Write("Misuse.cs", MisuseCode);
        string output = await Dotnet.RunCheckedAsync(Directory, "build", "-c", "Release", "--no-restore", "-nodeReuse:false", "-p:Gen0Misuse=true");
        return Gen0Diagnostic().Matches(output).Select(m => m.Value).ToHashSet();
    }

    public void Dispose()
    {
        try
        {
            System.IO.Directory.Delete(_root, recursive: true);
        }
        catch (IOException)
        {
            // A build node may hold a file for a moment; the temporary folder is cleaned by the OS.
        }
    }

    [GeneratedRegex(@"\b0 Warning\(s\)")]
    private static partial Regex ZeroWarnings();

    [GeneratedRegex(@"\bGEN\d{4}\b")]
    private static partial Regex Gen0Diagnostic();
}
