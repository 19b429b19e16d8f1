using System.Buffers;
using BenchmarkDotNet.Attributes;
using Gen0.Buffers;

namespace Gen0.Benchmarks.Buffers;

/// <summary>
/// Issue 43: short-lived threads (thread-per-request, a thread per job), each renting and returning one 64 KiB array
/// and ending. Per operation: one thread started, its rent and return, and its end. <see cref="ArrayPool{T}.Create()"/>
/// is the baseline (no thread tier, so it reuses across threads by design); <see cref="ArrayPool{T}.Shared"/> keeps
/// a thread's arrays in its thread statics and loses them with the thread. Goal: Gen0's pools allocate at most twice
/// what the baseline does per thread (the thread's own objects included), where they allocated a 64 KiB array and a
/// thread cache per thread before.
/// </summary>
/// <remarks>
/// The runtime allocates a thread's table of thread statics (about 150 bytes) the first time any code on the thread
/// touches a <c>[ThreadStatic]</c> field that holds references, and every pool with a thread tier touches one: that
/// table is most of what Gen0's rows allocate beyond the baseline's.
/// </remarks>
public class ThreadChurnBenchmarks
{
    private const int Threads = 64;
    private const int Length = 64 * 1024;

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

    [Benchmark(Baseline = true, OperationsPerInvoke = Threads)]
    public void BclCreate() => RunThreads(static pool => pool.Return(pool.Rent(Length)), _created);

    [Benchmark(OperationsPerInvoke = Threads)]
    public void BclShared() => RunThreads(static pool => pool.Return(pool.Rent(Length)), ArrayPool<byte>.Shared);

    [Benchmark(OperationsPerInvoke = Threads)]
    public void ScalableShared() => RunThreads(static pool => pool.Return(pool.Rent(Length)), ScalableArrayPool<byte>.Shared);

    [Benchmark(OperationsPerInvoke = Threads)]
    public void ScalableInstance() => RunThreads(static pool => pool.Return(pool.Rent(Length)), _instance);

    private static void RunThreads<TPool>(Action<TPool> body, TPool pool)
    {
        for (int i = 0; i < Threads; i++)
        {
            var thread = new Thread(() => body(pool));
            thread.Start();
            thread.Join();
        }
    }
}
