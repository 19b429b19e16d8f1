using System.Collections;
using Gen0.Collections;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Collections;

/// <summary>
/// The disposed state, enumerator versioning and argument validation of <see cref="PooledDictionary{TKey, TValue}"/>,
/// each compared with <see cref="Dictionary{TKey, TValue}"/> where the BCL has the same situation.
/// </summary>
public class PooledDictionaryLifecycleTests
{
    public static TheoryData<string> Members => new(s_disposedMembers.Keys);

    private static readonly Dictionary<string, Action<PooledDictionary<string, int>>> s_disposedMembers = new()
    {
        ["indexer get"] = d => _ = d["a"],
        ["indexer set"] = d => d["a"] = 1,
        ["Add"] = d => d.Add("z", 1),
        ["TryAdd"] = d => d.TryAdd("z", 1),
        ["Remove"] = d => d.Remove("a"),
        ["Remove out"] = d => d.Remove("a", out _),
        ["ContainsKey"] = d => d.ContainsKey("a"),
        ["ContainsValue"] = d => d.ContainsValue(1),
        ["TryGetValue"] = d => d.TryGetValue("a", out _),
        ["Clear"] = d => d.Clear(),
        ["Comparer"] = d => _ = d.Comparer,
        ["Capacity"] = d => _ = d.Capacity,
        ["Keys"] = d => _ = d.Keys,
        ["Values"] = d => _ = d.Values,
        ["EnsureCapacity"] = d => d.EnsureCapacity(100),
        ["TrimExcess"] = d => d.TrimExcess(),
        ["TrimExcess(n)"] = d => d.TrimExcess(10),
        ["GetEnumerator"] = d => d.GetEnumerator(),
        ["IEnumerable<T>.GetEnumerator"] = d => ((IEnumerable<KeyValuePair<string, int>>)d).GetEnumerator(),
        ["IDictionary.GetEnumerator"] = d => ((IDictionary)d).GetEnumerator(),
        ["ICollection.CopyTo"] = d => ((ICollection)d).CopyTo(new object[4], 0),
        ["ICollection<T>.CopyTo"] = d => ((ICollection<KeyValuePair<string, int>>)d).CopyTo(new KeyValuePair<string, int>[4], 0),
        ["IDictionary indexer"] = d => _ = ((IDictionary)d)["a"],
        ["IDictionary.Add"] = d => ((IDictionary)d).Add("y", 2),
        ["IDictionary.Contains"] = d => ((IDictionary)d).Contains("a"),
    };

    [Theory]
    [MemberData(nameof(Members))]
    public void AfterDispose_EveryMemberThrowsObjectDisposed(string member)
    {
        foreach (bool everAllocated in new[] { true, false })
        {
            var dictionary = new PooledDictionary<string, int>();
            if (everAllocated)
            {
                dictionary.Add("a", 1);
            }

            dictionary.Dispose();
            Assert.Throws<ObjectDisposedException>(() => s_disposedMembers[member](dictionary));
            Assert.True(dictionary.Count == 0, "Count reads 0 after Dispose");
        }
    }

    [Fact]
    public void AfterDispose_ViewsAndLiveEnumeratorsThrowObjectDisposed()
    {
        var dictionary = new PooledDictionary<int, int> { [1] = 1, [2] = 2 };
        PooledDictionary<int, int>.KeyCollection keys = dictionary.Keys;
        PooledDictionary<int, int>.ValueCollection values = dictionary.Values;
        PooledDictionary<int, int>.Enumerator enumerator = dictionary.GetEnumerator();
        PooledDictionary<int, int>.KeyCollection.Enumerator keyEnumerator = keys.GetEnumerator();
        Assert.True(enumerator.MoveNext());

        dictionary.Dispose();
        dictionary.Dispose();

        Assert.True(keys.Count == 0, "Keys.Count reads 0 after Dispose");
        Assert.True(values.Count == 0, "Values.Count reads 0 after Dispose");
        Assert.Throws<ObjectDisposedException>(() => enumerator.MoveNext());
        Assert.Throws<ObjectDisposedException>(() => keyEnumerator.MoveNext());
        Assert.Throws<ObjectDisposedException>(() => keys.GetEnumerator());
        Assert.Throws<ObjectDisposedException>(() => values.GetEnumerator());
        Assert.Throws<ObjectDisposedException>(() => keys.Contains(1));
        Assert.Throws<ObjectDisposedException>(() => keys.CopyTo(new int[2], 0));
        Assert.Throws<ObjectDisposedException>(() => values.CopyTo(new int[2], 0));
        Assert.Throws<ObjectDisposedException>(() => new PooledDictionary<int, int>(dictionary));
    }

