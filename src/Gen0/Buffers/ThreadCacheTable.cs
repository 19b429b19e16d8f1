namespace Gen0.Buffers;

/// <summary>
/// The per-thread table of <see cref="ScalableArrayPool{T}"/> caches, indexed by a small id per live pool (recycled
/// when a pool is disposed or finalized). It is a non-generic type on purpose: the JIT inlines thread-static access
/// for non-generic types, while a thread static of a generic type costs a helper call on every rent and return.
/// </summary>
internal static class ThreadCacheTable
{
    private static readonly Stack<int> s_freeIds = new();
    private static int s_idCount;

    // The style guide's t_ prefix for thread statics; .editorconfig has no rule for it yet (reported to the lead).
#pragma warning disable IDE1006
    [ThreadStatic]
    private static object?[]? t_caches;
#pragma warning restore IDE1006

    /// <summary>Gets the calling thread's table, or <see langword="null"/> before its first cache.</summary>
    public static object?[]? Current => t_caches;

    /// <summary>Returns the calling thread's table, grown to hold <paramref name="id"/>.</summary>
    public static object?[] EnsureCurrent(int id)
    {
        object?[]? caches = t_caches;
        if (caches is null || caches.Length <= id)
        {
            Array.Resize(ref caches, Math.Max(id + 1, Math.Max(4, (caches?.Length ?? 0) * 2)));
            t_caches = caches;
        }

        return caches;
    }

    /// <summary>Hands out the smallest free id.</summary>
    public static int AllocateId()
    {
        lock (s_freeIds)
        {
            return s_freeIds.Count > 0 ? s_freeIds.Pop() : s_idCount++;
        }
    }

    /// <summary>Takes back an id whose pool is gone; threads' stale entries fail the new pool's token check.</summary>
    public static void ReleaseId(int id)
    {
        lock (s_freeIds)
        {
            s_freeIds.Push(id);
        }
    }
}
