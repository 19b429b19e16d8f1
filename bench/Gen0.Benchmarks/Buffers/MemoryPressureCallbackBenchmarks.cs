using BenchmarkDotNet.Attributes;
using Gen0.Buffers;
using Gen0.Memory;

namespace Gen0.Benchmarks.Buffers;

/// <summary>
/// Issue 40: what the pools' gen 2 callback costs per collection. The baseline is the collection it follows: a
/// blocking gen 2 collection of this process's small heap (a service's heap is bigger, so its collections cost more and
/// the callback's share less). <see cref="CallbackNoPressure"/> is what runs after every gen 2 collection when memory is
/// plentiful: one <c>GC.GetGCMemoryInfo()</c>, the level, and a look at each live pool (its budget re-derived from the
/// limit); <see cref="CallbackHighPressure"/> tells every pool to release everything, with nothing left to release (the
/// release itself costs what <c>Trim()</c> costs). <see cref="Pools"/> pools are alive besides the process's own.
/// </summary>
public class MemoryPressureCallbackBenchmarks
{
    private readonly List<ScalableArrayPool<byte>> _pools = [];

    /// <summary>Pools alive beside <c>Shared</c>.</summary>
    [Params(1, 16)]
    public int Pools { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        for (int i = 0; i < Pools; i++)
        {
            var pool = new ScalableArrayPool<byte>(new ScalableArrayPoolOptions { Name = "bench" });
            pool.Return(pool.Rent(4096));
            _pools.Add(pool);
        }
    }

    [GlobalCleanup]
    public void GlobalCleanup()
    {
        foreach (ScalableArrayPool<byte> pool in _pools)
        {
            pool.Dispose();
        }

        _pools.Clear();
    }

    [Benchmark(Baseline = true)]
    public void Gen2Collection() => GC.Collect(2, GCCollectionMode.Forced, blocking: true);

    [Benchmark]
    public void CallbackNoPressure() => MemoryPressure.NotifyListeners();

    [Benchmark]
    public void CallbackHighPressure()
    {
        foreach (ScalableArrayPool<byte> pool in _pools)
        {
            ((IMemoryPressureListener)pool).OnGen2Collection(MemoryPressureLevel.High, long.MaxValue);
        }
    }
}