    public static TheoryData<string> Mutations => new(s_mutationsByName.Keys);

    private static readonly Dictionary<string, Action<IDictionary<int, int>>> s_mutationsByName = new()
    {
        ["Add new"] = d => d.Add(100, 1),
        ["indexer set new"] = d => d[100] = 1,
        ["indexer overwrite"] = d => d[1] = 42,
        ["TryAdd existing"] = d => d.TryAdd(1, 5),
        ["TryAdd new"] = d => d.TryAdd(100, 5),
        ["Remove existing"] = d => d.Remove(1),
        ["Remove missing"] = d => d.Remove(1000),
        ["Clear"] = d => d.Clear(),
        ["TrimExcess after removals"] = d => { d.Remove(1); d.Remove(2); d.Remove(3); Trim(d); },
        ["TrimExcess nothing to trim"] = Trim,
        ["EnsureCapacity grow"] = d => Ensure(d, 500),
        ["EnsureCapacity no-op"] = d => Ensure(d, 1),
    };

    [PlatformTheory(Requires.NetBcl, "Mono's hash collections are CoreFX 2.x's: they invalidate enumerators on Remove and Clear and enumerate in another order after removals, so a differential run against them diverges at the first such step (the .NET runs cover it).")]
    [MemberData(nameof(Mutations))]
    public void Enumerators_AreVersionedLikeTheBcl(string mutation)
    {
        Dictionary<int, int> expected = Enumerable.Range(0, 20).ToDictionary(i => i, i => i);
        using var actual = new PooledDictionary<int, int>(expected);
        CompareAfterMutation(expected.GetEnumerator(), actual.GetEnumerator());
        CompareAfterMutation(expected.Keys.GetEnumerator(), actual.Keys.GetEnumerator());
        CompareAfterMutation(expected.Values.GetEnumerator(), actual.Values.GetEnumerator());
        CompareAfterMutation(((IDictionary)expected).GetEnumerator(), ((IDictionary)actual).GetEnumerator());

        void CompareAfterMutation(IEnumerator e, IEnumerator a)
        {
            Differential.Same(e.MoveNext, a.MoveNext, mutation);
            s_mutationsByName[mutation](expected);
            s_mutationsByName[mutation](actual);
            Differential.Same(() => e.MoveNext() ? e.Current : "end", () => a.MoveNext() ? a.Current : "end", mutation + " MoveNext");
            Differential.Same(() => { e.Reset(); return e.MoveNext(); }, () => { a.Reset(); return a.MoveNext(); }, mutation + " Reset");
            expected.Clear();
            actual.Clear();
            for (int i = 0; i < 20; i++)
            {
                expected[i] = i;
                actual[i] = i;
            }
        }
    }

