using System.Collections;
using Gen0.Collections;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Collections;

/// <summary>
/// Seeded random sequences of every member of <see cref="PooledDictionary{TKey, TValue}"/> run side by side with
/// <see cref="Dictionary{TKey, TValue}"/>: same results, same exception types, same contents in the same enumeration
/// order after every step (every few steps at 100,000 entries).
/// </summary>
public class PooledDictionaryDifferentialTests
{
    public static TheoryData<int, int, int> Sizes => new()
    {
        // size, operations, compare contents every n operations
        { 0, 400, 1 },
        { 1, 400, 1 },
        { 16, 1_500, 1 },
        { 1_000, 3_000, 10 },
        { 100_000, 1_500, 500 },
    };

    [PlatformTheory(Requires.NetBcl, "Mono's hash collections are CoreFX 2.x's: they invalidate enumerators on Remove and Clear and enumerate in another order after removals, so a differential run against them diverges at the first such step (the .NET runs cover it).")]
    [MemberData(nameof(Sizes))]
    public void IntKeys_MatchDictionary(int size, int operations, int compareEvery) =>
        Run(seed: 11 + size, size, operations, compareEvery, random => random.Next(Math.Max(4, size * 2)), comparer: null);

    [PlatformTheory(Requires.NetBcl, "Mono's hash collections are CoreFX 2.x's: they invalidate enumerators on Remove and Clear and enumerate in another order after removals, so a differential run against them diverges at the first such step (the .NET runs cover it).")]
    [MemberData(nameof(Sizes))]
    public void StringKeys_MatchDictionary(int size, int operations, int compareEvery) =>
        Run(seed: 23 + size, size, operations, compareEvery, random => "k" + random.Next(Math.Max(4, size * 2)), comparer: null);

    [PlatformTheory(Requires.NetBcl, "Mono's hash collections are CoreFX 2.x's: they invalidate enumerators on Remove and Clear and enumerate in another order after removals, so a differential run against them diverges at the first such step (the .NET runs cover it).")]
    [MemberData(nameof(Sizes))]
    public void StringKeysIgnoringCase_MatchDictionary(int size, int operations, int compareEvery) =>
        Run(seed: 37 + size, size, operations, compareEvery, RandomCaseKey(size), StringComparer.OrdinalIgnoreCase);

    [PlatformFact(Requires.NetBcl, "Mono's hash collections are CoreFX 2.x's: they invalidate enumerators on Remove and Clear and enumerate in another order after removals, so a differential run against them diverges at the first such step (the .NET runs cover it).")]
    public void CustomIntComparer_MatchesDictionary() =>
        Run(seed: 5, size: 60, operations: 2_000, compareEvery: 1, random => random.Next(600), new ModuloComparer(97));

    internal static Func<Random, string> RandomCaseKey(int size) => random =>
    {
        string key = "key" + random.Next(Math.Max(4, size * 2));
        return random.Next(2) == 0 ? key : key.ToUpperInvariant();
    };

    private static void Run<TKey>(int seed, int size, int operations, int compareEvery, Func<Random, TKey> nextKey, IEqualityComparer<TKey>? comparer)
        where TKey : notnull
    {
        foreach (int fresh in Seeds.With(seed))
        {
            Seeds.Run(fresh, () => RunSeed(fresh, size, operations, compareEvery, nextKey, comparer));
        }
    }

    private static void RunSeed<TKey>(int seed, int size, int operations, int compareEvery, Func<Random, TKey> nextKey, IEqualityComparer<TKey>? comparer)
        where TKey : notnull
    {
        var random = new Random(seed);
        var expected = new Dictionary<TKey, int>(comparer);
        using var actual = new PooledDictionary<TKey, int>(comparer);
        while (expected.Count < size)
        {
            TKey key = nextKey(random);
            int value = random.Next();
            expected[key] = value;
            actual[key] = value;
        }

        AssertSameContents(expected, actual, "prefill");
        for (int step = 0; step < operations; step++)
        {
            string name = Step(random, expected, actual, nextKey, size);
            if (step % compareEvery == 0 || step == operations - 1)
            {
                AssertSameContents(expected, actual, $"step {step} ({name})");
            }
        }
    }

