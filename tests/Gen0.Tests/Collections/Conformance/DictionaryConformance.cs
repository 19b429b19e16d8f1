using System.Collections;
using Gen0.Collections;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Collections.Conformance;

/// <summary>
/// <see cref="IDictionary{TKey, TValue}"/> and <see cref="IDictionary"/> conformance with
/// <see cref="Dictionary{TKey, TValue}"/> as the twin, once per comparer of the family: key validation, wrong-typed
/// keys and values through the non-generic surface, the key and value collections (their enumerator state matrix
/// too), the <see cref="IDictionaryEnumerator"/>, and seeded random operation sequences.
/// </summary>
/// <typeparam name="TKey">The key type.</typeparam>
public abstract partial class DictionaryConformance<TKey> : EnumerableConformance<KeyValuePair<TKey, int>>
    where TKey : notnull
{
    protected override bool TwinReadsDefaultAfterEndAndModification => true;

    protected override int VariantCount => Comparers.Length;

    protected override string VariantName => ComparerNames[Variant];

    protected abstract IEqualityComparer<TKey>?[] Comparers { get; }

    protected abstract string[] ComparerNames { get; }

    /// <summary>Gets a key of a type the dictionary does not take.</summary>
    protected object WrongTypedKey => typeof(TKey) == typeof(string) ? 42 : "wrong";

    protected override object WrongTypedValue => 42L;

    protected override KeyValuePair<TKey, int> Item(int i) => new(Key(i), i);

    protected override KeyValuePair<TKey, int> EquivalentItem(int i) => new(EquivalentKeyOf(Variant, i), i);

    protected abstract TKey Key(int i);

    protected override object? ArgumentFor(Type type) => type == typeof(TKey) || type == typeof(object) ? Key(0) : base.ArgumentFor(type);

    protected abstract TKey EquivalentKeyOf(int variant, int i);

    protected override IEnumerable<KeyValuePair<TKey, int>> CreateTwin(int count) => BclTwins.Dictionary(Items(count), Comparers[Variant]);

    protected override IEnumerable<KeyValuePair<TKey, int>> CreateSubject(int count) => Create(Items(count), Comparers[Variant]);

    protected override void Modify(IEnumerable<KeyValuePair<TKey, int>> collection)
    {
        // Adds the first key not yet present, so that the version always changes.
        for (int i = 500; !((IDictionary<TKey, int>)collection).TryAdd(Key(i), i); i++)
        {
        }
    }

    protected abstract IDictionary<TKey, int> Create(IEnumerable<KeyValuePair<TKey, int>> items, IEqualityComparer<TKey>? comparer);

    protected IEnumerable<KeyValuePair<TKey, int>> Items(int count) => Enumerable.Range(0, count).Select(Item);

    [Fact]
    public void DictionaryMembersMatchTwin() => ForEachCase((size, name) => Compare(name, size, (c, log) =>
    {
        var dictionary = (IDictionary<TKey, int>)c;
        TKey present = Key(size / 2);
        TKey equivalent = EquivalentKeyOf(Variant, size / 2);
        TKey absent = Key(size + 5);
        log.Add("get present", () => dictionary[present]);
        log.Add("get equivalent", () => dictionary[equivalent]);
        log.Add("get absent", () => dictionary[absent]);
        log.Add("get null", () => dictionary[default!]);
        log.Add("TryGetValue equivalent", () => dictionary.TryGetValue(equivalent, out int value) ? value : -1);
        log.Add("TryGetValue null", () => dictionary.TryGetValue(default!, out int value) ? value : -1);
        log.Add("ContainsKey absent", () => dictionary.ContainsKey(absent));
        log.Add("ContainsKey null", () => dictionary.ContainsKey(default!));
        log.Add("Contains pair with another value", () => dictionary.Contains(new KeyValuePair<TKey, int>(present, -5)));
        log.Add("Remove pair with another value", () => dictionary.Remove(new KeyValuePair<TKey, int>(present, -5)));
        log.Add("set equivalent", () => dictionary[equivalent] = 900);
        log.Add("set new", () => dictionary[absent] = 901);
        log.Add("set null", () => dictionary[default!] = 902);
        log.Add("Add duplicate", () => dictionary.Add(equivalent, 903));
        log.Add("Add null", () => dictionary.Add(default!, 904));
        log.Add("Add new", () => dictionary.Add(Key(size + 6), 905));
        log.Add("Remove equivalent", () => dictionary.Remove(equivalent));
        log.Add("Remove absent", () => dictionary.Remove(Key(size + 50)));
        log.Add("Remove null", () => dictionary.Remove(default!));
        log.Add("contents", () => dictionary.ToList());
        log.Add("Keys", () => dictionary.Keys.ToList());
        log.Add("Values", () => dictionary.Values.ToList());
        log.Add("Keys.IsReadOnly", () => dictionary.Keys.IsReadOnly);
        log.Add("Keys.Add", () => dictionary.Keys.Add(absent));
        log.Add("Keys.Remove", () => dictionary.Keys.Remove(present));
        log.Add("Keys.Clear", () => dictionary.Keys.Clear());
        log.Add("Keys.Contains equivalent", () => dictionary.Keys.Contains(equivalent));
        log.Add("Values.Contains", () => dictionary.Values.Contains(905));
        log.Add("Values.Add", () => dictionary.Values.Add(1));
        log.Add("Keys.CopyTo null", () => dictionary.Keys.CopyTo(null!, 0));
        log.Add("Keys.CopyTo negative", () => dictionary.Keys.CopyTo(new TKey[dictionary.Count], -1));
        log.Add("Keys.CopyTo too small", () => dictionary.Keys.CopyTo(new TKey[dictionary.Count], 1));
        log.Add("Values.CopyTo too small", () => dictionary.Values.CopyTo(new int[dictionary.Count], 1));
        log.Add("Values.CopyTo", () =>
        {
            int[] array = new int[dictionary.Count + 1];
            dictionary.Values.CopyTo(array, 1);
            return array;
        });
        log.Add("non-generic Keys.CopyTo object[]", () =>
        {
            object[] array = new object[dictionary.Count];
            ((ICollection)dictionary.Keys).CopyTo(array, 0);
            return array;
        });
        log.Add("non-generic Values.CopyTo wrong type", () => ((ICollection)dictionary.Values).CopyTo(new string[dictionary.Count], 0));
    }));

    [Fact]
    public void NonGenericDictionaryMembersMatchTwin() => ForEachCase((size, name) => Compare(name, size, (c, log) =>
    {
        var dictionary = (IDictionary)c;
        object present = Key(size / 2);
        log.Add("IsFixedSize", () => dictionary.IsFixedSize);
        log.Add("IsReadOnly", () => dictionary.IsReadOnly);
        log.Add("get wrong-typed key", () => dictionary[WrongTypedKey]);
        log.Add("get null", () => dictionary[null!]);
        log.Add("get present", () => dictionary[present]);
        log.Add("set wrong-typed key", () => dictionary[WrongTypedKey] = 1);
        log.Add("set wrong-typed value", () => dictionary[present] = WrongTypedValue);
        log.Add("set null value", () => dictionary[present] = null);
        log.Add("set null key", () => dictionary[null!] = 1);
        log.Add("Add wrong-typed key", () => dictionary.Add(WrongTypedKey, 1));
        log.Add("Add wrong-typed value", () => dictionary.Add(Key(size + 1), WrongTypedValue));
        log.Add("Add null key", () => dictionary.Add(null!, 1));
        log.Add("Add duplicate", () => dictionary.Add(present, 1));
        log.Add("Add", () => dictionary.Add(Key(size + 2), 2));
        log.Add("Contains wrong-typed key", () => dictionary.Contains(WrongTypedKey));
        log.Add("Contains null", () => dictionary.Contains(null!));
        log.Add("Contains present", () => dictionary.Contains(present));
        log.Add("Remove wrong-typed key", () => dictionary.Remove(WrongTypedKey));
        log.Add("Remove null", () => dictionary.Remove(null!));
        log.Add("Remove present", () => dictionary.Remove(present));
        log.Add("Keys", () => dictionary.Keys.Cast<object>().ToList());
        log.Add("Values", () => dictionary.Values.Cast<object>().ToList());
        log.Add("CopyTo DictionaryEntry[]", () =>
        {
            DictionaryEntry[] array = new DictionaryEntry[dictionary.Count + 1];
            dictionary.CopyTo(array, 1);
            return array;
        });
        log.Add("CopyTo KeyValuePair[]", () =>
        {
            var array = new KeyValuePair<TKey, int>[dictionary.Count];
            dictionary.CopyTo(array, 0);
            return array;
        });
    }));

    [Fact]
    public void KeyValueAndDictionaryEnumeratorsMatchTwin() => ForEachCase((size, name) =>
    {
        foreach (bool generic in new[] { true, false })
        {
            foreach (string scenario in new[] { "before start and after end", "after end + modification", "mid + modification", "after Reset" })
            {
                var twin = (IDictionary<TKey, int>)CreateTwin(size);
                var subject = (IDictionary<TKey, int>)CreateSubject(size);
                string what = $"{name}, {(generic ? "generic" : "non-generic")}, {scenario}";
                CompareScenario(RunScenario(twin.Keys, size, generic, scenario, () => Modify(twin)), RunScenario(subject.Keys, size, generic, scenario, () => Modify(subject)), what + " Keys");
                CompareScenario(RunScenario(twin.Values, size, generic, scenario, () => Modify(twin)), RunScenario(subject.Values, size, generic, scenario, () => Modify(subject)), what + " Values");
                DisposeSubject(subject);
            }
        }

        var twinDictionary = (IDictionary)CreateTwin(size);
        var subjectDictionary = (IDictionary)CreateSubject(size);
        CompareScenario(DictionaryEnumeratorScenario(twinDictionary, size), DictionaryEnumeratorScenario(subjectDictionary, size), name + " IDictionaryEnumerator");
        DisposeSubject(subjectDictionary);
    });

    [Fact]
    public void RandomOperationsMatchTwin()
    {
        for (int variant = 0; variant < Comparers.Length; variant++)
        {
            foreach (int seed in Seeds.Range(1, 3))
            {
                Seeds.Run(seed, () =>
                {
                    Random random = new((seed * 8_191) + variant);
                    Dictionary<TKey, int> twin = new(Comparers[variant]);
                    IDictionary<TKey, int> subject = Create([], Comparers[variant]);
                    for (int step = 0; step < 2_000; step++)
                    {
                        int k = random.Next(40);
                        TKey key = random.Next(3) == 0 ? EquivalentKeyOf(variant, k) : Key(k);
                        int value = random.Next(1000);
                        string name = $"{ComparerNames[variant]} seed {seed} step {step}";
                        switch (random.Next(8))
                        {
                            case 0:
                            case 1:
                                Conformance.SameOutcome(() => twin.TryAdd(key, value), () => subject.TryAdd(key, value), name + " TryAdd");
                                break;
                            case 2:
                                Conformance.SameOutcome(() => twin[key] = value, () => subject[key] = value, name + " set");
                                break;
                            case 3:
                            case 4:
                                Conformance.SameOutcome(() => twin.Remove(key, out int removed) ? removed : -1, () => subject.Remove(key, out int removed) ? removed : -1, name + " Remove");
                                break;
                            case 5:
                                Conformance.SameOutcome(() => twin[key], () => subject[key], name + " get");
                                break;
                            case 6:
                                Conformance.SameOutcome(() => twin.Add(key, value), () => subject.Add(key, value), name + " Add");
                                break;
                            default:
                                if (random.Next(40) == 0)
                                {
                                    twin.Clear();
                                    subject.Clear();
                                }

                                break;
                        }

                        Conformance.SameSequence(twin, subject, name + " contents");
                    }

                    Conformance.SameSequence(twin.Keys, subject.Keys, "keys");
                    Conformance.SameSequence(twin.Values, subject.Values, "values");
                    DisposeSubject(subject);
                });
            }
        }
    }

    private static List<string> DictionaryEnumeratorScenario(IDictionary dictionary, int size)
    {
        List<string> log = [];
        IDictionaryEnumerator enumerator = dictionary.GetEnumerator();
        void Read()
        {
            log.Add("Current: " + Conformance.Outcome(() => enumerator.Current));
            log.Add("Entry: " + Conformance.Outcome(() => enumerator.Entry));
            log.Add("Key: " + Conformance.Outcome(() => enumerator.Key));
            log.Add("Value: " + Conformance.Outcome(() => enumerator.Value));
        }

        Read();
        for (int i = 0; i < size + 1; i++)
        {
            log.Add("MoveNext: " + Conformance.Outcome(() => enumerator.MoveNext()));
            Read();
        }

        log.Add("Reset: " + Conformance.Outcome(enumerator.Reset));
        Read();
        return log;
    }
}

