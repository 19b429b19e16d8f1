using Gen0.Collections;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Collections;

/// <summary>
/// Seeded random sequences of every member of <see cref="PooledHashSet{T}"/> run side by side with
/// <see cref="HashSet{T}"/>: same results, same exception types, same contents in the same enumeration order after
/// every step (every few steps at 100,000 elements). The set operations get every kind of <c>other</c> the BCL
/// distinguishes: a list with duplicates, an array, a lazy sequence, a set with the same or another comparer, the
/// set itself, and a pooled twin.
/// </summary>
public class PooledHashSetDifferentialTests
{
    public static TheoryData<int, int, int> Sizes => new()
    {
        { 0, 400, 1 },
        { 1, 400, 1 },
        { 16, 1_500, 1 },
        { 1_000, 2_000, 10 },
        { 100_000, 300, 100 },
    };

    [PlatformTheory(Requires.NetBcl, "Mono's hash collections are CoreFX 2.x's: they invalidate enumerators on Remove and Clear and enumerate in another order after removals, so a differential run against them diverges at the first such step (the .NET runs cover it).")]
    [MemberData(nameof(Sizes))]
    public void IntElements_MatchHashSet(int size, int operations, int compareEvery) =>
        Run(seed: 101 + size, size, operations, compareEvery, random => random.Next(Math.Max(4, size * 2)), comparer: null, otherComparer: new PooledDictionaryDifferentialTests.ModuloComparer(7));

    [PlatformTheory(Requires.NetBcl, "Mono's hash collections are CoreFX 2.x's: they invalidate enumerators on Remove and Clear and enumerate in another order after removals, so a differential run against them diverges at the first such step (the .NET runs cover it).")]
    [MemberData(nameof(Sizes))]
    public void StringElements_MatchHashSet(int size, int operations, int compareEvery) =>
        Run(seed: 211 + size, size, operations, compareEvery, random => random.Next(50) == 0 ? null! : "s" + random.Next(Math.Max(4, size * 2)), comparer: null, otherComparer: StringComparer.OrdinalIgnoreCase);

    [PlatformTheory(Requires.NetBcl, "Mono's hash collections are CoreFX 2.x's: they invalidate enumerators on Remove and Clear and enumerate in another order after removals, so a differential run against them diverges at the first such step (the .NET runs cover it).")]
    [MemberData(nameof(Sizes))]
    public void StringElementsIgnoringCase_MatchHashSet(int size, int operations, int compareEvery) =>
        Run(seed: 307 + size, size, operations, compareEvery, PooledDictionaryDifferentialTests.RandomCaseKey(size), StringComparer.OrdinalIgnoreCase, otherComparer: StringComparer.Ordinal);

    [Fact]
    public void CopyConstructors_KeepTheFreeListLikeTheBcl()
    {
        var random = new Random(3);
        for (int round = 0; round < 30; round++)
        {
            var expected = new HashSet<int>();
            using var actual = new PooledHashSet<int>();
            int n = random.Next(1, 200);
            for (int i = 0; i < n; i++)
            {
                int item = random.Next(n * 2);
                expected.Add(item);
                actual.Add(item);
                if (random.Next(3) == 0)
                {
                    int gone = random.Next(n * 2);
                    expected.Remove(gone);
                    actual.Remove(gone);
                }
            }

            // Pooled from pooled mirrors HashSet from HashSet, free slots included.
            var expectedCopy = new HashSet<int>(expected);
            using var actualCopy = new PooledHashSet<int>(actual);
            for (int i = 0; i < 20; i++)
            {
                int item = random.Next(n * 3);
                Assert.Equal(expectedCopy.Add(item), actualCopy.Add(item));
            }

            Differential.SameSequence(expectedCopy, actualCopy, $"round {round}");
            Differential.SameCapacity(() => expectedCopy.Capacity, () => actualCopy.Capacity, actualCopy.Count, $"round {round} capacity");
        }
    }

    private static void Run<T>(int seed, int size, int operations, int compareEvery, Func<Random, T> next, IEqualityComparer<T>? comparer, IEqualityComparer<T> otherComparer)
    {
        foreach (int fresh in Seeds.With(seed))
        {
            Seeds.Run(fresh, () => RunSeed(fresh, size, operations, compareEvery, next, comparer, otherComparer));
        }
    }

