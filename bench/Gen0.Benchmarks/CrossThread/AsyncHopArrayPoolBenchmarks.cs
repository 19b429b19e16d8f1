using System.Buffers;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Gen0.Benchmarks.Buffers;
using Gen0.Buffers;

namespace Gen0.Benchmarks.CrossThread;

/// <summary>
/// Issue 24, goal 3: the ASP.NET Core pattern. 64 tasks each rent a 4 KB array, <c>await Task.Yield()</c> (so the
/// continuation runs on whichever thread-pool thread picks it up, often another one) and return the array there.
/// Times are per rent+hop+return; the hop itself (the thread pool's work) is in every row, the pools' difference on
/// top of it. Categories as in <see cref="ProducerConsumerArrayPoolBenchmarks"/>.
/// </summary>
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class AsyncHopArrayPoolBenchmarks
{
    private const int Tasks = 64;
    private const int HopsPerTask = 64;
    private const int Length = 4096;

    private ArrayPool<byte> _created = null!;
    private ScalableArrayPool<byte> _instance = null!;

    [GlobalSetup]
    public void GlobalSetup()
    {
        _created = ArrayPool<byte>.Create();
        _instance = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = "bench" });
    }

    [GlobalCleanup]
    public void GlobalCleanup() => _instance.Dispose();

    [Benchmark(Baseline = true, OperationsPerInvoke = Tasks * HopsPerTask)]
    [BenchmarkCategory("Shared")]
    public Task BclShared() => Hop(default(PoolCalls.BclShared));

    [Benchmark(OperationsPerInvoke = Tasks * HopsPerTask)]
    [BenchmarkCategory("Shared")]
    public Task ScalableShared() => Hop(default(PoolCalls.ScalableShared));

    [Benchmark(Baseline = true, OperationsPerInvoke = Tasks * HopsPerTask)]
    [BenchmarkCategory("Instance")]
    public Task BclCreate() => Hop(new PoolCalls.Virtual(_created));

    [Benchmark(OperationsPerInvoke = Tasks * HopsPerTask)]
    [BenchmarkCategory("Instance")]
    public Task ScalableInstance() => Hop(new PoolCalls.ScalableInstance(_instance));

    private static Task Hop<TPool>(TPool pool)
        where TPool : struct, IPoolCall
    {
        var tasks = new Task[Tasks];
        for (int t = 0; t < tasks.Length; t++)
        {
            tasks[t] = Task.Run(() => HopMany(pool));
        }

        return Task.WhenAll(tasks);
    }

    private static async Task HopMany<TPool>(TPool pool)
        where TPool : struct, IPoolCall
    {
        for (int i = 0; i < HopsPerTask; i++)
        {
            byte[] array = pool.Rent(Length);
            array[0] = (byte)i;
            await Task.Yield();
            pool.Return(array);
        }
    }
}
