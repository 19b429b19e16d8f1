using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Gen0.Collections;

namespace Gen0.Benchmarks.Collections;

/// <summary>
/// Issue 27: <c>string</c> keys looked up by <c>ReadOnlySpan&lt;char&gt;</c> through <c>GetAlternateLookup</c>, the
/// words of a text split without allocating a string per word: 1,024 lookups (about half hits) against a dictionary
/// and a set of N words, default and case-insensitive comparers. The BCL's alternate lookup is the baseline of each
/// category; the targets are ≤ 1.0× for the pooled types and ≤ 1.3× for the chunked ones, 0 B allocated.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class AlternateLookupBenchmarks
{
    private Dictionary<string, int> _dictionary = null!;
    private PooledDictionary<string, int> _pooled = null!;
    private ChunkedDictionary<string, int> _chunked = null!;
    private HashSet<string> _set = null!;
    private PooledHashSet<string> _pooledSet = null!;
    private ChunkedHashSet<string> _chunkedSet = null!;
    private char[] _text = null!;
    private Range[] _words = null!;

    [Params(1_000, 100_000)]
    public int N { get; set; }

    [Params(false, true)]
    public bool IgnoreCase { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        StringComparer comparer = IgnoreCase ? StringComparer.OrdinalIgnoreCase : StringComparer.Ordinal;
        _dictionary = new Dictionary<string, int>(comparer);
        _pooled = new PooledDictionary<string, int>(comparer);
        _chunked = new ChunkedDictionary<string, int>(comparer);
        _set = new HashSet<string>(comparer);
        _pooledSet = new PooledHashSet<string>(comparer);
        _chunkedSet = new ChunkedHashSet<string>(comparer);
        for (int i = 0; i < N; i++)
        {
            string word = Word(i);
            _dictionary.Add(word, i);
            _pooled.Add(word, i);
            _chunked.Add(word, i);
            _set.Add(word);
            _pooledSet.Add(word);
            _chunkedSet.Add(word);
        }

        Random random = new(27);
        string text = string.Join(' ', Enumerable.Range(0, 1024).Select(_ => Word(random.Next(2 * N))));
        _text = text.ToCharArray();
        _words = [.. text.AsSpan().Split(' ')];
    }

    [GlobalCleanup]
    public void GlobalCleanup()
    {
        _pooled.Dispose();
        _chunked.Dispose();
        _pooledSet.Dispose();
        _chunkedSet.Dispose();
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("Dictionary")]
    public long Dictionary_Bcl() => Sum(_dictionary.GetAlternateLookup<ReadOnlySpan<char>>());

    [Benchmark]
    [BenchmarkCategory("Dictionary")]
    public long Dictionary_Pooled()
    {
        PooledDictionary<string, int>.AlternateLookup<ReadOnlySpan<char>> lookup = _pooled.GetAlternateLookup<ReadOnlySpan<char>>();
        long sum = 0;
        foreach (Range word in _words)
        {
            if (lookup.TryGetValue(_text.AsSpan(word), out int value))
            {
                sum += value;
            }
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory("Dictionary")]
    public long Dictionary_Chunked()
    {
        ChunkedDictionary<string, int>.AlternateLookup<ReadOnlySpan<char>> lookup = _chunked.GetAlternateLookup<ReadOnlySpan<char>>();
        long sum = 0;
        foreach (Range word in _words)
        {
            if (lookup.TryGetValue(_text.AsSpan(word), out int value))
            {
                sum += value;
            }
        }

        return sum;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory("Set")]
    public int Set_Bcl()
    {
        HashSet<string>.AlternateLookup<ReadOnlySpan<char>> lookup = _set.GetAlternateLookup<ReadOnlySpan<char>>();
        int found = 0;
        foreach (Range word in _words)
        {
            found += lookup.Contains(_text.AsSpan(word)) ? 1 : 0;
        }

        return found;
    }

    [Benchmark]
    [BenchmarkCategory("Set")]
    public int Set_Pooled()
    {
        PooledHashSet<string>.AlternateLookup<ReadOnlySpan<char>> lookup = _pooledSet.GetAlternateLookup<ReadOnlySpan<char>>();
        int found = 0;
        foreach (Range word in _words)
        {
            found += lookup.Contains(_text.AsSpan(word)) ? 1 : 0;
        }

        return found;
    }

    [Benchmark]
    [BenchmarkCategory("Set")]
    public int Set_Chunked()
    {
        ChunkedHashSet<string>.AlternateLookup<ReadOnlySpan<char>> lookup = _chunkedSet.GetAlternateLookup<ReadOnlySpan<char>>();
        int found = 0;
        foreach (Range word in _words)
        {
            found += lookup.Contains(_text.AsSpan(word)) ? 1 : 0;
        }

        return found;
    }

    private static string Word(int i) => "word" + i.ToString(System.Globalization.CultureInfo.InvariantCulture);

    private long Sum(Dictionary<string, int>.AlternateLookup<ReadOnlySpan<char>> lookup)
    {
        long sum = 0;
        foreach (Range word in _words)
        {
            if (lookup.TryGetValue(_text.AsSpan(word), out int value))
            {
                sum += value;
            }
        }

        return sum;
    }
}