    [Fact]
    public void Current_BeforeAndAfterEnumeration_BehavesLikeTheBcl()
    {
        var expected = new Dictionary<int, int> { [1] = 10 };
        using var actual = new PooledDictionary<int, int> { [1] = 10 };
        IDictionaryEnumerator e = ((IDictionary)expected).GetEnumerator();
        IDictionaryEnumerator a = ((IDictionary)actual).GetEnumerator();
        Differential.Same(() => e.Current, () => a.Current, "before");
        Differential.Same(() => e.Key, () => a.Key, "before");
        Differential.Same(() => e.MoveNext(), () => a.MoveNext(), "move");
        Differential.Same(() => e.Current, () => a.Current, "on item");
        Differential.Same(() => e.Entry, () => a.Entry, "on item");
        Differential.Same(() => e.Value, () => a.Value, "on item");
        Differential.Same(() => e.MoveNext(), () => a.MoveNext(), "move past end");
        Differential.Same(() => e.Current, () => a.Current, "after");
        Differential.Same(() => e.Value, () => a.Value, "after");
        Assert.Equal(expected.GetEnumerator().Current, actual.GetEnumerator().Current);
    }

    public static TheoryData<string> BadArguments => new(s_badArgumentsByName.Keys);

    private static readonly Dictionary<string, Func<Func<IEqualityComparer<string>?, IDictionary<string, int>>, object?>> s_badArgumentsByName = new()
    {
        ["null key get"] = make => make(null)[null!],
        ["null key set"] = make => make(null)[null!] = 1,
        ["null key Add"] = make => { make(null).Add(null!, 1); return null; },
        ["null key ContainsKey"] = make => make(null).ContainsKey(null!),
        ["null key TryGetValue"] = make => make(null).TryGetValue(null!, out _),
        ["null key Remove"] = make => make(null).Remove(null!),
        ["duplicate Add"] = make => { IDictionary<string, int> d = make(null); d.Add("a", 1); d.Add("a", 2); return null; },
        ["duplicate Add ignoring case"] = make => { IDictionary<string, int> d = make(StringComparer.OrdinalIgnoreCase); d.Add("a", 1); d.Add("A", 2); return null; },
        ["missing key"] = make => make(null)["nope"],
        ["CopyTo null"] = make => { make(null).CopyTo(null!, 0); return null; },
        ["CopyTo negative index"] = make => { make(null).CopyTo(new KeyValuePair<string, int>[3], -1); return null; },
        ["CopyTo index past end"] = make => { make(null).CopyTo(new KeyValuePair<string, int>[3], 4); return null; },
        ["CopyTo too small"] = make => { IDictionary<string, int> d = make(null); d.Add("a", 1); d.CopyTo(new KeyValuePair<string, int>[1], 1); return null; },
        ["ICollection.CopyTo wrong type"] = make => { IDictionary<string, int> d = make(null); d.Add("a", 1); ((ICollection)d).CopyTo(new string[2], 0); return null; },
        ["ICollection.CopyTo multi-dimensional"] = make => { ((ICollection)make(null)).CopyTo(new object[2, 2], 0); return null; },
        ["ICollection.CopyTo DictionaryEntry"] = make => { IDictionary<string, int> d = make(null); d.Add("a", 1); var de = new DictionaryEntry[2]; ((ICollection)d).CopyTo(de, 1); return de[1].Key; },
        ["Keys.CopyTo too small"] = make => { IDictionary<string, int> d = make(null); d.Add("a", 1); d.Keys.CopyTo(new string[1], 1); return null; },
        ["Keys.Add"] = make => { make(null).Keys.Add("x"); return null; },
        ["Values.Remove"] = make => make(null).Values.Remove(1),
        ["IDictionary wrong key type"] = make => { ((IDictionary)make(null)).Add(42, 1); return null; },
        ["IDictionary wrong value type"] = make => { ((IDictionary)make(null)).Add("a", "one"); return null; },
        ["IDictionary null value for value type"] = make => { ((IDictionary)make(null))["a"] = null; return null; },
        ["IDictionary null key get"] = make => ((IDictionary)make(null))[null!],
        ["IDictionary wrong key type get"] = make => ((IDictionary)make(null))[42],
        ["IDictionary Contains null"] = make => ((IDictionary)make(null)).Contains(null!),
    };

