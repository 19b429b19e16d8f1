using System.Buffers;
using BenchmarkDotNet.Attributes;
using Gen0.Collections;

namespace Gen0.Benchmarks.Collections;

/// <summary>
/// Collections.Pooled's published list scenario: copy N elements into a new list, then add 8N more, then drop it
/// (the pooled list is disposed, so its arrays go back to the pool), with the default pool
/// (<c>ScalableArrayPool&lt;T&gt;.Shared</c>) and with <see cref="ArrayPool{T}.Shared"/>. Collections.Pooled itself cannot be restored
/// here, so <see cref="List{T}"/> is the baseline.
/// </summary>
public class PooledListBenchmarks
{
    private int[] _source = [];

    [Params(10_000, 100_000, 1_000_000)]
    public int N { get; set; }

    [GlobalSetup]
    public void GlobalSetup() => _source = Enumerable.Range(0, N).ToArray();

    [Benchmark(Baseline = true)]
    public int List_CopyThenAdd8N()
    {
        List<int> list = new(_source);
        int extra = N * 8;
        for (int i = 0; i < extra; i++)
        {
            list.Add(i);
        }

        return list.Count;
    }

    [Benchmark]
    public int PooledList_CopyThenAdd8N()
    {
        using PooledList<int> list = new(_source);
        int extra = N * 8;
        for (int i = 0; i < extra; i++)
        {
            list.Add(i);
        }

        return list.Count;
    }

    [Benchmark]
    public int PooledList_CopyThenAdd8N_ArrayPoolShared()
    {
        using PooledList<int> list = new(_source, ArrayPool<int>.Shared);
        int extra = N * 8;
        for (int i = 0; i < extra; i++)
        {
            list.Add(i);
        }

        return list.Count;
    }
}
