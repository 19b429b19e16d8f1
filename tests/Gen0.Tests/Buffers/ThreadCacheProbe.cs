using System.Collections;
using System.Reflection;
using Gen0.Buffers;

namespace Gen0.Tests.Buffers;

/// <summary>
/// Reaches into a <see cref="ScalableArrayPool{T}"/>'s private thread caches, for tests that must put an owner in a
/// precise state of the owner/trimmer handshake (docs/architecture.md, "Pools: a thread cache's states"): which cache a thread
/// has, and the flags a trimmer sets on it. Each cache object is also the lock the trimmer and its owner share.
/// </summary>
internal static class ThreadCacheProbe
{
    /// <summary>The pool's only thread cache (the test made sure one thread used it).</summary>
    public static object Single<T>(ScalableArrayPool<T> pool)
    {
        var caches = (IList)typeof(ScalableArrayPool<T>).GetField("_caches", BindingFlags.NonPublic | BindingFlags.Instance)!.GetValue(pool)!;
        lock (caches)
        {
            Assert.True(caches.Count == 1, $"{caches.Count} threads have a cache of this pool; the test expected one.");
            return caches[0]!;
        }
    }

    /// <summary>Sets the flag a trimmer leaves after it emptied slots while the owner was busy: the owner's next full return takes the cache's lock.</summary>
    public static void RequestRelease(object cache) => Field(cache, "ReleaseRequested").SetValue(cache, true);

    /// <summary>Whether the owner is inside a lock-free section, as a trimmer reads it.</summary>
    public static bool IsBusy(object cache) => (bool)Field(cache, "Busy").GetValue(cache)!;

    private static FieldInfo Field(object cache, string name) =>
        cache.GetType().GetField(name, BindingFlags.Public | BindingFlags.Instance)
        ?? throw new InvalidOperationException($"The thread cache has no field '{name}'.");
}
