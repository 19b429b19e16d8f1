using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Gen0.Collections;

namespace Gen0.Benchmarks.Collections;

/// <summary>
/// Collections.Pooled's queue scenario: enqueue 100,000 ints or strings into a new queue, from empty (so it grows
/// all the way), then drop it. <see cref="Queue{T}"/> is the baseline in each category.
/// </summary>
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class PooledQueueBenchmarks
{
    private string[] _strings = [];

    [Params(100_000)]
    public int N { get; set; }

    [GlobalSetup]
    public void GlobalSetup() => _strings = Enumerable.Range(0, N).Select(i => i.ToString(System.Globalization.CultureInfo.InvariantCulture)).ToArray();

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("int")]
    public int Queue_EnqueueInt()
    {
        Queue<int> queue = new();
        for (int i = 0; i < N; i++)
        {
            queue.Enqueue(i);
        }

        return queue.Count;
    }

    [Benchmark]
    [BenchmarkCategory("int")]
    public int PooledQueue_EnqueueInt()
    {
        using PooledQueue<int> queue = new();
        for (int i = 0; i < N; i++)
        {
            queue.Enqueue(i);
        }

        return queue.Count;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("string")]
    public int Queue_EnqueueString()
    {
        Queue<string> queue = new();
        string[] items = _strings;
        for (int i = 0; i < items.Length; i++)
        {
            queue.Enqueue(items[i]);
        }

        return queue.Count;
    }

    [Benchmark]
    [BenchmarkCategory("string")]
    public int PooledQueue_EnqueueString()
    {
        using PooledQueue<string> queue = new();
        string[] items = _strings;
        for (int i = 0; i < items.Length; i++)
        {
            queue.Enqueue(items[i]);
        }

        return queue.Count;
    }
}
