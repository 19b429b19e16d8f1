using System.Diagnostics;

namespace Gen0.Diagnostics.Tests.Infrastructure;

/// <summary>
/// Waits, with a bound, for the runtime's GC events to reach an in-process listener: they arrive on a dispatch thread
/// some time after the listener enables them, and a test that collects before then sees nothing. Instead of sleeping
/// and hoping, the wait allocates short-lived garbage (so the GCs it causes are not induced and change no induced count)
/// until the listener has seen a collection.
/// </summary>
internal static class RuntimeEvents
{
    /// <summary>The bound of every wait for an event.</summary>
    public static readonly TimeSpan Timeout = TimeSpan.FromSeconds(10);

    /// <summary>Waits until <paramref name="collectionsSeen"/> grows, allocating to cause ordinary (not induced) gen 0 GCs.</summary>
    /// <param name="collectionsSeen">The number of collections the listener has seen.</param>
    public static void WaitUntilDelivered(Func<long> collectionsSeen)
    {
        long before = collectionsSeen();
        var stopwatch = Stopwatch.StartNew();
        object? sink = null;
        while (collectionsSeen() == before)
        {
            if (stopwatch.Elapsed > Timeout)
            {
                throw new TimeoutException($"The runtime's GC events did not reach the listener within {Timeout.TotalSeconds:0} s.");
            }

            for (int i = 0; i < 1_000; i++)
            {
                sink = new byte[1_000];
            }

            Thread.Yield();
        }

        GC.KeepAlive(sink);
    }

    /// <summary>Waits until <paramref name="condition"/> holds, polling; <see langword="false"/> after <see cref="Timeout"/>.</summary>
    /// <param name="condition">The condition.</param>
    /// <returns>Whether it held in time.</returns>
    public static bool WaitUntil(Func<bool> condition)
    {
        var stopwatch = Stopwatch.StartNew();
        while (!condition())
        {
            if (stopwatch.Elapsed > Timeout)
            {
                return false;
            }

            Thread.Sleep(5);
        }

        return true;
    }
}