/// <summary>Int keys: null, all-zero hash codes, mod-N and absolute-value comparers.</summary>
public abstract class IntDictionaryConformance : DictionaryConformance<int>
{
    protected override IEqualityComparer<int>?[] Comparers => [null, OddComparers.ZeroHash, OddComparers.Mod, OddComparers.Abs];

    protected override string[] ComparerNames => ["null comparer", "zero hash", "mod-N", "abs"];

    protected override int Key(int i) => i % 2 == 0 ? i : -i;

    protected override int EquivalentKeyOf(int variant, int i) => variant switch
    {
        2 => Key(i) + OddComparers.Modulus,
        3 => -Key(i),
        _ => Key(i),
    };
}

/// <summary>String keys: the default comparer and a case-insensitive one; null keys are rejected.</summary>
public abstract class StringDictionaryConformance : DictionaryConformance<string>
{
    protected override IEqualityComparer<string>?[] Comparers => [null, StringComparer.OrdinalIgnoreCase];

    protected override string[] ComparerNames => ["default strings", "case-insensitive strings"];

    protected override string Key(int i) => "key" + i.ToString(System.Globalization.CultureInfo.InvariantCulture) + (i % 3 == 0 ? "a" : "B");

    protected override string EquivalentKeyOf(int variant, int i) => variant == 1 ? Key(i).ToUpperInvariant() : Key(i);
}

