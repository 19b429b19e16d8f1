namespace Gen0.WebDemo;

/// <summary>
/// What a server process reports about itself at <c>/stats</c>: the process (working set), the GC (collections,
/// allocations, and from the last collection's <see cref="GCMemoryInfo"/> the heap size, committed and fragmented
/// bytes) and the pool the pooled endpoint rents from (bytes it retains), so that a working-set difference between
/// the two endpoints can be traced to the GC heap, the pool, or neither (native memory, thread stacks).
/// <see cref="TransportPooledBytes"/> is what the transport's memory pool keeps for reuse: Kestrel's own pool through
/// its <c>aspnetcore.memory_pool.pooled</c> counter, Gen0's through the <c>gen0.buffers.retained</c> gauge of its array pool;
/// <see cref="TransportAllocatedBytes"/> what it has allocated since the server started (<c>aspnetcore.memory_pool.allocated</c>,
/// <c>gen0.buffers.allocated</c>).
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
    long PohBytes = 0,
    long TransportPooledBytes = 0,
    long TransportAllocatedBytes = 0);
