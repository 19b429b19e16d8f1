namespace Gen0.Docs.Tests;

/// <summary>Finds the repository (the directory holding <c>Gen0.slnx</c>) above the test's output directory.</summary>
public static class RepositoryRoot
{
    private static readonly Lazy<string> s_path = new(Find);

    /// <summary>The repository root.</summary>
    public static string Path => s_path.Value;

    private static string Find()
    {
        for (DirectoryInfo? directory = new(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(System.IO.Path.Combine(directory.FullName, "Gen0.slnx")))
            {
                return directory.FullName;
            }
        }

        throw new InvalidOperationException($"No Gen0.slnx above {AppContext.BaseDirectory}: run the tests from the repository.");
    }
}