public sealed class IntDictionaryControl : IntDictionaryConformance
{
    protected override bool IsControl => true;

    protected override IDictionary<int, int> Create(IEnumerable<KeyValuePair<int, int>> items, IEqualityComparer<int>? comparer) => BclTwins.Dictionary(items, comparer);
}

public sealed class IntPooledDictionaryConformance : IntDictionaryConformance
{
    protected override bool IsControl => false;

    protected override IDictionary<int, int> Create(IEnumerable<KeyValuePair<int, int>> items, IEqualityComparer<int>? comparer) => new PooledDictionary<int, int>(items, comparer);
}

public sealed class IntChunkedDictionaryConformance : IntDictionaryConformance
{
    protected override bool IsControl => false;

    protected override IDictionary<int, int> Create(IEnumerable<KeyValuePair<int, int>> items, IEqualityComparer<int>? comparer) => new ChunkedDictionary<int, int>(items, comparer);
}

public sealed class IntChunkedDictionaryTinyChunkConformance : IntDictionaryConformance
{
    protected override bool IsControl => false;

    protected override int[] Sizes => ConformanceSizes.AcrossTinyChunks;

    protected override IDictionary<int, int> Create(IEnumerable<KeyValuePair<int, int>> items, IEqualityComparer<int>? comparer)
    {
        ChunkedDictionary<int, int> dictionary = new(comparer, null, null, ConformanceSizes.TinyChunkLength, ConformanceSizes.TinyChunkLength, ConformanceSizes.TinyDirectoryLength);
        foreach (KeyValuePair<int, int> pair in items)
        {
            dictionary.Add(pair.Key, pair.Value);
        }

        return dictionary;
    }
}

