using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Gen0.Collections;

namespace Gen0.Benchmarks.Collections;

/// <summary>1,024 <c>TryGetValue</c> calls (about half of them hits) on a dictionary of N int pairs.</summary>
[BenchmarkCategory("ChunkedDictionaryTryGetValue")]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
public class ChunkedDictionaryTryGetValueBenchmarks
{
    private Dictionary<int, int> _dictionary = null!;
    private ChunkedDictionary<int, int> _chunked = null!;
    private int[] _probes = null!;

    [Params(1_000, 100_000, 10_000_000)]
    public int N { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        _dictionary = new Dictionary<int, int>();
        _chunked = new ChunkedDictionary<int, int>();
        for (int i = 0; i < N; i++)
        {
            _dictionary.Add(i, i);
            _chunked.Add(i, i);
        }

        Random random = new(7);
        _probes = Enumerable.Range(0, 1024).Select(_ => random.Next(2 * N)).ToArray();
    }

    [Benchmark(Baseline = true)]
    public long StandardDictionary()
    {
        Dictionary<int, int> dictionary = _dictionary;
        long sum = 0;
        foreach (int probe in _probes)
        {
            if (dictionary.TryGetValue(probe, out int value))
            {
                sum += value;
            }
        }

        return sum;
    }

    [Benchmark]
    public long ChunkedDictionary()
    {
        ChunkedDictionary<int, int> dictionary = _chunked;
        long sum = 0;
        foreach (int probe in _probes)
        {
            if (dictionary.TryGetValue(probe, out int value))
            {
                sum += value;
            }
        }

        return sum;
    }
}
