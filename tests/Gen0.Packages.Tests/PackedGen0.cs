using Gen0.Docs.Tests;

namespace Gen0.Packages.Tests;

/// <summary>
/// The Gen0 packages of this working tree, packed once per test run into a folder of their own, under a version no
/// earlier run used (so that no package cached by NuGet from an earlier run is restored instead); the consumers add the
/// folder as a package source. The packages are removed from NuGet's global folder again when the run ends.
/// </summary>
internal sealed class PackedGen0
{
    private static readonly Lazy<Task<PackedGen0>> s_instance = new(PackAsync);

    private PackedGen0(string directory, string version, IReadOnlyList<string> packages)
    {
        Directory = directory;
        Version = version;
        Packages = packages;
    }

    /// <summary>Gets the folder the packages are in.</summary>
    public string Directory { get; }

    /// <summary>Gets the version they were packed with.</summary>
    public string Version { get; }

    /// <summary>Gets the package ids.</summary>
    public IReadOnlyList<string> Packages { get; }

    /// <summary>Packs (once) and returns the packages.</summary>
    public static Task<PackedGen0> GetAsync() => s_instance.Value;

    /// <summary>Gets the projects under src/ that produce a package, as <c>dotnet pack</c> sees them.</summary>
    public static async Task<IReadOnlyList<string>> PackableProjectsAsync()
    {
        var packable = new List<string>();
        foreach (string project in System.IO.Directory.EnumerateFiles(Path.Combine(RepositoryRoot.Path, "src"), "*.csproj", SearchOption.AllDirectories).Order(StringComparer.Ordinal))
        {
            (int exitCode, string output) = await Dotnet.RunAsync(RepositoryRoot.Path, "msbuild", project, "-getProperty:IsPackable");
            Assert.True(exitCode == 0, output);
            if (output.Trim().Equals("true", StringComparison.OrdinalIgnoreCase))
            {
                packable.Add(project);
            }
        }

        return packable;
    }

    private static async Task<PackedGen0> PackAsync()
    {
        ForgetStaleRuns();
        string version = $"0.1.0-e2e.{DateTime.UtcNow:yyyyMMddHHmmss}.{Environment.ProcessId}";
        string directory = System.IO.Directory.CreateTempSubdirectory("gen0-packages-").FullName;
        var ids = new List<string>();
        foreach (string project in await PackableProjectsAsync())
        {
            string[] pack = ["pack", project, "-c", "Release", "-o", directory, $"-p:PackageVersion={version}", "-nodeReuse:false"];
            (int exitCode, string output) = await Dotnet.RunAsync(RepositoryRoot.Path, [.. pack, "--no-build"]);
            if (exitCode != 0)
            {
                // Not built yet (a project this test does not reference): pack builds it.
                (exitCode, output) = await Dotnet.RunAsync(RepositoryRoot.Path, pack);
            }

            Assert.True(exitCode == 0, $"dotnet pack {project} failed:\n{output}");
            ids.Add(Path.GetFileNameWithoutExtension(project));
        }

        foreach (string id in ids)
        {
            Assert.True(File.Exists(Path.Combine(directory, $"{id}.{version}.nupkg")), $"{id}.{version}.nupkg was not produced");
        }

        AppDomain.CurrentDomain.ProcessExit += (_, _) => Forget(directory, version, ids);
        return new PackedGen0(directory, version, ids);
    }

    private static string GlobalPackages => Environment.GetEnvironmentVariable("NUGET_PACKAGES") is { Length: > 0 } configured
        ? configured
        : Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".nuget", "packages");

    // What a run killed before its exit handler left behind: test versions and packed folders over two hours old.
    private static void ForgetStaleRuns()
    {
        DateTime cutoff = DateTime.UtcNow.AddHours(-2);
        IEnumerable<string> stale = System.IO.Directory.Exists(GlobalPackages)
            ? System.IO.Directory.EnumerateDirectories(GlobalPackages, "gen0*").SelectMany(id => System.IO.Directory.EnumerateDirectories(id, "*-e2e.*"))
            : [];
        stale = stale.Concat(System.IO.Directory.EnumerateDirectories(Path.GetTempPath(), "gen0-packages-*"));
        Delete(stale.Where(path => System.IO.Directory.GetLastWriteTimeUtc(path) < cutoff));
    }

    // The test's packages leave NuGet's global folder (and the temporary folder) with the test run.
    private static void Forget(string directory, string version, IEnumerable<string> ids) =>
        Delete(ids.Select(id => Path.Combine(GlobalPackages, id.ToLowerInvariant(), version)).Append(directory));

    private static void Delete(IEnumerable<string> paths)
    {
        foreach (string path in paths)
        {
            try
            {
                if (System.IO.Directory.Exists(path))
                {
                    System.IO.Directory.Delete(path, recursive: true);
                }
            }
            catch (IOException)
            {
                // Best effort: a temporary folder is cleaned by the OS, a cached test version is never restored again.
            }
            catch (UnauthorizedAccessException)
            {
            }
        }
    }
}
