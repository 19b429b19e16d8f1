using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Gen0.Collections;

namespace Gen0.Benchmarks.Collections;

/// <summary>
/// Collections.Pooled's stack scenario: push 100,000 ints or strings onto a new stack, from empty (so it grows
/// all the way), then drop it. <see cref="Stack{T}"/> is the baseline in each category.
/// </summary>
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class PooledStackBenchmarks
{
    private string[] _strings = [];

    [Params(100_000)]
    public int N { get; set; }

    [GlobalSetup]
    public void GlobalSetup() => _strings = Enumerable.Range(0, N).Select(i => i.ToString(System.Globalization.CultureInfo.InvariantCulture)).ToArray();

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("int")]
    public int Stack_PushInt()
    {
        Stack<int> stack = new();
        for (int i = 0; i < N; i++)
        {
            stack.Push(i);
        }

        return stack.Count;
    }

    [Benchmark]
    [BenchmarkCategory("int")]
    public int PooledStack_PushInt()
    {
        using PooledStack<int> stack = new();
        for (int i = 0; i < N; i++)
        {
            stack.Push(i);
        }

        return stack.Count;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("string")]
    public int Stack_PushString()
    {
        Stack<string> stack = new();
        string[] items = _strings;
        for (int i = 0; i < items.Length; i++)
        {
            stack.Push(items[i]);
        }

        return stack.Count;
    }

    [Benchmark]
    [BenchmarkCategory("string")]
    public int PooledStack_PushString()
    {
        using PooledStack<string> stack = new();
        string[] items = _strings;
        for (int i = 0; i < items.Length; i++)
        {
            stack.Push(items[i]);
        }

        return stack.Count;
    }
}
