using Microsoft.Diagnostics.Symbols;
using Microsoft.Diagnostics.Tracing.Etlx;

namespace Gen0.Tool.Analysis;

/// <summary>
/// Resolves code addresses to source lines (TraceEvent's symbol reader: the IL-to-native maps in the trace and the
/// portable PDBs next to the modules), and reads the line's text when the file exists here. Cached per code address and
/// per file; bounded so that a trace of a huge process cannot make it read without end.
/// </summary>
internal sealed class SourceLines : IDisposable
{
    private const int MaxCachedFiles = 256;
    private const long MaxFileBytes = 4 * 1024 * 1024;

    private readonly SymbolReader _symbols = new(TextWriter.Null, "") { SecurityCheck = static _ => true };
    private readonly Dictionary<CodeAddressIndex, SourceLine?> _byAddress = [];
    private readonly Dictionary<string, string[]?> _files = new(StringComparer.Ordinal);

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
                line = new SourceLine(file, location.LineNumber, Text(file, location.LineNumber));
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

    private string? Text(string file, int line)
    {
        if (!_files.TryGetValue(file, out string[]? lines))
        {
            lines = null;
            try
            {
                if (_files.Count < MaxCachedFiles && File.Exists(file) && new FileInfo(file).Length <= MaxFileBytes)
                {
                    lines = File.ReadAllLines(file);
                }
            }
            catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
            {
            }

            _files[file] = lines;
        }

        return lines is not null && line <= lines.Length ? lines[line - 1].Trim() : null;
    }
}
