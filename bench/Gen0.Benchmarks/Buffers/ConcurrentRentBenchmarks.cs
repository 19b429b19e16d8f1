using System.Buffers;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Gen0.Buffers;

namespace Gen0.Benchmarks.Buffers;

/// <summary>
/// Seed 002's concurrent benchmark: 16 tasks, each renting 64K arrays of 1 KB, filling them with
/// <see cref="Random.Shared"/> and returning them; the same with two arrays held at once; and the case where arrays
/// are never returned. <see cref="ArrayPool{T}.Shared"/> is the baseline, <see cref="ArrayPool{T}.Create()"/> the
/// peer, and a new <see cref="ScalableArrayPool{T}"/> instance (default options) the candidate.
/// </summary>
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class ConcurrentRentBenchmarks
{
    private const int Tasks = 16;
    private const int Iterations = 64 * 1024;
    private const int ArraySize = 1024;

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

    [Benchmark(Baseline = true), BenchmarkCategory("OneArray")]
    public int OneArray_Shared() => OneArray(ArrayPool<byte>.Shared);

    [Benchmark, BenchmarkCategory("OneArray")]
    public int OneArray_Create() => OneArray(_created);

    [Benchmark, BenchmarkCategory("OneArray")]
    public int OneArray_Scalable() => OneArray(_scalable);

    [Benchmark(Baseline = true), BenchmarkCategory("TwoArrays")]
    public int TwoArrays_Shared() => TwoArrays(ArrayPool<byte>.Shared);

    [Benchmark, BenchmarkCategory("TwoArrays")]
    public int TwoArrays_Create() => TwoArrays(_created);

    [Benchmark, BenchmarkCategory("TwoArrays")]
    public int TwoArrays_Scalable() => TwoArrays(_scalable);

    [Benchmark(Baseline = true), BenchmarkCategory("NoReturn")]
    public int NoReturn_Shared() => NoReturn(ArrayPool<byte>.Shared);

    [Benchmark, BenchmarkCategory("NoReturn")]
    public int NoReturn_Create() => NoReturn(_created);

    [Benchmark, BenchmarkCategory("NoReturn")]
    public int NoReturn_Scalable() => NoReturn(_scalable);

    // GEN0002 below: a rental is not returned if NextBytes throws; a try/finally would be measured too, and a benchmark
    // that throws is discarded anyway. NoReturn never returns on purpose: it measures a pool whose renters leak.
#pragma warning disable GEN0002
    private static int OneArray(ArrayPool<byte> pool) => RunTasks(() =>
    {
        int sum = 0;
        for (int j = 0; j < Iterations; j++)
        {
            byte[] array = pool.Rent(ArraySize);
            Random.Shared.NextBytes(array);
            sum += array[0];
            pool.Return(array);
        }

        return sum;
    });

    private static int TwoArrays(ArrayPool<byte> pool) => RunTasks(() =>
    {
        int sum = 0;
        for (int j = 0; j < Iterations; j++)
        {
            byte[] first = pool.Rent(ArraySize);
            byte[] second = pool.Rent(ArraySize);
            Random.Shared.NextBytes(first);
            Random.Shared.NextBytes(second);
            sum += first[0] + second[0];
            pool.Return(second);
            pool.Return(first);
        }

        return sum;
    });

    private static int NoReturn(ArrayPool<byte> pool) => RunTasks(() =>
    {
        int sum = 0;
        for (int j = 0; j < Iterations; j++)
        {
            byte[] array = pool.Rent(ArraySize);
            Random.Shared.NextBytes(array);
            sum += array[0];
        }

        return sum;
    });
#pragma warning restore GEN0002

    private static int RunTasks(Func<int> body)
    {
        var tasks = new Task<int>[Tasks];
        for (int i = 0; i < tasks.Length; i++)
        {
            tasks[i] = Task.Run(body);
        }

        Task.WaitAll(tasks);
        int sum = 0;
        foreach (Task<int> task in tasks)
        {
            sum += task.Result;
        }

        return sum;
    }
}
