using BenchmarkDotNet.Attributes;
using Gen0.Benchmarks.Pools.Candidates;
using Gen0.Pools;

namespace Gen0.Benchmarks.Pools;

/// <summary>
/// Seed 002's object-pool table with <see cref="Pool{T}"/> added: 16 tasks, each 1,024 times renting two 1 KB
/// arrays, filling both with random bytes and returning them (the seed's loop). Baseline: DefaultObjectPool.
/// </summary>
public class ObjectPoolConcurrencyBenchmarks
{
    private const int Tasks = 16;
    private const int Iterations = 1024;
    private const int ObjectSize = 1024;

    private IArrayObjectPool _stackWithLock = null!;
    private IArrayObjectPool _stackWithLockSlot = null!;
    private IArrayObjectPool _concurrentStack = null!;
    private IArrayObjectPool _concurrentQueue = null!;
    private IArrayObjectPool _defaultObjectPool = null!;
    private ThreadLocalStackPool _threadLocal = null!;
    private IArrayObjectPool _concurrentBag = null!;
    private IArrayObjectPool _shared = null!;
    private IArrayObjectPool _threadStatic = null!;
    private Gen0PoolAdapter _gen0 = null!;

    [GlobalSetup]
    public void GlobalSetup()
    {
        _stackWithLock = new StackWithLockPool(ObjectSize, withSlot: false);
        _stackWithLockSlot = new StackWithLockPool(ObjectSize, withSlot: true);
        _concurrentStack = new ConcurrentStackPool(ObjectSize);
        _concurrentQueue = new ConcurrentQueuePool(ObjectSize);
        _defaultObjectPool = new DefaultObjectPoolAdapter(ObjectSize);
        _threadLocal = new ThreadLocalStackPool(ObjectSize);
        _concurrentBag = new ConcurrentBagPool(ObjectSize);
        _shared = new SharedArrayPoolAdapter(ObjectSize);
        _threadStatic = new ThreadStaticStackPool(ObjectSize);
        _gen0 = new Gen0PoolAdapter(new PoolOptions<byte[]> { Factory = () => new byte[ObjectSize] });
    }

    [GlobalCleanup]
    public void GlobalCleanup()
    {
        _threadLocal.Dispose();
        _gen0.Dispose();
    }

    [Benchmark]
    public int StackWithLock() => Run(_stackWithLock);

    [Benchmark(Description = "StackWithLock+Slot")]
    public int StackWithLockSlot() => Run(_stackWithLockSlot);

    [Benchmark]
    public int ConcurrentStack() => Run(_concurrentStack);

    [Benchmark]
    public int ConcurrentQueue() => Run(_concurrentQueue);

    [Benchmark(Baseline = true)]
    public int DefaultObjectPool() => Run(_defaultObjectPool);

    [Benchmark]
    public int ThreadLocalPool() => Run(_threadLocal);

    [Benchmark]
    public int ConcurrentBag() => Run(_concurrentBag);

    [Benchmark(Description = "ArrayPool.Shared")]
    public int SharedArrayPool() => Run(_shared);

    [Benchmark]
    public int ThreadStaticStack() => Run(_threadStatic);

    [Benchmark(Description = "Gen0 Pool<T>")]
    public int Gen0Pool() => Run(_gen0);

    private static int Run(IArrayObjectPool pool)
    {
        var tasks = new Task<int>[Tasks];
        for (int i = 0; i < tasks.Length; i++)
        {
            tasks[i] = Task.Run(() =>
            {
                int sum = 0;
                for (int j = 0; j < Iterations; j++)
                {
                    byte[] first = pool.Rent();
                    byte[] second = pool.Rent();
                    Random.Shared.NextBytes(first);
                    Random.Shared.NextBytes(second);
                    sum += first[0] + second[0];
                    pool.Return(second);
                    pool.Return(first);
                }

                return sum;
            });
        }

        Task.WaitAll(tasks);
        int total = 0;
        foreach (Task<int> task in tasks)
        {
            total += task.Result;
        }

        return total;
    }
}
