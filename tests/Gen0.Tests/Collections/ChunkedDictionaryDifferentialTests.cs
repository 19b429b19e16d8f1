using System.Collections;
using Gen0.Collections;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Collections;

/// <summary>
/// <see cref="ChunkedDictionary{TKey, TValue}"/> against <see cref="Dictionary{TKey, TValue}"/>: seeded random
/// operation sequences in the four regimes with 16-entry chunks, comparing the pair order after every step, and runs
/// across the real entry chunk length.
/// </summary>
public sealed class ChunkedDictionaryDifferentialTests
{
    public static TheoryData<string, int, int> Regimes() => ChunkedListDifferentialTests.Regimes();

    [Theory]
    [MemberData(nameof(Regimes))]
    public void RandomOperationsMatchDictionary(string kind, int startSize, int targetSize)
    {
        switch (kind)
        {
            case "byte": Run(ChunkedElementKinds.Byte, startSize, targetSize); break;
            case "int": Run(ChunkedElementKinds.Int, startSize, targetSize); break;
            case "long": Run(ChunkedElementKinds.Long, startSize, targetSize); break;
            case "string": Run(NonNullStrings(), startSize, targetSize); break;
            default: Run(ChunkedElementKinds.Struct, startSize, targetSize); break;
        }
    }

    [Theory]
    [InlineData("int")]
    [InlineData("long")]
    [InlineData("string")]
    [InlineData("struct24")]
    public void RealChunkBoundariesMatchDictionary(string kind)
    {
        switch (kind)
        {
            case "int": Boundaries(ChunkedElementKinds.Int, LargeObjectHeap.MaxPowerOfTwoLength<ChunkedDictionaryEntry<int, string>>()); break;
            case "long": Boundaries(ChunkedElementKinds.Long, LargeObjectHeap.MaxPowerOfTwoLength<ChunkedDictionaryEntry<long, string>>()); break;
            case "string": Boundaries(NonNullStrings(), LargeObjectHeap.MaxPowerOfTwoLength<ChunkedDictionaryEntry<string, string>>()); break;
            default: Boundaries(ChunkedElementKinds.Struct, LargeObjectHeap.MaxPowerOfTwoLength<ChunkedDictionaryEntry<Struct24, string>>()); break;
        }
    }

    [Fact]
    public void DictionaryInterfacesBehaveLikeTheBcl()
    {
        Dictionary<string, int> expected = new() { ["a"] = 1, ["b"] = 2 };
        ChunkedDictionary<string, int> actual = new() { ["a"] = 1, ["b"] = 2 };
        IDictionary e = expected;
        IDictionary f = actual;
        Differential.Same(() => e.Add(1, 1), () => f.Add(1, 1), "IDictionary.Add wrong key type");
        Differential.Same(() => e.Add("c", "x"), () => f.Add("c", "x"), "IDictionary.Add wrong value type");
        Differential.Same(() => e.Add("c", null), () => f.Add("c", null), "IDictionary.Add null value");
        Differential.Same(() => e["a"], () => f["a"], "IDictionary get");
        Differential.Same(() => e[1], () => f[1], "IDictionary get wrong type");
        Differential.Same(() => e.Contains(null!), () => f.Contains(null!), "IDictionary.Contains null");
        Differential.Same(() => expected[null!], () => actual[null!], "get null");
        Differential.Same(() => expected["zz"], () => actual["zz"], "get missing");
        Differential.Same(() => expected.Keys.Contains("a"), () => actual.Keys.Contains("a"), "Keys.Contains");
        Differential.Same(() => ((ICollection<string>)expected.Keys).Add("q"), () => ((ICollection<string>)actual.Keys).Add("q"), "Keys.Add");
        IDictionaryEnumerator de = e.GetEnumerator();
        IDictionaryEnumerator fe = f.GetEnumerator();
        Differential.Same(() => de.Key, () => fe.Key, "Key before MoveNext");
        Assert.Equal(de.MoveNext(), fe.MoveNext());
        Assert.Equal(de.Entry, fe.Entry);
        Assert.Equal(de.Current, fe.Current);
        object[] a = new object[3];
        object[] b = new object[3];
        ((ICollection)expected).CopyTo(a, 0);
        ((ICollection)actual).CopyTo(b, 0);
        Assert.Equal(a, b);
        actual.Dispose();
        Assert.Throws<ObjectDisposedException>(() => actual["a"]);
        Assert.Throws<ObjectDisposedException>(() => actual.Add("z", 1));
    }

