namespace Gen0.WebDemo;

/// <summary>
/// What a server process reports about itself at <c>/stats</c>: the process (working set), the GC (collections,
/// allocations, and from the last collection's <see cref="GCMemoryInfo"/> the heap size, committed and fragmented
/// bytes) and the pool the pooled endpoint rents from (bytes it retains), so that a working-set difference between
/// the two endpoints can be traced to the GC heap, the pool, or neither (native memory, thread stacks).
/// </summary>
public sealed record ServerStats(
    long PeakWorkingSetBytes,
    long WorkingSetBytes,
    int Gen0Collections,
    int Gen1Collections,
    int Gen2Collections,
    long AllocatedBytes,
    bool ServerGc,
    long GcHeapBytes = 0,
    long GcCommittedBytes = 0,
    long GcFragmentedBytes = 0,
    long PoolRetainedBytes = 0,
    int Threads = 0,
    long LohBytes = 0,
    long PohBytes = 0);