    [Theory]
    [MemberData(nameof(BadArguments))]
    public void BadArguments_ThrowTheBclExceptionTypes(string name)
    {
        Func<Func<IEqualityComparer<string>?, IDictionary<string, int>>, object?> call = s_badArgumentsByName[name];
        var created = new List<PooledDictionary<string, int>>();
        Differential.Same(
            () => call(comparer => new Dictionary<string, int>(comparer)),
            () => call(comparer =>
            {
                var d = new PooledDictionary<string, int>(comparer);
                created.Add(d);
                return d;
            }),
            name);
        created.ForEach(d => d.Dispose());
    }

    [Fact]
    public void ConstructorArguments_ThrowTheBclExceptionTypes()
    {
        Differential.Same(() => new Dictionary<int, int>(-1).Count, () => new PooledDictionary<int, int>(-1).Count, "negative capacity");
        Differential.Same(() => new Dictionary<int, int>((IDictionary<int, int>)null!).Count, () => new PooledDictionary<int, int>((IDictionary<int, int>)null!).Count, "null dictionary");
        Differential.Same(() => BclTwins.Dictionary((IEnumerable<KeyValuePair<int, int>>)null!).Count, () => new PooledDictionary<int, int>((IEnumerable<KeyValuePair<int, int>>)null!).Count, "null collection");
        Differential.Same(() => new Dictionary<int, int>(4).EnsureCapacity(-1), () => new PooledDictionary<int, int>(4).EnsureCapacity(-1), "EnsureCapacity(-1)");
        Differential.Same(() => { var d = new Dictionary<int, int> { [1] = 1, [2] = 2 }; d.TrimExcess(1); return 0; }, () => { var d = new PooledDictionary<int, int> { [1] = 1, [2] = 2 }; d.TrimExcess(1); return 0; }, "TrimExcess below Count");
        Assert.Throws<ArgumentNullException>(() => new PooledDictionary<int, int>.KeyCollection(null!));
    }

    [Fact]
    public void CopyConstruction_FromEveryKindOfSource_MatchesTheBcl()
    {
        var source = new Dictionary<string, int>(StringComparer.OrdinalIgnoreCase);
        for (int i = 0; i < 300; i++)
        {
            source["k" + i] = i;
        }

        for (int i = 0; i < 300; i += 3)
        {
            source.Remove("k" + i);
        }

        using var pooledSource = new PooledDictionary<string, int>(source, StringComparer.OrdinalIgnoreCase);
        foreach ((IEnumerable<KeyValuePair<string, int>> input, IEqualityComparer<string>? comparer) in new (IEnumerable<KeyValuePair<string, int>>, IEqualityComparer<string>?)[]
        {
            (source, StringComparer.OrdinalIgnoreCase),
            (source, null),
            (pooledSource, StringComparer.OrdinalIgnoreCase),
            (pooledSource, StringComparer.Ordinal),
            (source.ToArray(), null),
            (source.ToList(), null),
            (source.Select(x => x), StringComparer.OrdinalIgnoreCase),
        })
        {
            var expected = new Dictionary<string, int>(source, comparer);
            using var actual = new PooledDictionary<string, int>(input, comparer);
            Differential.SameSequence(expected, actual, input.GetType().Name);
            Assert.Equal(input is ICollection<KeyValuePair<string, int>> ? expected.Capacity : actual.Capacity, actual.Capacity);
            Assert.Equal(expected.Comparer, actual.Comparer);
        }
    }

    private static void Trim(IDictionary<int, int> dictionary)
    {
        if (dictionary is Dictionary<int, int> bcl)
        {
            bcl.TrimExcess();
        }
        else
        {
            ((PooledDictionary<int, int>)dictionary).TrimExcess();
        }
    }

    private static void Ensure(IDictionary<int, int> dictionary, int capacity)
    {
        if (dictionary is Dictionary<int, int> bcl)
        {
            bcl.EnsureCapacity(capacity);
        }
        else
        {
            ((PooledDictionary<int, int>)dictionary).EnsureCapacity(capacity);
        }
    }
}
