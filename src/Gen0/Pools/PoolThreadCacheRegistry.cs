using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Gen0.Pools;

/// <summary>
/// The per-thread tier of every <see cref="Pool{T}"/> instance: one <c>[ThreadStatic]</c> array, indexed by an
/// index each pool instance gets at construction and gives back at disposal.
/// </summary>
/// <remarks>
/// <c>[ThreadStatic]</c> only works for static fields, and on a generic type instantiated over reference types it
/// costs a generic-dictionary lookup on every access; so the array lives on this non-generic class (one inlined
/// TLS access) and each element pairs the owning pool's unique id with its cache. A pool reads its element,
/// checks the id (an index reused by a newer pool, or a stale cache, never matches) and reinterprets the cache
/// without a type check, which is safe because only the pool with that id stores there.
/// </remarks>
internal static class PoolThreadCacheRegistry
{
#pragma warning disable IDE1006 // t_ prefix for thread-statics, as in dotnet/runtime.
    [ThreadStatic]
    internal static Entry[]? t_entries;
#pragma warning restore IDE1006

    private static readonly object s_lock = new();
    private static readonly Stack<int> s_freeIndices = new();
    private static int s_nextIndex;
    private static long s_nextPoolId;

    public static long NewPoolId() => Interlocked.Increment(ref s_nextPoolId);

    public static int AllocateIndex()
    {
        lock (s_lock)
        {
            return s_freeIndices.Count > 0 ? s_freeIndices.Pop() : s_nextIndex++;
        }
    }

    public static void FreeIndex(int index)
    {
        lock (s_lock)
        {
            s_freeIndices.Push(index);
        }
    }

    /// <summary>Stores a new cache for the current thread, growing its array as needed.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void Set(int index, long poolId, object cache)
    {
        Entry[]? entries = t_entries;
        if (entries is null || entries.Length <= index)
        {
            // Exactly up to this pool's index on a thread's first pool (a short-lived thread often uses one), doubling after.
            Array.Resize(ref entries, entries is null ? index + 1 : Math.Max(index + 1, entries.Length * 2));
            t_entries = entries;
        }

        entries[index] = new Entry(poolId, cache);
    }

    [StructLayout(LayoutKind.Auto)]
    internal readonly struct Entry(long poolId, object cache)
    {
        public readonly long PoolId = poolId;
        public readonly object Cache = cache;
    }
}