public sealed class StringDictionaryControl : StringDictionaryConformance
{
    protected override bool IsControl => true;

    protected override IDictionary<string, int> Create(IEnumerable<KeyValuePair<string, int>> items, IEqualityComparer<string>? comparer) => BclTwins.Dictionary(items, comparer);
}

public sealed class StringPooledDictionaryConformance : StringDictionaryConformance
{
    protected override bool IsControl => false;

    protected override IDictionary<string, int> Create(IEnumerable<KeyValuePair<string, int>> items, IEqualityComparer<string>? comparer) => new PooledDictionary<string, int>(items, comparer);
}

public sealed class StringChunkedDictionaryConformance : StringDictionaryConformance
{
    protected override bool IsControl => false;

    protected override IDictionary<string, int> Create(IEnumerable<KeyValuePair<string, int>> items, IEqualityComparer<string>? comparer) => new ChunkedDictionary<string, int>(items, comparer);
}

public sealed class StringChunkedDictionaryTinyChunkConformance : StringDictionaryConformance
{
    protected override bool IsControl => false;

    protected override int[] Sizes => ConformanceSizes.AcrossTinyChunks;

    protected override IDictionary<string, int> Create(IEnumerable<KeyValuePair<string, int>> items, IEqualityComparer<string>? comparer)
    {
        ChunkedDictionary<string, int> dictionary = new(comparer, null, null, ConformanceSizes.TinyChunkLength, ConformanceSizes.TinyChunkLength, ConformanceSizes.TinyDirectoryLength);
        foreach (KeyValuePair<string, int> pair in items)
        {
            dictionary.Add(pair.Key, pair.Value);
        }

        return dictionary;
    }
}
