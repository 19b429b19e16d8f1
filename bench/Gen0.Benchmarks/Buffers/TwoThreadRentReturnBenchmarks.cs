using System.Buffers;
using BenchmarkDotNet.Attributes;
using Gen0.Buffers;

namespace Gen0.Benchmarks.Buffers;

/// <summary>
/// Issue 15, row 4: two threads at once, each renting and returning 4 KB on its own thread (the thread-local tier of
/// each pool, and whatever the threads share: cache lines, counters, locks). Goal: Scalable Shared &lt;= 1.0x
/// <see cref="ArrayPool{T}.Shared"/>. The two threads are started once and released per invocation by a barrier, so
/// thread start-up is not measured; times are per pair on one thread (both run in parallel).
/// </summary>
public class TwoThreadRentReturnBenchmarks
{
    private const int Operations = 64 * 1024;

    private ScalableArrayPool<byte> _instance = null!;
    private Barrier _start = null!;
    private Barrier _done = null!;
    private Thread _second = null!;
    private volatile Func<int>? _secondRounds;
    private volatile bool _stop;

    [GlobalSetup]
    public void GlobalSetup()
    {
        _instance = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = "bench" });
        _start = new Barrier(2);
        _done = new Barrier(2);
        _second = new Thread(() =>
        {
            while (true)
            {
                _start.SignalAndWait();
                if (_stop)
                {
                    return;
                }

                _secondRounds!();
                _done.SignalAndWait();
            }
        })
        {
            IsBackground = true,
        };
        _second.Start();
    }

    [GlobalCleanup]
    public void GlobalCleanup()
    {
        _stop = true;
        _start.SignalAndWait();
        _second.Join();
        _instance.Dispose();
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations)]
    public int BclShared() => Both(default(PoolCalls.BclShared));

    [Benchmark(OperationsPerInvoke = Operations)]
    public int ScalableShared() => Both(default(PoolCalls.ScalableShared));

    [Benchmark(OperationsPerInvoke = Operations)]
    public int ScalableInstance() => Both(new PoolCalls.ScalableInstance(_instance));

    private int Both<TPool>(TPool pool)
        where TPool : struct, IPoolCall
    {
        _secondRounds = () => RentReturnRounds(pool);
        _start.SignalAndWait();
        int sum = RentReturnRounds(pool);
        _done.SignalAndWait();
        return sum;
    }

    // Operations pairs: the same work on each of the two threads.
    private static int RentReturnRounds<TPool>(TPool pool)
        where TPool : struct, IPoolCall
    {
        int sum = 0;
        for (int i = 0; i < Operations / (16 * 1024); i++)
        {
            sum += SameThreadRentReturnBenchmarks.RentReturn(pool, 4096);
        }

        return sum;
    }
}
