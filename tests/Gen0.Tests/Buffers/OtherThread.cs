using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Buffers;

/// <summary>Runs code on a new thread and waits for it, so a test can be sure the code ran on another thread.</summary>
internal static class OtherThread
{
    public static void Run(Action action) => Run(() =>
    {
        action();
        return 0;
    });

    public static TResult Run<TResult>(Func<TResult> func)
    {
        TResult result = default!;
        Exception? error = null;
        var thread = new Thread(() =>
        {
            try
            {
                result = func();
            }
            catch (Exception e)
            {
                error = e;
            }
        });
        thread.Start();
        Bounded.Join(thread);
        if (error is not null)
        {
            throw new InvalidOperationException("The code on the other thread failed.", error);
        }

        return result;
    }

    /// <summary>
    /// Runs <paramref name="action"/> on <paramref name="count"/> new threads that are all alive until every one has
    /// run it, then waits for them to end. Threads that run one after another would each take over the cache of the
    /// one before (a pool reuses an ended thread's cache); these each have a cache of their own.
    /// </summary>
    public static void RunTogether(int count, Action action)
    {
        using var done = new Barrier(count);
        var threads = new Thread[count];
        var errors = new Exception?[count];
        for (int i = 0; i < count; i++)
        {
            int index = i;
            threads[i] = new Thread(() =>
            {
                try
                {
                    action();
                }
                catch (Exception e)
                {
                    errors[index] = e;
                }
                finally
                {
                    Bounded.SignalAndWait(done);
                }
            });
            threads[i].Start();
        }

        foreach (Thread thread in threads)
        {
            Bounded.Join(thread);
        }

        if (Array.Find(errors, e => e is not null) is { } error)
        {
            throw new InvalidOperationException("The code on another thread failed.", error);
        }
    }
}