    private static void RunSeed<T>(int seed, int size, int operations, int compareEvery, Func<Random, T> next, IEqualityComparer<T>? comparer, IEqualityComparer<T> otherComparer)
    {
        var random = new Random(seed);
        var expected = new HashSet<T>(comparer);
        using var actual = new PooledHashSet<T>(comparer);
        while (expected.Count < size)
        {
            T item = next(random);
            expected.Add(item);
            actual.Add(item);
        }

        AssertSameContents(expected, actual, "prefill");
        for (int step = 0; step < operations; step++)
        {
            string name = Step(random, expected, actual, next, size, comparer, otherComparer);
            if (step % compareEvery == 0 || step == operations - 1)
            {
                AssertSameContents(expected, actual, $"step {step} ({name})");
            }
        }
    }

    private static void AssertSameContents<T>(HashSet<T> expected, PooledHashSet<T> actual, string step)
    {
        Assert.Equal(expected.Count, actual.Count);
        Differential.SameSequence(expected, actual, step);
        Differential.SameCapacity(() => expected.Capacity, () => actual.Capacity, actual.Count, step + " capacity");
    }

    private static string Step<T>(Random random, HashSet<T> e, PooledHashSet<T> a, Func<Random, T> next, int size, IEqualityComparer<T>? comparer, IEqualityComparer<T> otherComparer)
    {
        T item = next(random);
        int op = random.Next(26);
        string name = $"op {op} item {item}";
        switch (op)
        {
            case 0:
            case 1:
            case 2:
                Differential.Same(() => e.Add(item), () => a.Add(item), name);
                break;
            case 3:
            case 4:
                Differential.Same(() => e.Remove(item), () => a.Remove(item), name);
                break;
            case 5:
                Differential.Same(() => e.Contains(item), () => a.Contains(item), name);
                break;
            case 6:
                Differential.Same(() => (e.TryGetValue(item, out T? v), v), () => (a.TryGetValue(item, out T? v), v), name);
                break;
            case 7:
                if (random.Next(size < 100 ? 4 : 40) == 0)
                {
                    Differential.Same(e.Clear, a.Clear, name);
                }

                break;
            case 8:
            case 9:
            case 10:
            case 11:
            case 12:
            case 13:
            case 14:
            case 15:
            case 16:
            case 17:
                SetOperation(random, e, a, next, op - 8, comparer, otherComparer, name);
                break;
            case 18:
                int modulus = random.Next(2, 9);
                Differential.Same(() => e.RemoveWhere(x => (x?.GetHashCode() ?? 0) % modulus == 0), () => a.RemoveWhere(x => (x?.GetHashCode() ?? 0) % modulus == 0), name);
                break;
            case 19:
                int length = e.Count + random.Next(-1, 4);
                int index = random.Next(-1, 4);
                int count = random.Next(-1, e.Count + 2);
                Differential.Same(() => Copy<T>(s => e.CopyTo(s), length), () => Copy<T>(s => a.CopyTo(s), length), name);
                Differential.Same(() => Copy<T>(s => e.CopyTo(s, index), length), () => Copy<T>(s => a.CopyTo(s, index), length), name);
                Differential.Same(() => Copy<T>(s => e.CopyTo(s, index, count), length), () => Copy<T>(s => a.CopyTo(s, index, count), length), name + $" CopyTo [{length}] at {index} count {count}");
                break;
            case 20:
                int capacity = random.Next(-1, (size * 2) + 10);
                Differential.SameCapacity(() => e.EnsureCapacity(capacity), () => a.EnsureCapacity(capacity), capacity, name + " EnsureCapacity " + capacity);
                break;
            case 21:
                Differential.Same(e.TrimExcess, a.TrimExcess, name);
                break;
            case 22:
                int trimTo = e.Count + random.Next(-2, 20);
                Differential.Same(() => e.TrimExcess(trimTo), () => a.TrimExcess(trimTo), name + " TrimExcess " + trimTo);
                break;
            case 23:
                var ee = e.GetEnumerator();
                var ae = a.GetEnumerator();
                Differential.Same(() => ee.MoveNext(), () => ae.MoveNext(), name);
                Step(random, e, a, next, size, comparer, otherComparer);
                Differential.Same(() => ee.MoveNext() ? ee.Current : default, () => ae.MoveNext() ? ae.Current : default, name + " enumerator after mutation");
                break;
            case 24:
                Differential.Same(() => ((ICollection<T>)e).Contains(item), () => ((ICollection<T>)a).Contains(item), name);
                Differential.Same(() => ((ICollection<T>)e).Add(item), () => ((ICollection<T>)a).Add(item), name);
                break;
            default:
                Differential.SameCapacity(() => e.Capacity, () => a.Capacity, a.Count, name);
                break;
        }

        return name;
    }

