namespace Gen0.WebDemo;

/// <summary>What a server process reports about itself at <c>/stats</c>.</summary>
public sealed record ServerStats(
    long PeakWorkingSetBytes,
    long WorkingSetBytes,
    int Gen0Collections,
    int Gen1Collections,
    int Gen2Collections,
    long AllocatedBytes,
    bool ServerGc);
