namespace Gen0.MemoryLimit.Tests;

/// <summary>How a workload under a memory limit ended.</summary>
public enum WorkloadOutcome
{
    /// <summary>It finished: the working set fit beside what the pool kept.</summary>
    Survived,

    /// <summary>It caught an <see cref="OutOfMemoryException"/>.</summary>
    OutOfMemory,

    /// <summary>The runtime ended it (an out-of-memory the program could not catch, or a crash).</summary>
    Aborted,

    /// <summary>It did not finish in time and was killed.</summary>
    Hung,
}
