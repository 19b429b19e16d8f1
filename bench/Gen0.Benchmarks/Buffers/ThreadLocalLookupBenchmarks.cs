using BenchmarkDotNet.Attributes;

namespace Gen0.Benchmarks.Buffers;

/// <summary>
/// How <see cref="Gen0.Buffers.ScalableArrayPool{T}"/> finds the calling thread's cache for one pool instance: a
/// <see langword="ThreadStatic"/> array indexed by a small per-pool id, checked against the pool's token, against
/// <see cref="ThreadLocal{T}.Value"/> (the BCL's per-instance thread local). Both return the same per-thread object.
/// </summary>
public class ThreadLocalLookupBenchmarks
{
#pragma warning disable IDE1006 // t_ for thread statics, as in the pool itself.
    [ThreadStatic]
    private static object?[]? t_caches;
#pragma warning restore IDE1006

    private readonly object _token = new();
    private ThreadLocal<object> _threadLocal = null!;
    private int _id;

    [GlobalSetup]
    public void GlobalSetup()
    {
        _id = 3;
        t_caches = new object?[8];
        t_caches[_id] = _token;
        _threadLocal = new ThreadLocal<object>(() => _token);
        _ = _threadLocal.Value;
    }

    [GlobalCleanup]
    public void GlobalCleanup() => _threadLocal.Dispose();

    [Benchmark(Baseline = true, OperationsPerInvoke = 1024)]
    public int ThreadLocalOfT()
    {
        int found = 0;
        for (int i = 0; i < 1024; i++)
        {
            if (ReferenceEquals(_threadLocal.Value, _token))
            {
                found++;
            }
        }

        return found;
    }

    [Benchmark(OperationsPerInvoke = 1024)]
    public int ThreadStaticArrayById()
    {
        int found = 0;
        for (int i = 0; i < 1024; i++)
        {
            object?[]? caches = t_caches;
            int id = _id;
            if (caches is not null && (uint)id < (uint)caches.Length && ReferenceEquals(caches[id], _token))
            {
                found++;
            }
        }

        return found;
    }
}