    internal static void AssertSameContents<TKey>(Dictionary<TKey, int> expected, PooledDictionary<TKey, int> actual, string step)
        where TKey : notnull
    {
        Assert.Equal(expected.Count, actual.Count);
        Differential.SameSequence(expected, actual, step);
        Differential.SameSequence(expected.Keys, actual.Keys, step + " keys");
        Differential.SameSequence(expected.Values, actual.Values, step + " values");
        Differential.SameCapacity(() => expected.Capacity, () => actual.Capacity, actual.Count, step + " capacity");
    }

    private static string Step<TKey>(Random random, Dictionary<TKey, int> e, PooledDictionary<TKey, int> a, Func<Random, TKey> nextKey, int size)
        where TKey : notnull
    {
        TKey key = nextKey(random);
        int value = random.Next(100);
        int op = random.Next(30);
        string name = $"op {op} key {key}";
        switch (op)
        {
            case 0:
            case 1:
                Differential.Same(() => e.Add(key, value), () => a.Add(key, value), name);
                break;
            case 2:
            case 3:
                Differential.Same(() => e.TryAdd(key, value), () => a.TryAdd(key, value), name);
                break;
            case 4:
                Differential.Same(() => e[key] = value, () => a[key] = value, name);
                break;
            case 5:
                Differential.Same(() => e[key], () => a[key], name);
                break;
            case 6:
            case 7:
            case 8:
                Differential.Same(() => e.Remove(key), () => a.Remove(key), name);
                break;
            case 9:
                Differential.Same(() => (e.Remove(key, out int v), v), () => (a.Remove(key, out int v), v), name);
                break;
            case 10:
                Differential.Same(() => e.ContainsKey(key), () => a.ContainsKey(key), name);
                break;
            case 11:
                Differential.Same(() => e.ContainsValue(value), () => a.ContainsValue(value), name);
                break;
            case 12:
                Differential.Same(() => (e.TryGetValue(key, out int v), v), () => (a.TryGetValue(key, out int v), v), name);
                break;
            case 13:
                if (random.Next(size < 100 ? 4 : 40) == 0)
                {
                    Differential.Same(e.Clear, a.Clear, name);
                }

                break;
            case 14:
                int capacity = random.Next(-1, (size * 2) + 10);
                Differential.SameCapacity(() => e.EnsureCapacity(capacity), () => a.EnsureCapacity(capacity), capacity, name + " EnsureCapacity " + capacity);
                break;
            case 15:
                Differential.Same(e.TrimExcess, a.TrimExcess, name + " TrimExcess");
                break;
            case 16:
                int trimTo = e.Count + random.Next(-2, 20);
                Differential.Same(() => e.TrimExcess(trimTo), () => a.TrimExcess(trimTo), name + " TrimExcess " + trimTo);
                break;
            case 17:
                var pair = new KeyValuePair<TKey, int>(key, value);
                Differential.Same(() => ((ICollection<KeyValuePair<TKey, int>>)e).Contains(pair), () => ((ICollection<KeyValuePair<TKey, int>>)a).Contains(pair), name);
                Differential.Same(() => ((ICollection<KeyValuePair<TKey, int>>)e).Remove(pair), () => ((ICollection<KeyValuePair<TKey, int>>)a).Remove(pair), name);
                break;
            case 18:
                Differential.Same(() => ((ICollection<KeyValuePair<TKey, int>>)e).Add(new(key, value)), () => ((ICollection<KeyValuePair<TKey, int>>)a).Add(new(key, value)), name);
                break;
            case 19:
                Differential.Same(() => ((IDictionary)e)[key], () => ((IDictionary)a)[key], name);
                Differential.Same(() => ((IDictionary)e).Contains(key), () => ((IDictionary)a).Contains(key), name);
                Differential.Same(() => ((IDictionary)e)[key] = value, () => ((IDictionary)a)[key] = value, name);
                break;
            case 20:
                Differential.Same(() => ((IDictionary)e).Add(key, value), () => ((IDictionary)a).Add(key, value), name);
                TKey other = nextKey(random);
                Differential.Same(() => ((IDictionary)e).Remove(other), () => ((IDictionary)a).Remove(other), name);
                break;
            case 21:
                int index = random.Next(-1, 4);
                int length = e.Count + random.Next(-1, 4);
                Differential.SameElements(() => CopyPairs(e, length, index), () => CopyPairs(a, length, index), name + $" CopyTo [{length}] at {index}", PairComparer<TKey>.Instance);
                Differential.SameElements(() => CopyKeys(e.Keys, length, index), () => CopyKeys(a.Keys, length, index), name);
                Differential.SameElements(() => CopyValues(e.Values, length, index), () => CopyValues(a.Values, length, index), name);
                break;
            case 22:
                Differential.SameElements(() => CopyNonGeneric(e, e.Count + 1, 1), () => CopyNonGeneric(a, a.Count + 1, 1), name);
                Differential.SameElements(() => CopyNonGeneric(e.Keys, e.Count, 0), () => CopyNonGeneric(a.Keys, a.Count, 0), name);
                break;
            case 23:
                Differential.Same(() => e.Keys.Contains(key), () => a.Keys.Contains(key), name);
                Differential.Same(() => ((ICollection<int>)e.Values).Contains(value), () => ((ICollection<int>)a.Values).Contains(value), name);
                break;
            case 24:
                // A live enumerator, then a random mutation, then MoveNext: same versioning.
                var ee = e.GetEnumerator();
                var ae = a.GetEnumerator();
                Differential.Same(() => ee.MoveNext(), () => ae.MoveNext(), name);
                Step(random, e, a, nextKey, size);
                Differential.Same(() => ee.MoveNext() ? ee.Current : default, () => ae.MoveNext() ? ae.Current : default, name + " enumerator after mutation");
                break;
            case 25:
                var ek = e.Keys.GetEnumerator();
                var ak = a.Keys.GetEnumerator();
                var ev = e.Values.GetEnumerator();
                var av = a.Values.GetEnumerator();
                Differential.Same(() => ek.MoveNext(), () => ak.MoveNext(), name);
                Differential.Same(() => ev.MoveNext(), () => av.MoveNext(), name);
                Step(random, e, a, nextKey, size);
                Differential.Same(() => ek.MoveNext() ? ek.Current : default, () => ak.MoveNext() ? ak.Current : default, name + " keys enumerator after mutation");
                Differential.Same(() => ev.MoveNext() ? ev.Current : default, () => av.MoveNext() ? av.Current : default, name + " values enumerator after mutation");
                break;
            case 26:
                Differential.SameCapacity(() => e.Capacity, () => a.Capacity, a.Count, name);
                Differential.Same(() => e.Count, () => a.Count, name);
                break;
            case 27:
                // Removing while enumerating is allowed by Dictionary since .NET Core 3.0.
                Differential.Same(() => RemoveWhileEnumerating(e), () => RemoveWhileEnumerating(a), name);
                break;
            default:
                Differential.Same(() => e.TryAdd(key, value), () => a.TryAdd(key, value), name);
                break;
        }

        return name;
    }

