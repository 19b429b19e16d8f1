namespace Gen0.IO;

/// <summary>
/// Stream ids and the lifetime counts behind the <c>Gen0.IO</c> meter: created, disposed, leaked and disposed twice.
/// </summary>
/// <remarks>
/// A stream's constructor and <c>Dispose</c> must stay as cheap as the pool operations they wrap, so nothing here runs
/// on them unless asked. An id is drawn (one interlocked increment) only when something reads it: the
/// <see cref="PooledMemoryStream.Id"/> property, <c>ToString()</c>, an event, the leak watch. Creations and disposals
/// are counted only while a listener has the created or live instrument on, and then each thread counts its own in an
/// object only it writes (plain stores, made atomic for 64-bit values on 32-bit processes by <see cref="Volatile"/>),
/// so that streams made on every core do not contend for one cache line. A reader (the meter) sums the threads'
/// objects under a lock the hot paths never take, folding the counts of threads that have ended into a total and
/// dropping them, so the list does not grow with thread churn. A stream remembers whether its creation was counted, so
/// a disposal is counted only for a counted stream: the live count never goes below zero when a listener arrives late.
/// The leak and double-dispose counts are rare events and always counted, with interlocked operations.
/// </remarks>
internal static class StreamCounters
{
    private static readonly List<ThreadCounts> s_threads = [];
    private static long s_lastId;
    private static long s_retiredCreated;
    private static long s_retiredDisposed;
    private static long s_leaked;
    private static long s_doubleDisposed;

    // The style guide's t_ prefix for thread statics; .editorconfig has no rule for it yet.
#pragma warning disable IDE1006
    [ThreadStatic]
    private static ThreadCounts? t_counts;
#pragma warning restore IDE1006

    /// <summary>Gets the streams collected without being disposed (among those watched for leaks).</summary>
    public static long Leaked => Volatile.Read(ref s_leaked);

    /// <summary>Gets the disposals of streams already disposed.</summary>
    public static long DoubleDisposed => Volatile.Read(ref s_doubleDisposed);

    /// <summary>Returns a new stream id: unique in the process, from 1 up.</summary>
    public static long NewId() => Interlocked.Increment(ref s_lastId);

    /// <summary>Counts a new stream.</summary>
    public static void OnCreated()
    {
        ThreadCounts counts = t_counts ?? Register();
        Volatile.Write(ref counts.Created, counts.Created + 1);
    }

    /// <summary>Counts the first disposal of a stream whose creation was counted.</summary>
    public static void OnDisposed()
    {
        ThreadCounts counts = t_counts ?? Register();
        Volatile.Write(ref counts.Disposed, counts.Disposed + 1);
    }

    /// <summary>Counts a stream collected without being disposed.</summary>
    public static void OnLeaked() => Interlocked.Increment(ref s_leaked);

    /// <summary>Counts a dispose of a stream already disposed.</summary>
    public static void OnDoubleDisposed() => Interlocked.Increment(ref s_doubleDisposed);

    /// <summary>Returns the streams counted as created and as disposed so far, summed over every thread.</summary>
    public static (long Created, long Disposed) Snapshot()
    {
        lock (s_threads)
        {
            long created = s_retiredCreated;
            long disposed = s_retiredDisposed;
            for (int i = s_threads.Count - 1; i >= 0; i--)
            {
                ThreadCounts counts = s_threads[i];
                long threadCreated = Volatile.Read(ref counts.Created);
                long threadDisposed = Volatile.Read(ref counts.Disposed);
                created += threadCreated;
                disposed += threadDisposed;
                if (!counts.Owner.IsAlive)
                {
                    // The thread has ended, so its counts are final: keep them in the totals and forget the object.
                    s_retiredCreated += threadCreated;
                    s_retiredDisposed += threadDisposed;
                    s_threads.RemoveAt(i);
                }
            }

            return (created, disposed);
        }
    }

    private static ThreadCounts Register()
    {
        var counts = new ThreadCounts();
        lock (s_threads)
        {
            s_threads.Add(counts);
        }

        t_counts = counts;
        return counts;
    }

    private sealed class ThreadCounts
    {
        public readonly Thread Owner = Thread.CurrentThread;
        public long Created;
        public long Disposed;
    }
}