    private static ChunkedElementKind<string> NonNullStrings() =>
        new("string", (random, domain) => ChunkedElementKinds.String.Make(random, domain) ?? "null", ChunkedElementKinds.String.TotalOrder);

    private static void Run<TKey>(ChunkedElementKind<TKey> kind, int startSize, int targetSize)
        where TKey : notnull
    {
        foreach (int seed in Seeds.Range(1, 2))
        {
            Seeds.Run(seed, () =>
            {
                Random random = new(seed * 15_485_863 + startSize + targetSize);
                int domain = Math.Max(8, targetSize * 2);
                Dictionary<TKey, string> expected = new();
                ChunkedDictionary<TKey, string> actual = new(null, null, null, bucketChunkLength: 16, entryChunkLength: 16, directoryLength: 8);
                for (int i = 0; i < startSize; i++)
                {
                    TKey key = kind.Make(random, domain);
                    Assert.Equal(expected.TryAdd(key, "v" + i), actual.TryAdd(key, "v" + i));
                }

                for (int step = 0; step < 400; step++)
                {
                    string name = $"{kind.Name} {startSize}->{targetSize} seed {seed} step {step}";
                    Step(kind, random, domain, targetSize, expected, actual, name);
                    Assert.Equal(expected.Count, actual.Count);
                    Differential.SameSequence(expected, actual, name);
                }

                Differential.SameSequence(expected.Keys, actual.Keys, "keys");
                Differential.SameSequence(expected.Values, actual.Values, "values");
            });
        }
    }

