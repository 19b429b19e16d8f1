#if NET9_0_OR_GREATER && !GEN0_NETSTANDARD
using Gen0.Collections;
using Gen0.Tests.Collections.Conformance;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Collections;

/// <summary>
/// <c>GetAlternateLookup</c> beyond the conformance scripts: seeded random sequences against the BCL's alternate
/// lookup (tiny chunks too), no allocation per span lookup, and disposal.
/// </summary>
public class AlternateLookupTests
{
    public static TheoryData<string> Kinds => ["pooled", "chunked", "chunked, tiny chunks"];

    [Theory]
    [MemberData(nameof(Kinds))]
    public void RandomDictionaryOperationsMatchTheBclAlternateLookup(string kind)
    {
        foreach (StringComparer comparer in new[] { StringComparer.Ordinal, StringComparer.OrdinalIgnoreCase })
        {
            Random random = new(7_919);
            Dictionary<string, int> twin = new(comparer);
            IDictionary<string, int> subject = kind switch
            {
                "pooled" => new PooledDictionary<string, int>(comparer),
                "chunked" => new ChunkedDictionary<string, int>(comparer),
                _ => new ChunkedDictionary<string, int>(comparer, null, null, 4, 4, 16),
            };
            ISpanDictionaryLookup expected = AlternateLookupTwins.TryGetSpanLookup(twin)!;
            ISpanDictionaryLookup actual = AlternateLookupTwins.TryGetSpanLookup(subject)!;
            for (int step = 0; step < 3_000; step++)
            {
                string key = "k" + random.Next(60).ToString(System.Globalization.CultureInfo.InvariantCulture);
                key = random.Next(2) == 0 ? key : key.ToUpperInvariant();
                int value = random.Next(1_000);
                string name = $"{kind} {comparer} step {step}";
                switch (random.Next(7))
                {
                    case 0:
                        Conformance.Conformance.SameOutcome(() => expected.TryAdd(key, value), () => actual.TryAdd(key, value), name + " TryAdd");
                        break;
                    case 1:
                        Conformance.Conformance.SameOutcome(() => expected[key] = value, () => actual[key] = value, name + " set");
                        break;
                    case 2:
                        Conformance.Conformance.SameOutcome(() => expected.Remove(key), () => actual.Remove(key), name + " Remove");
                        break;
                    case 3:
                        Conformance.Conformance.SameOutcome(() => expected.Increment(key), () => actual.Increment(key), name + " Increment");
                        break;
                    case 4:
                        Conformance.Conformance.SameOutcome(() => expected.TryGetValue(key), () => actual.TryGetValue(key), name + " TryGetValue");
                        break;
                    case 5:
                        Conformance.Conformance.SameOutcome(() => expected[key], () => actual[key], name + " get");
                        break;
                    default:
                        Conformance.Conformance.SameOutcome(() => twin.Remove(key), () => subject.Remove(key), name + " Remove by string");
                        break;
                }

                Conformance.Conformance.SameSequence(twin, subject, name + " contents");
            }

            (subject as IDisposable)?.Dispose();
        }
    }

    [Theory]
    [MemberData(nameof(Kinds))]
    public void RandomSetOperationsMatchTheBclAlternateLookup(string kind)
    {
        Random random = new(104_723);
        HashSet<string> twin = new(StringComparer.OrdinalIgnoreCase);
        ISet<string> subject = kind switch
        {
            "pooled" => new PooledHashSet<string>(StringComparer.OrdinalIgnoreCase),
            "chunked" => new ChunkedHashSet<string>(StringComparer.OrdinalIgnoreCase),
            _ => new ChunkedHashSet<string>(StringComparer.OrdinalIgnoreCase, null, null, 4, 4, 16),
        };
        ISpanSetLookup expected = AlternateLookupTwins.TryGetSpanLookup(twin)!;
        ISpanSetLookup actual = AlternateLookupTwins.TryGetSpanLookup(subject)!;
        for (int step = 0; step < 3_000; step++)
        {
            string item = "s" + random.Next(50).ToString(System.Globalization.CultureInfo.InvariantCulture);
            item = random.Next(2) == 0 ? item : item.ToUpperInvariant();
            string name = $"{kind} step {step}";
            switch (random.Next(4))
            {
                case 0:
                    Conformance.Conformance.SameOutcome(() => expected.Add(item), () => actual.Add(item), name + " Add");
                    break;
                case 1:
                    Conformance.Conformance.SameOutcome(() => expected.Remove(item), () => actual.Remove(item), name + " Remove");
                    break;
                case 2:
                    Conformance.Conformance.SameOutcome(() => expected.TryGetValue(item), () => actual.TryGetValue(item), name + " TryGetValue");
                    break;
                default:
                    Conformance.Conformance.SameOutcome(() => expected.Contains(item), () => actual.Contains(item), name + " Contains");
                    break;
            }

            Conformance.Conformance.SameSequence(twin, subject, name + " contents");
        }

        (subject as IDisposable)?.Dispose();
    }

