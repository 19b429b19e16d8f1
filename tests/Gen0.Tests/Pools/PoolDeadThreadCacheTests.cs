using Gen0.Pools;

namespace Gen0.Tests.Pools;

/// <summary>
/// Issue 41: the interleaving test (seed 4) ended on a loaded machine with one object live but neither idle nor held.
/// A drain forgot the caches of threads it saw dead only after it had stolen from them, so a thread that returned an
/// object into its slot and ended in between took the object, and its claim on the cap, with it.
/// </summary>
public sealed class PoolDeadThreadCacheTests
{
    private static readonly TimeSpan s_limit = TimeSpan.FromSeconds(30);

    [Fact]
    public void Trim_ThreadReturningAndEndingDuringTheDrain_KeepsItsObject()
    {
        using var dropping = new ManualResetEventSlim();
        using var proceed = new ManualResetEventSlim();
        using var pool = new Pool<GatedThing>(new PoolOptions<GatedThing>
        {
            Factory = () => new GatedThing(),
            MaxSize = 2,
            MaxRetained = 1, // thread slots only, no shards
            WhenExhausted = PoolExhaustedBehavior.Throw,
            DisposeDropped = true,
            TrimAfter = Timeout.InfiniteTimeSpan,
        });

        // A thread that holds an object (its slot empty) while the drain steals, then returns it and ends. It starts
        // first: a thread that starts after another has ended takes over that thread's cache (issue 43), and the
        // two caches must be separate here.
        Exception? failure = null;
        using var rented = new ManualResetEventSlim();
        using var giveBack = new ManualResetEventSlim();
        Thread holder = Start(() =>
        {
            GatedThing held = pool.Rent();
            rented.Set();
            giveBack.Wait(s_limit);
            pool.Return(held);
        }, ex => failure = ex);
        Assert.True(rented.Wait(s_limit));

        // A thread that leaves an object in its slot and ends: the drain steals it and, disposing it, stops
        // between the steal and forgetting the dead caches, which is the window.
        Thread leaver = Start(() =>
        {
            GatedThing gated = pool.Rent();
            gated.OnDispose = () =>
            {
                dropping.Set();
                proceed.Wait(s_limit);
            };
            pool.Return(gated);
        }, ex => failure = ex);
        Assert.True(leaver.Join(s_limit));

        Thread trimmer = Start(pool.Trim, ex => failure = ex);
        Assert.True(dropping.Wait(s_limit));
        giveBack.Set();
        Assert.True(holder.Join(s_limit));
        proceed.Set();
        Assert.True(trimmer.Join(s_limit));
        Assert.Null(failure);

        Assert.Equal(1, pool.LiveCount);
        Assert.Equal(1, pool.Count); // idle in the ended thread's slot, still listed
        Assert.Equal(0, pool.Outstanding);

        pool.Trim();
        Assert.Equal(0, pool.LiveCount);
        Assert.Equal(0, pool.Count);
    }

    /// <summary>Starts a background thread whose exception is reported rather than taking the test host down.</summary>
    private static Thread Start(Action action, Action<Exception> onFailure)
    {
        var thread = new Thread(() =>
        {
            try
            {
                action();
            }
            catch (Exception ex)
            {
                onFailure(ex);
            }
        }) { IsBackground = true };
        thread.Start();
        return thread;
    }

    private sealed class GatedThing : IDisposable
    {
        /// <summary>Runs when the pool drops the object: lets the test stop a drain at that point.</summary>
        public Action? OnDispose;

        public void Dispose() => OnDispose?.Invoke();
    }
}
