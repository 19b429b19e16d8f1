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
/// touches a <c>[ThreadStatic]</c> field, and any pool with a thread tier touches one. <see cref="ThreadStatics"/>
/// <c>Own</c> runs threads whose own code has already done so (as request handlers, async code and loggers do), which
/// charges that table to the thread in every row; <c>None</c> charges it to the first pool that touches one.
/// </remarks>
public class ThreadChurnBenchmarks
{
    private const int Threads = 64;
    private const int Length = 64 * 1024;

#pragma warning disable IDE1006 // t_ prefix for thread statics, as in dotnet/runtime
    [ThreadStatic]
    private static int t_requestNumber;
#pragma warning restore IDE1006

    /// <summary>What the thread's own code does before it rents: <c>None</c>, or touch a thread static of its own (<c>Own</c>).</summary>
    [Params("None", "Own")]
    public string ThreadStatics { get; set; } = "None";

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

    private void RunThreads<TPool>(Action<TPool> body, TPool pool)
    {
        bool touch = ThreadStatics == "Own";
        for (int i = 0; i < Threads; i++)
        {
            int number = i;
            var thread = new Thread(() =>
            {
                if (touch)
                {
                    t_requestNumber = number;
                }

                body(pool);
            });
            thread.Start();
            thread.Join();
        }
    }
}
