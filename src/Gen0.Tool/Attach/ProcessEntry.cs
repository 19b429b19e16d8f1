namespace Gen0.Tool.Attach;

/// <summary>One attachable process.</summary>
internal sealed record ProcessEntry(int ProcessId, string Name, string CommandLine);