    private static void Step<TKey>(ChunkedElementKind<TKey> kind, Random random, int domain, int targetSize, Dictionary<TKey, string> expected, ChunkedDictionary<TKey, string> actual, string name)
        where TKey : notnull
    {
        bool grow = expected.Count < targetSize;
        TKey key = kind.Make(random, domain);
        string value = "w" + random.Next(1000);
        switch (random.Next(grow ? 0 : 4, 20))
        {
            case 0: case 1:
                Differential.Same(() => expected.Add(key, value), () => actual.Add(key, value), name + " Add");
                break;
            case 2:
                Differential.Same(() => expected.TryAdd(key, value), () => actual.TryAdd(key, value), name + " TryAdd");
                break;
            case 3:
                Differential.Same(() => expected[key] = value, () => actual[key] = value, name + " set");
                break;
            case 4: case 5:
                Differential.Same(() => expected.Remove(key), () => actual.Remove(key), name + " Remove");
                break;
            case 6:
                Differential.Same(() => expected.Remove(key, out string? e) ? e : "none", () => actual.Remove(key, out string? a) ? a : "none", name + " Remove out");
                break;
            case 7:
                Differential.Same(() => expected[key], () => actual[key], name + " get");
                Differential.Same(() => expected.TryGetValue(key, out string? e) ? e : "none", () => actual.TryGetValue(key, out string? a) ? a : "none", name + " TryGetValue");
                Differential.Same(() => expected.ContainsKey(key), () => actual.ContainsKey(key), name + " ContainsKey");
                Differential.Same(() => expected.ContainsValue(value), () => actual.ContainsValue(value), name + " ContainsValue");
                break;
            case 8:
                if (random.Next(4) == 0)
                {
                    expected.Clear();
                    actual.Clear();
                }

                break;
            case 9:
                expected.TrimExcess();
                actual.TrimExcess();
                break;
            case 10:
                {
                    int capacity = random.Next(-1, expected.Count * 2 + 3);
                    Differential.SameCapacity(() => expected.EnsureCapacity(capacity), () => actual.EnsureCapacity(capacity), capacity, name + " EnsureCapacity");
                    break;
                }

            case 11:
                {
                    int capacity = random.Next(expected.Count - 1, expected.Count * 2 + 3);
                    Differential.Same(() => expected.TrimExcess(capacity), () => actual.TrimExcess(capacity), name + " TrimExcess(n)");
                    break;
                }

            case 12:
                {
                    // Removing during enumeration is allowed; adding is not.
                    using Dictionary<TKey, string>.Enumerator e = expected.GetEnumerator();
                    using ChunkedDictionary<TKey, string>.Enumerator f = actual.GetEnumerator();
                    Assert.Equal(e.MoveNext(), f.MoveNext());
                    Assert.Equal(expected.Remove(key), actual.Remove(key));
                    Differential.Same(() => e.MoveNext(), () => f.MoveNext(), name + " MoveNext after Remove");
                    Differential.Same(() => expected.TryAdd(key, value), () => actual.TryAdd(key, value), name + " TryAdd");
                    Differential.Same(() => e.MoveNext(), () => f.MoveNext(), name + " MoveNext after Add");
                    break;
                }

            case 13:
                {
                    KeyValuePair<TKey, string>[] a = new KeyValuePair<TKey, string>[expected.Count + 2];
                    KeyValuePair<TKey, string>[] b = new KeyValuePair<TKey, string>[expected.Count + 2];
                    int index = random.Next(-1, 4);
                    Differential.Same(() => { ((ICollection<KeyValuePair<TKey, string>>)expected).CopyTo(a, index); return string.Join(",", a); }, () => { ((ICollection<KeyValuePair<TKey, string>>)actual).CopyTo(b, index); return string.Join(",", b); }, name + " CopyTo");
                    TKey[] ka = new TKey[expected.Count + 2];
                    TKey[] kb = new TKey[expected.Count + 2];
                    Differential.Same(() => { expected.Keys.CopyTo(ka, index); return string.Join(",", ka); }, () => { actual.Keys.CopyTo(kb, index); return string.Join(",", kb); }, name + " Keys.CopyTo");
                    break;
                }

            case 14:
                {
                    ICollection<KeyValuePair<TKey, string>> e = expected;
                    ICollection<KeyValuePair<TKey, string>> f = actual;
                    KeyValuePair<TKey, string> pair = new(key, random.Next(2) == 0 ? value : expected.GetValueOrDefault(key, value));
                    Differential.Same(() => e.Contains(pair), () => f.Contains(pair), name + " Contains pair");
                    Differential.Same(() => e.Remove(pair), () => f.Remove(pair), name + " Remove pair");
                    break;
                }

            case 15:
                {
                    Dictionary<TKey, string> copy = new(expected);
                    ChunkedDictionary<TKey, string> chunkedCopy = new(actual);
                    Differential.SameSequence(copy, chunkedCopy, name + " copy");
                    break;
                }

            default:
                if (grow)
                {
                    Differential.Same(() => expected.TryAdd(key, value), () => actual.TryAdd(key, value), name + " TryAdd");
                }
                else if (expected.Count > 0)
                {
                    TKey first = expected.Keys.First();
                    Differential.Same(() => expected.Remove(first), () => actual.Remove(first), name + " Remove first");
                }

                break;
        }
    }

    private static void Boundaries<TKey>(ChunkedElementKind<TKey> kind, int entryChunkLength)
        where TKey : notnull
    {
        Random random = new(entryChunkLength);
        foreach (int size in new[] { entryChunkLength - 1, entryChunkLength, entryChunkLength + 1 })
        {
            Dictionary<TKey, string> expected = new();
            ChunkedDictionary<TKey, string> actual = new();
            while (expected.Count < size)
            {
                TKey key = kind.Make(random, size * 4);
                Assert.Equal(expected.TryAdd(key, "x"), actual.TryAdd(key, "x"));
            }

            string name = $"{kind.Name} at {size}";
            Differential.SameSequence(expected, actual, name);
            TKey[] sample = expected.Keys.Where((_, i) => i % 5 == 0).ToArray();
            foreach (TKey key in sample)
            {
                Assert.True(actual.Remove(key));
                expected.Remove(key);
            }

            foreach (TKey key in sample.Reverse())
            {
                expected[key] = "y";
                actual[key] = "y";
            }

            Differential.SameSequence(expected, actual, name + " after edits");
            expected.TrimExcess();
            actual.TrimExcess();
            Differential.SameSequence(expected, actual, name + " trimmed");
        }
    }
}
