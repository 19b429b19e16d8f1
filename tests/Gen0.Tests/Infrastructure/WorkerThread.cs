using System.Collections.Concurrent;

namespace Gen0.Tests.Infrastructure;

/// <summary>
/// A long-lived thread that runs the actions given to it one at a time, so a test can hand work to the same other
/// thread again and again (a thread that ended would take its pool caches with it). Each action is bounded in time.
/// </summary>
internal sealed class WorkerThread : IDisposable
{
    private readonly BlockingCollection<(Action Action, ManualResetEventSlim Done)> _work = new();
    private readonly Thread _thread;
    private Exception? _failure;

    public WorkerThread()
    {
        _thread = new Thread(() =>
        {
            foreach ((Action action, ManualResetEventSlim done) in _work.GetConsumingEnumerable())
            {
                try
                {
                    action();
                }
                catch (Exception e)
                {
                    _failure = e;
                }

                done.Set();
            }
        })
        {
            IsBackground = true,
        };
        _thread.Start();
    }

    public void Run(Action action) => Run(() =>
    {
        action();
        return 0;
    });

    public TResult Run<TResult>(Func<TResult> func)
    {
        TResult result = default!;
        using var done = new ManualResetEventSlim();
        _work.Add((() => result = func(), done));
        Assert.True(done.Wait(TimeSpan.FromSeconds(30)), "the worker thread did not finish in time");
        Assert.Null(_failure);
        return result;
    }

    /// <summary>Hands <paramref name="action"/> to the thread without waiting for it (its failure shows in the next <see cref="Run"/>).</summary>
    public void Post(Action action) => _work.Add((action, new ManualResetEventSlim()));

    public void Dispose()
    {
        _work.CompleteAdding();
        _thread.Join(TimeSpan.FromSeconds(30));
        _work.Dispose();
    }
}
