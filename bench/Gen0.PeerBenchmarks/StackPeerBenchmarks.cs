using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using PeerStack = Collections.Pooled.PooledStack<int>;

namespace Gen0.PeerBenchmarks;

/// <summary>
/// Push <see cref="N"/> ints onto a new stack, pop them all, drop the stack: <see cref="Stack{T}"/>, Collections.Pooled's
/// <c>PooledStack</c> (the baseline: the peer Gen0 has to beat) and Gen0's <see cref="Collections.PooledStack{T}"/>.
/// </summary>
public class StackPeerBenchmarks
{
    [Params(1_000, 100_000)]
    public int N { get; set; }

    [Benchmark]
    public long Bcl()
    {
        var stack = new Stack<int>();
        for (int i = 0; i < N; i++)
        {
            stack.Push(i);
        }

        long sum = 0;
        while (stack.TryPop(out int item))
        {
            sum += item;
        }

        return sum;
    }

    [Benchmark(Baseline = true)]
    public long CollectionsPooled()
    {
        using var stack = new PeerStack();
        for (int i = 0; i < N; i++)
        {
            stack.Push(i);
        }

        long sum = 0;
        while (stack.TryPop(out int item))
        {
            sum += item;
        }

        return sum;
    }

    [Benchmark]
    public long Gen0()
    {
        using var stack = new Collections.PooledStack<int>();
        for (int i = 0; i < N; i++)
        {
            stack.Push(i);
        }

        long sum = 0;
        while (stack.TryPop(out int item))
        {
            sum += item;
        }

        return sum;
    }
}
