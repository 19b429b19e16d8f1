namespace Gen0.Tests.Infrastructure;

/// <summary>
/// Waits that end: each fails the test with <see cref="TimeoutException"/> after <see cref="Watchdog.DefaultTimeout"/>
/// (or the limit given) instead of blocking the test host, naming what it waited for.
/// </summary>
public static class Bounded
{
    /// <summary>Waits for <paramref name="thread"/> to end.</summary>
    /// <param name="thread">The thread.</param>
    /// <param name="timeout">The limit, <see cref="Watchdog.DefaultTimeout"/> when omitted.</param>
    public static void Join(Thread thread, TimeSpan? timeout = null)
    {
        ArgumentNullException.ThrowIfNull(thread);
        Check(thread.Join(timeout ?? Watchdog.DefaultTimeout), $"thread '{thread.Name ?? thread.ManagedThreadId.ToString(System.Globalization.CultureInfo.InvariantCulture)}' to end", timeout);
    }

    /// <summary>Waits for <paramref name="signal"/> to be set.</summary>
    /// <param name="signal">The event.</param>
    /// <param name="timeout">The limit, <see cref="Watchdog.DefaultTimeout"/> when omitted.</param>
    public static void Wait(ManualResetEventSlim signal, TimeSpan? timeout = null)
    {
        ArgumentNullException.ThrowIfNull(signal);
        Check(signal.Wait(timeout ?? Watchdog.DefaultTimeout), "an event to be set", timeout);
    }

    /// <summary>Waits for <paramref name="countdown"/> to reach zero.</summary>
    /// <param name="countdown">The countdown.</param>
    /// <param name="timeout">The limit, <see cref="Watchdog.DefaultTimeout"/> when omitted.</param>
    public static void Wait(CountdownEvent countdown, TimeSpan? timeout = null)
    {
        ArgumentNullException.ThrowIfNull(countdown);
        Check(countdown.Wait(timeout ?? Watchdog.DefaultTimeout), $"a countdown to reach zero ({countdown.CurrentCount} left)", timeout);
    }

    /// <summary>Waits for <paramref name="task"/> to complete (and rethrows its failure).</summary>
    /// <param name="task">The task.</param>
    /// <param name="timeout">The limit, <see cref="Watchdog.DefaultTimeout"/> when omitted.</param>
    public static void Wait(Task task, TimeSpan? timeout = null)
    {
        ArgumentNullException.ThrowIfNull(task);
        Check(task.Wait(timeout ?? Watchdog.DefaultTimeout), "a task to complete", timeout);
    }

    /// <summary>Signals <paramref name="barrier"/> and waits for every participant.</summary>
    /// <param name="barrier">The barrier.</param>
    /// <param name="timeout">The limit, <see cref="Watchdog.DefaultTimeout"/> when omitted.</param>
    public static void SignalAndWait(Barrier barrier, TimeSpan? timeout = null)
    {
        ArgumentNullException.ThrowIfNull(barrier);
        Check(barrier.SignalAndWait(timeout ?? Watchdog.DefaultTimeout), $"the other {barrier.ParticipantCount - 1} participant(s) of a barrier", timeout);
    }

    /// <summary>
    /// Polls <paramref name="condition"/> until it holds (instead of sleeping and hoping it does), failing after the limit.
    /// </summary>
    /// <param name="condition">The condition.</param>
    /// <param name="what">What is waited for, for the failure message.</param>
    /// <param name="timeout">The limit, <see cref="Watchdog.DefaultTimeout"/> when omitted.</param>
    public static void Until(Func<bool> condition, string what, TimeSpan? timeout = null)
    {
        ArgumentNullException.ThrowIfNull(condition);
        var stopwatch = System.Diagnostics.Stopwatch.StartNew();
        TimeSpan limit = timeout ?? Watchdog.DefaultTimeout;
        var spinner = default(SpinWait);
        while (!condition())
        {
            Check(stopwatch.Elapsed < limit, what, timeout);
            if (spinner.NextSpinWillYield)
            {
                Thread.Sleep(1);
            }
            else
            {
                spinner.SpinOnce();
            }
        }
    }

    private static void Check(bool done, string what, TimeSpan? timeout)
    {
        if (!done)
        {
            throw new TimeoutException($"Hung: waited {(timeout ?? Watchdog.DefaultTimeout).TotalSeconds:0.#} s for {what}.");
        }
    }
}
