using System.Buffers;
using System.Collections.Concurrent;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Gen0.Buffers;

namespace Gen0.Benchmarks.Buffers;

/// <summary>
/// The scenarios of dotnet/performance's <c>RentReturnArrayPoolTests</c> at 4 KB: one rent and return on one thread
/// (<c>SingleSerial</c>), the same on every core (<c>SingleParallel</c>), eight nested rents then eight returns
/// (<c>MultipleSerial</c>), and rent on one thread, return on another (<c>ProducerConsumer</c>). Each method does
/// <see cref="Operations"/> rent/return pairs, so the reported time is per pair.
/// </summary>
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class RentReturnBenchmarks
{
    private const int Operations = 16 * 1024;
    private const int RentalSize = 4096;
    private const int Nested = 8;

    private ArrayPool<byte> _created = null!;
    private ScalableArrayPool<byte> _scalable = null!;

    [GlobalSetup]
    public void GlobalSetup()
    {
        _created = ArrayPool<byte>.Create();
        _scalable = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = "bench" });
    }

    [GlobalCleanup]
    public void GlobalCleanup() => _scalable.Dispose();

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations), BenchmarkCategory("SingleSerial")]
    public int SingleSerial_Shared() => SingleSerial(default(PoolCalls.BclShared));

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("SingleSerial")]
    public int SingleSerial_Create() => SingleSerial(new PoolCalls.Virtual(_created));

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("SingleSerial")]
    public int SingleSerial_Scalable() => SingleSerial(new PoolCalls.ScalableInstance(_scalable));

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations), BenchmarkCategory("SingleParallel")]
    public int SingleParallel_Shared() => SingleParallel(default(PoolCalls.BclShared));

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("SingleParallel")]
    public int SingleParallel_Create() => SingleParallel(new PoolCalls.Virtual(_created));

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("SingleParallel")]
    public int SingleParallel_Scalable() => SingleParallel(new PoolCalls.ScalableInstance(_scalable));

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations), BenchmarkCategory("MultipleSerial")]
    public int MultipleSerial_Shared() => MultipleSerial(default(PoolCalls.BclShared));

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("MultipleSerial")]
    public int MultipleSerial_Create() => MultipleSerial(new PoolCalls.Virtual(_created));

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("MultipleSerial")]
    public int MultipleSerial_Scalable() => MultipleSerial(new PoolCalls.ScalableInstance(_scalable));

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations), BenchmarkCategory("ProducerConsumer")]
    public int ProducerConsumer_Shared() => ProducerConsumer(default(PoolCalls.BclShared));

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("ProducerConsumer")]
    public int ProducerConsumer_Create() => ProducerConsumer(new PoolCalls.Virtual(_created));

    [Benchmark(OperationsPerInvoke = Operations), BenchmarkCategory("ProducerConsumer")]
    public int ProducerConsumer_Scalable() => ProducerConsumer(new PoolCalls.ScalableInstance(_scalable));

    private static int SingleSerial<TPool>(TPool pool)
        where TPool : struct, IPoolCall => SameThreadRentReturnBenchmarks.RentReturn(pool, RentalSize);

    private static int SingleParallel<TPool>(TPool pool)
        where TPool : struct, IPoolCall
    {
        int workers = Environment.ProcessorCount;
        int sum = 0;
        Parallel.For(0, workers, _ =>
        {
            int local = 0;
            for (int i = 0; i < Operations / workers; i++)
            {
                byte[] array = pool.Rent(RentalSize);
                array[0] = (byte)i;
                local += array[0];
                pool.Return(array);
            }

            Interlocked.Add(ref sum, local);
        });
        return sum;
    }

    private static int MultipleSerial<TPool>(TPool pool)
        where TPool : struct, IPoolCall =>
        NestedLargeRentBenchmarks.Nest(pool, new byte[Nested][], RentalSize, Operations / Nested);

    private static int ProducerConsumer<TPool>(TPool pool)
        where TPool : struct, IPoolCall
    {
        var queue = new ConcurrentQueue<byte[]>();
        Task<int> consumer = Task.Factory.StartNew(
            () =>
            {
                int sum = 0;
                var spin = default(SpinWait);
                for (int received = 0; received < Operations;)
                {
                    if (queue.TryDequeue(out byte[]? array))
                    {
                        sum += array[0];
                        pool.Return(array);
                        received++;
                    }
                    else
                    {
                        spin.SpinOnce();
                    }
                }

                return sum;
            },
            TaskCreationOptions.LongRunning);

        for (int i = 0; i < Operations; i++)
        {
            byte[] array = pool.Rent(RentalSize);
            array[0] = (byte)i;
            queue.Enqueue(array);
        }

        return consumer.Result;
    }
}
