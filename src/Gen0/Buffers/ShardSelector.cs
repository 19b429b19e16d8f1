namespace Gen0.Buffers;

/// <summary>
/// The processor id that picks a thread's shard in <see cref="ScalableArrayPool{T}"/>: the core the thread runs on,
/// or, for tests and benchmarks that lay out 16 or 64 shards on a 2-core machine, an id set for the calling thread.
/// </summary>
/// <remarks>
/// Read only on slow paths (a class empty or full), never on a hit. Non-generic, so the thread static is one inlined
/// access rather than a generic-dictionary lookup.
/// </remarks>
internal static class ShardSelector
{
    // 0: no override; otherwise the processor id plus one. The style guide's t_ prefix for thread statics.
#pragma warning disable IDE1006
    [ThreadStatic]
    private static int t_processorIdPlusOne;
#pragma warning restore IDE1006

    /// <summary>Gets the calling thread's processor id: its override if a test set one, else the current core's.</summary>
    public static int CurrentProcessorId()
    {
        int overridden = t_processorIdPlusOne;
        return overridden != 0 ? overridden - 1 : Thread.GetCurrentProcessorId();
    }

    /// <summary>Makes the calling thread use <paramref name="processorId"/> to pick shards, or its core again for <see langword="null"/>.</summary>
    /// <param name="processorId">The id to use (0 or more), or <see langword="null"/>.</param>
    public static void OverrideForCurrentThread(int? processorId) =>
        t_processorIdPlusOne = processorId is { } id ? checked(id + 1) : 0;
}
