using Microsoft.Diagnostics.Symbols;
using Microsoft.Diagnostics.Tracing.Etlx;

namespace Gen0.Tool.Analysis;

/// <summary>
/// Resolves code addresses to source lines (TraceEvent's symbol reader: the IL-to-native maps in the trace and the
/// portable PDBs next to the modules), and reads the line's text when the file exists here. Cached per code address and
/// per file; bounded so that a trace of a huge process cannot make it read without end.
/// </summary>
/// <remarks>
/// A deterministic build (<c>ContinuousIntegrationBuild</c>, as CI servers make) records paths such as
/// <c>/_/src/App/Handler.cs</c> in its PDBs, and a build on another machine records that machine's paths. When the recorded
/// path does not exist here, the file is looked for under the current directory and each of its parents, by the recorded
/// path's trailing segments (longest first), so that running the tool from anywhere in a clone of the sources finds them.
/// </remarks>
internal sealed class SourceLines : IDisposable
{
    private const int MaxCachedFiles = 256;
    private const long MaxFileBytes = 4 * 1024 * 1024;
    private const int MaxRootDepth = 8;
    private const int MaxTrailingSegments = 8;

    private readonly SymbolReader _symbols = new(TextWriter.Null, "") { SecurityCheck = static _ => true };
    private readonly Dictionary<CodeAddressIndex, SourceLine?> _byAddress = [];
    private readonly Dictionary<string, (string? Path, string[]? Lines)> _files = new(StringComparer.Ordinal);
    private string[]? _roots;

    public SourceLine? Resolve(TraceCodeAddress address)
    {
        if (_byAddress.TryGetValue(address.CodeAddressIndex, out SourceLine? cached))
        {
            return cached;
        }

        SourceLine? line = null;
        try
        {
            SourceLocation? location = address.GetSourceLine(_symbols);
            if (location?.SourceFile?.BuildTimeFilePath is { Length: > 0 } file && location.LineNumber > 0)
            {
                (string? local, string[]? lines) = Read(file);
                int number = location.LineNumber;
                line = new SourceLine(local ?? file, number, lines is not null && number <= lines.Length ? lines[number - 1].Trim() : null);
            }
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException or InvalidOperationException or BadImageFormatException or ArgumentException or NotSupportedException)
        {
            // No PDB, a PDB of another build, or an unreadable one: the method name is still there.
        }

        _byAddress[address.CodeAddressIndex] = line;
        return line;
    }

    public void Dispose() => _symbols.Dispose();

    private (string? Path, string[]? Lines) Read(string file)
    {
        if (_files.TryGetValue(file, out (string? Path, string[]? Lines) cached))
        {
            return cached;
        }

        (string? Path, string[]? Lines) read = (null, null);
        if (_files.Count < MaxCachedFiles)
        {
            try
            {
                if (Locate(file, _roots ??= Roots()) is { } local && new FileInfo(local).Length <= MaxFileBytes)
                {
                    read = (local, File.ReadAllLines(local));
                }
            }
            catch (Exception ex) when (ex is IOException or UnauthorizedAccessException or ArgumentException or NotSupportedException)
            {
            }
        }

        _files[file] = read;
        return read;
    }

    /// <summary>The file here that <paramref name="file"/> (a path recorded at build time) names, or null.</summary>
    internal static string? Locate(string file, IReadOnlyList<string> roots)
    {
        if (File.Exists(file))
        {
            return file;
        }

        string[] segments = file.Split(['/', '\\'], StringSplitOptions.RemoveEmptyEntries);
        int longest = Math.Min(segments.Length, MaxTrailingSegments);
        for (int count = longest; count >= 2; count--) // one segment, a bare file name, would match any file of that name
        {
            string relative = Path.Combine(segments[^count..]);
            foreach (string root in roots)
            {
                string candidate = Path.Combine(root, relative);
                if (File.Exists(candidate))
                {
                    return candidate;
                }
            }
        }

        return null;
    }

    private static string[] Roots()
    {
        var roots = new List<string>();
        for (DirectoryInfo? dir = new(Environment.CurrentDirectory); dir is not null && roots.Count < MaxRootDepth; dir = dir.Parent)
        {
            roots.Add(dir.FullName);
        }

        return [.. roots];
    }
}