    [Fact]
    public void SpanLookups_AllocateNothing()
    {
        string[] words = [.. Enumerable.Range(0, 200).Select(i => "word" + i.ToString(System.Globalization.CultureInfo.InvariantCulture))];
        using PooledDictionary<string, int> pooled = new(StringComparer.Ordinal);
        using ChunkedDictionary<string, int> chunked = new();
        using PooledHashSet<string> pooledSet = new(StringComparer.OrdinalIgnoreCase);
        using ChunkedHashSet<string> chunkedSet = new();
        foreach (string word in words)
        {
            pooled[word] = 1;
            chunked[word] = 1;
            pooledSet.Add(word);
            chunkedSet.Add(word);
        }

        char[] text = "word17 word199 word3 nothing".ToCharArray();
        PooledDictionary<string, int>.AlternateLookup<ReadOnlySpan<char>> pooledLookup = pooled.GetAlternateLookup<ReadOnlySpan<char>>();
        ChunkedDictionary<string, int>.AlternateLookup<ReadOnlySpan<char>> chunkedLookup = chunked.GetAlternateLookup<ReadOnlySpan<char>>();
        PooledHashSet<string>.AlternateLookup<ReadOnlySpan<char>> pooledSetLookup = pooledSet.GetAlternateLookup<ReadOnlySpan<char>>();
        ChunkedHashSet<string>.AlternateLookup<ReadOnlySpan<char>> chunkedSetLookup = chunkedSet.GetAlternateLookup<ReadOnlySpan<char>>();
        int found = 0;
        int passes = 0;
        LookUp();
        long fewest = Allocations.FewestBytes(LookUp);

        Assert.Equal(0, fewest);

        // Three words found by four lookups each, and "nothing", added by the first set, then found by the pooled dictionary.
        Assert.Equal((passes * 1_000 * 3 * 4) + (passes * 1_000) - 1, found);

        void LookUp()
        {
            passes++;
            for (int i = 0; i < 1_000; i++)
            {
                foreach (Range range in text.AsSpan().Split(' '))
                {
                    ReadOnlySpan<char> word = text.AsSpan(range);
                    found += pooledLookup.TryGetValue(word, out int a) ? a : 0;
                    found += chunkedLookup.TryGetValue(word, out int b) ? b : 0;
                    found += pooledSetLookup.Contains(word) ? 1 : 0;
                    found += chunkedSetLookup.Contains(word) ? 1 : 0;
                    pooledLookup[word] = 1;
                }
            }
        }
    }

    [Fact]
    public void AfterDispose_TheLookupsThrowObjectDisposed()
    {
        PooledDictionary<string, int> pooled = new() { ["a"] = 1 };
        ChunkedDictionary<string, int> chunked = new() { ["a"] = 1 };
        PooledHashSet<string> pooledSet = ["a"];
        ChunkedHashSet<string> chunkedSet = ["a"];
        ISpanDictionaryLookup pooledLookup = AlternateLookupTwins.TryGetSpanLookup(pooled)!;
        ISpanDictionaryLookup chunkedLookup = AlternateLookupTwins.TryGetSpanLookup(chunked)!;
        ISpanSetLookup pooledSetLookup = AlternateLookupTwins.TryGetSpanLookup(pooledSet)!;
        ISpanSetLookup chunkedSetLookup = AlternateLookupTwins.TryGetSpanLookup(chunkedSet)!;
        pooled.Dispose();
        chunked.Dispose();
        pooledSet.Dispose();
        chunkedSet.Dispose();
        foreach (object collection in new object[] { pooled, chunked, pooledSet, chunkedSet })
        {
            Assert.Throws<ObjectDisposedException>(() => AlternateLookupTwins.GetSpanLookup(collection));
            Assert.Throws<ObjectDisposedException>(() => AlternateLookupTwins.TryGetUnsupportedLookup(collection));
        }

        foreach (ISpanDictionaryLookup lookup in new[] { pooledLookup, chunkedLookup })
        {
            Assert.Throws<ObjectDisposedException>(() => lookup["a"]);
            Assert.Throws<ObjectDisposedException>(() => lookup["a"] = 2);
            Assert.Throws<ObjectDisposedException>(() => lookup.ContainsKey("a"));
            Assert.Throws<ObjectDisposedException>(() => lookup.TryGetValue("a"));
            Assert.Throws<ObjectDisposedException>(() => lookup.TryAdd("b", 2));
            Assert.Throws<ObjectDisposedException>(() => lookup.Remove("a"));
            Assert.Throws<ObjectDisposedException>(() => lookup.Increment("a"));
            Assert.Throws<ObjectDisposedException>(() => lookup.Peek("a"));
        }

        foreach (ISpanSetLookup lookup in new[] { pooledSetLookup, chunkedSetLookup })
        {
            Assert.Throws<ObjectDisposedException>(() => lookup.Add("b"));
            Assert.Throws<ObjectDisposedException>(() => lookup.Remove("a"));
            Assert.Throws<ObjectDisposedException>(() => lookup.Contains("a"));
            Assert.Throws<ObjectDisposedException>(() => lookup.TryGetValue("a"));
        }
    }

    [Fact]
    public void AnIncompatibleComparer_ThrowsInvalidOperation_AndTheCollectionStaysUsable()
    {
        using PooledDictionary<string, int> dictionary = new(EqualityComparer<string>.Create((x, y) => x == y, x => x.Length));
        Assert.False(dictionary.TryGetAlternateLookup<ReadOnlySpan<char>>(out _));
        InvalidOperationException error = Assert.Throws<InvalidOperationException>(() => dictionary.GetAlternateLookup<ReadOnlySpan<char>>());
        Assert.Contains("IAlternateEqualityComparer", error.Message, StringComparison.Ordinal);
        dictionary["a"] = 1;
        Assert.Equal(1, dictionary["a"]);
    }
}
#endif
