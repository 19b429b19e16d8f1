using Gen0.Pools;
using Gen0.Tests.Infrastructure;
using Xunit;

namespace Gen0.Tests.Pools;

/// <summary>
/// Regression for issue 14, defect 1: a pool whose shards have capacity 1 (MaxRetained - 1 &lt; 2 x cores) hung
/// in Rent/Return and in Dispose.
/// </summary>
public class PoolLivelockRegressionTests
{
    [Fact]
    public void MaxRetained2_FourThreads_RentRentReturnReturn_ThenDispose_Finishes()
    {
        var pool = new Pool<PooledThing>(new PoolOptions<PooledThing>
        {
            Factory = () => new PooledThing(),
            MaxRetained = 2,
            TrimAfter = Timeout.InfiniteTimeSpan,
        });

        Watchdog.Run(
            () =>
            {
                var threads = new Thread[4];
                for (int t = 0; t < threads.Length; t++)
                {
                    threads[t] = new Thread(() =>
                    {
                        for (int i = 0; i < 20_000; i++)
                        {
                            PooledThing a = pool.Rent();
                            PooledThing b = pool.Rent();
                            pool.Return(a);
                            pool.Return(b);
                        }
                    }) { IsBackground = true };
                }

                Array.ForEach(threads, t => t.Start());
                Array.ForEach(threads, t => t.Join());
            },
            TimeSpan.FromSeconds(30),
            "4 threads doing Rent, Rent, Return, Return on Pool(MaxRetained = 2)");

        Watchdog.Run(pool.Dispose, TimeSpan.FromSeconds(10), "Dispose of Pool(MaxRetained = 2)");
        Assert.Equal(0, pool.Count);
    }
}
