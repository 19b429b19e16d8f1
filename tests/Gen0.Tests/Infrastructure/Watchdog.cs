using System.Diagnostics;

namespace Gen0.Tests.Infrastructure;

/// <summary>
/// Runs code that could hang (a livelock, a lost wake-up, a stream that never ends) so that a hang fails the test
/// within a bounded time instead of stalling the test host and CI.
/// </summary>
/// <remarks>
/// The code runs on a dedicated background thread. If it does not finish in time, the test fails with
/// <see cref="TimeoutException"/>; the stuck thread is abandoned (it is a background thread, so it does not keep the
/// process alive). Anything that could take the whole process down (unbounded allocation) also caps its allocation.
/// </remarks>
public static class Watchdog
{
    /// <summary>The default limit: generous for a 2-core CI machine under load, short next to CI's own time.</summary>
    public static readonly TimeSpan DefaultTimeout = TimeSpan.FromSeconds(30);

    /// <summary>Runs <paramref name="action"/> on its own thread and fails if it does not finish within <paramref name="timeout"/>.</summary>
    public static void Run(Action action, TimeSpan? timeout = null, string? what = null)
    {
        ArgumentNullException.ThrowIfNull(action);
        TimeSpan limit = timeout ?? DefaultTimeout;
        Exception? failure = null;
        using var done = new ManualResetEventSlim();
        var thread = new Thread(() =>
        {
            try
            {
                action();
            }
            catch (Exception ex)
            {
                failure = ex;
            }
            finally
            {
                done.Set();
            }
        })
        {
            IsBackground = true,
            Name = "Gen0.Tests watchdog: " + (what ?? "guarded action"),
        };

        thread.Start();
        if (!done.Wait(limit))
        {
            throw new TimeoutException($"Hung: '{what ?? "the guarded action"}' did not finish within {limit.TotalSeconds:0.#} s.");
        }

        if (failure is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(failure).Throw();
        }
    }

    /// <summary>Runs <paramref name="func"/> on its own thread and returns its result, failing if it hangs.</summary>
    public static TResult Run<TResult>(Func<TResult> func, TimeSpan? timeout = null, string? what = null)
    {
        ArgumentNullException.ThrowIfNull(func);
        TResult result = default!;
        Run(() => { result = func(); }, timeout, what);
        return result;
    }

    /// <summary>Awaits <paramref name="task"/>, failing if it does not complete within <paramref name="timeout"/>.</summary>
    public static async Task RunAsync(Func<Task> operation, TimeSpan? timeout = null, string? what = null)
    {
        ArgumentNullException.ThrowIfNull(operation);
        TimeSpan limit = timeout ?? DefaultTimeout;
        Task task = Task.Run(operation);
        try
        {
            await task.WaitAsync(limit).ConfigureAwait(false);
        }
        catch (TimeoutException)
        {
            throw new TimeoutException($"Hung: '{what ?? "the guarded operation"}' did not finish within {limit.TotalSeconds:0.#} s.");
        }
    }

    /// <summary>
    /// Fails if the calling thread allocates more than <paramref name="maxBytes"/> while running <paramref name="action"/>;
    /// for code whose failure mode is runaway growth, checked after the fact (pair it with input sizes that cannot
    /// exhaust memory before the check).
    /// </summary>
    public static void AllocatesAtMost(long maxBytes, Action action, string? what = null)
    {
        ArgumentNullException.ThrowIfNull(action);
        long before = GC.GetAllocatedBytesForCurrentThread();
        action();
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        Debug.Assert(allocated >= 0);
        if (allocated > maxBytes)
        {
            throw new InvalidOperationException($"'{what ?? "the action"}' allocated {allocated:N0} bytes; at most {maxBytes:N0} were allowed.");
        }
    }
}