    private static void SetOperation<T>(Random random, HashSet<T> e, PooledHashSet<T> a, Func<Random, T> next, int which, IEqualityComparer<T>? comparer, IEqualityComparer<T> otherComparer, string name)
    {
        int otherCount = random.Next(4) switch
        {
            0 => 0,
            1 => random.Next(1, 4),
            2 => Math.Min(e.Count + 2, 3_000),
            _ => random.Next(1, 200),
        };

        // Half the time draw from the set itself, so that subsets and overlaps really happen.
        List<T> items = [];
        T[] own = e.ToArray();
        for (int i = 0; i < otherCount; i++)
        {
            items.Add(own.Length > 0 && random.Next(2) == 0 ? own[random.Next(own.Length)] : next(random));
        }

        int kind = random.Next(7);
        using var pooledOther = new PooledHashSet<T>(items, comparer);
        (IEnumerable<T> forExpected, IEnumerable<T> forActual, string kindName) = kind switch
        {
            0 => ((IEnumerable<T>)items, (IEnumerable<T>)items, "list"),
            1 => (items.ToArray(), items.ToArray(), "array"),
            2 => (items.Select(x => x), items.Select(x => x), "lazy"),
            3 => (new HashSet<T>(items, comparer), new HashSet<T>(items, comparer), "set, same comparer"),
            4 => (new HashSet<T>(items, otherComparer), new HashSet<T>(items, otherComparer), "set, other comparer"),
            5 => (new HashSet<T>(items, comparer), pooledOther, "pooled twin"),
            _ => (e, a, "itself"),
        };

        string label = $"{name} set op {which} with {kindName} of {items.Count}";
        switch (which)
        {
            case 0:
                Differential.Same(() => e.UnionWith(forExpected), () => a.UnionWith(forActual), label);
                break;
            case 1:
                Differential.Same(() => e.IntersectWith(forExpected), () => a.IntersectWith(forActual), label);
                break;
            case 2:
                Differential.Same(() => e.ExceptWith(forExpected), () => a.ExceptWith(forActual), label);
                break;
            case 3:
                Differential.Same(() => e.SymmetricExceptWith(forExpected), () => a.SymmetricExceptWith(forActual), label);
                break;
            case 4:
                Differential.Same(() => e.IsSubsetOf(forExpected), () => a.IsSubsetOf(forActual), label);
                break;
            case 5:
                Differential.Same(() => e.IsProperSubsetOf(forExpected), () => a.IsProperSubsetOf(forActual), label);
                break;
            case 6:
                Differential.Same(() => e.IsSupersetOf(forExpected), () => a.IsSupersetOf(forActual), label);
                break;
            case 7:
                Differential.Same(() => e.IsProperSupersetOf(forExpected), () => a.IsProperSupersetOf(forActual), label);
                break;
            case 8:
                Differential.Same(() => e.Overlaps(forExpected), () => a.Overlaps(forActual), label);
                break;
            default:
                Differential.Same(() => e.SetEquals(forExpected), () => a.SetEquals(forActual), label);
                break;
        }

        AssertSameContents(e, a, label);
    }

    private static string Copy<T>(Action<T[]> copy, int length)
    {
        var array = new T[Math.Max(0, length)];
        copy(array);
        return string.Join(",", array);
    }
}
