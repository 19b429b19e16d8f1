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
}