    private static int RemoveWhileEnumerating<TKey>(IDictionary<TKey, int> dictionary)
    {
        int removed = 0;
        foreach (KeyValuePair<TKey, int> pair in dictionary)
        {
            if (pair.Value % 7 == 0 && dictionary.Remove(pair.Key))
            {
                removed++;
            }
        }

        return removed;
    }

    private static KeyValuePair<TKey, int>[] CopyPairs<TKey>(ICollection<KeyValuePair<TKey, int>> source, int length, int index)
    {
        var array = new KeyValuePair<TKey, int>[Math.Max(0, length)];
        source.CopyTo(array, index);
        return array;
    }

    private static TKey[] CopyKeys<TKey>(ICollection<TKey> source, int length, int index)
    {
        var array = new TKey[Math.Max(0, length)];
        source.CopyTo(array, index);
        return array;
    }

    private static int[] CopyValues(ICollection<int> source, int length, int index)
    {
        int[] array = new int[Math.Max(0, length)];
        source.CopyTo(array, index);
        return array;
    }

    private static object[] CopyNonGeneric(ICollection source, int length, int index)
    {
        object[] array = new object[Math.Max(0, length)];
        source.CopyTo(array, index);
        return array;
    }

    /// <summary>Collides on purpose: keys equal modulo a prime share hash codes and compare equal.</summary>
    internal sealed class ModuloComparer(int modulus) : IEqualityComparer<int>
    {
        public bool Equals(int x, int y) => x % modulus == y % modulus;

        public int GetHashCode(int obj) => (obj % modulus) * 31;
    }
}
