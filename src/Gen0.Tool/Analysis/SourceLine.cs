namespace Gen0.Tool.Analysis;

/// <summary>
/// Where an application frame is in the source (from the JIT's IL-to-native map and the module's PDB), and the text of
/// that line when the file is on this machine.
/// </summary>
internal sealed record SourceLine(string File, int Line, string? Text)
{
    public override string ToString() => $"{Path.GetFileName(File)}:{Line}";
}
