using System.Runtime.CompilerServices;

namespace Gen0.Tests.Collections.Conformance;

/// <summary>
/// The ref and alternate-key members (<c>CollectionsMarshal</c>'s <c>GetValueRefOrAddDefault</c> and
/// <c>GetValueRefOrNullRef</c>, <c>GetAlternateLookup</c>), against the twin: results, contents in enumeration order,
/// and which changes invalidate a live enumerator. The BCL's own tests of these members are the model.
/// </summary>
public abstract partial class DictionaryConformance<TKey>
{
    [Fact]
    public void ValueRefAccessMatchesTwin() => ForEachCase((size, name) => Compare(name, size, (c, log) =>
    {
        var dictionary = (IDictionary<TKey, int>)c;
        TKey present = Key(size / 2);
        TKey equivalent = EquivalentKeyOf(Variant, size / 2);
        TKey absent = Key(size + 5);
        log.Add("NullRef present", () => Read(ref SpanAccessTwins.GetValueRefOrNullRef(dictionary, present)));
        log.Add("NullRef equivalent", () => Read(ref SpanAccessTwins.GetValueRefOrNullRef(dictionary, equivalent)));
        log.Add("NullRef absent", () => Read(ref SpanAccessTwins.GetValueRefOrNullRef(dictionary, absent)));
        log.Add("NullRef null key", () => Read(ref SpanAccessTwins.GetValueRefOrNullRef(dictionary, default!)));
        log.Add("write through NullRef", () =>
        {
            ref int slot = ref SpanAccessTwins.GetValueRefOrNullRef(dictionary, equivalent);
            if (!Unsafe.IsNullRef(ref slot))
            {
                slot += 1000;
            }
        });
        log.Add("AddDefault absent", () => AddDefault(dictionary, absent, 7));
        log.Add("AddDefault again", () => AddDefault(dictionary, absent, 7));
        log.Add("AddDefault equivalent", () => AddDefault(dictionary, equivalent, 1));
        log.Add("AddDefault null key", () => AddDefault(dictionary, default!, 1));
        log.Add("contents", () => dictionary.ToList());

        // A freed entry is reused by the next add: the slot handed out must read default, not the removed value.
        log.Add("Remove present", () => dictionary.Remove(present));
        log.Add("AddDefault reuses the freed entry", () => AddDefault(dictionary, Key(size + 9), 0));
        log.Add("contents after reuse", () => dictionary.ToList());

        // Counting, the use these members exist for.
        log.Add("count words", () =>
        {
            for (int i = 0; i < 40; i++)
            {
                SpanAccessTwins.GetValueRefOrAddDefault(dictionary, Key(i % 13), out _)++;
            }

            return dictionary.OrderBy(p => p.Key).ToList();
        });

        log.Add("enumerator after AddDefault of a present key", () => AfterChange(dictionary, () => SpanAccessTwins.GetValueRefOrAddDefault(dictionary, Key(3), out _) = 5));
        log.Add("enumerator after AddDefault of a new key", () => AfterChange(dictionary, () => SpanAccessTwins.GetValueRefOrAddDefault(dictionary, Key(size + 77), out _) = 5));
        log.Add("enumerator after a write through NullRef", () => AfterChange(dictionary, () =>
        {
            ref int slot = ref SpanAccessTwins.GetValueRefOrNullRef(dictionary, Key(3));
            slot = 9;
        }));
    }));

    [Fact]
    public void AlternateLookupMatchesTwin() => ForEachCase((size, name) => Compare(name, size, (c, log) =>
    {
#if NET9_0_OR_GREATER && !GEN0_NETSTANDARD
        log.Add("TryGetAlternateLookup of an unsupported type", () => AlternateLookupTwins.TryGetUnsupportedLookup(c));
        log.Add("GetAlternateLookup", () => AlternateLookupTwins.GetSpanLookup(c).GetType().Name.Split('`')[0]);
        if (c is not IDictionary<string, int> dictionary)
        {
            return;
        }

        ISpanDictionaryLookup lookup = AlternateLookupTwins.TryGetSpanLookup(dictionary)!;
        string present = (string)(object)Key(size / 2);
        string equivalent = (string)(object)EquivalentKeyOf(Variant, size / 2);
        string absent = (string)(object)Key(size + 5);
        log.Add("Dictionary is the collection", () => ReferenceEquals(lookup.DictionaryObject, c));
        log.Add("get present", () => lookup[present]);
        log.Add("get equivalent", () => lookup[equivalent]);
        log.Add("get absent", () => lookup[absent]);
        log.Add("ContainsKey equivalent", () => lookup.ContainsKey(equivalent));
        log.Add("ContainsKey absent", () => lookup.ContainsKey(absent));
        log.Add("ContainsKey empty", () => lookup.ContainsKey(string.Empty));
        log.Add("TryGetValue equivalent", () => lookup.TryGetValue(equivalent));
        log.Add("TryGetValue absent", () => lookup.TryGetValue(absent));
        log.Add("set equivalent", () => lookup[equivalent] = 900);
        log.Add("set new", () => lookup[absent] = 901);
        log.Add("TryAdd present", () => lookup.TryAdd(equivalent, 902));
        log.Add("TryAdd new", () => lookup.TryAdd("fresh", 903));
        log.Add("TryAdd empty", () => lookup.TryAdd(string.Empty, 904));
        log.Add("Increment present", () => lookup.Increment(equivalent));
        log.Add("Increment new", () => lookup.Increment("counted"));
        log.Add("Increment again", () => lookup.Increment("COUNTED"));
        log.Add("Peek counted", () => lookup.Peek("counted"));
        log.Add("Peek absent", () => lookup.Peek("nowhere"));
        log.Add("contents", () => dictionary.ToList());
        log.Add("Remove equivalent", () => lookup.Remove(equivalent));
        log.Add("Remove absent", () => lookup.Remove("nowhere"));
        log.Add("reuse after Remove", () => lookup.Increment("reused"));
        log.Add("contents after Remove", () => dictionary.ToList());
        log.Add("enumerator after set of a present key", () => AfterChange(c, () => lookup["fresh"] = 1));
        log.Add("enumerator after TryAdd", () => AfterChange(c, () => lookup.TryAdd("later", 1)));
        log.Add("enumerator after Remove", () => AfterChange(c, () => lookup.Remove("later")));
#else
        log.Add("no alternate lookups before .NET 9", () => c.GetType().Name.Length > 0);
#endif
    }));

    private static object? Read(ref int slot) => Unsafe.IsNullRef(ref slot) ? "null ref" : slot;

    private static string AddDefault(IDictionary<TKey, int> dictionary, TKey key, int add)
    {
        ref int slot = ref SpanAccessTwins.GetValueRefOrAddDefault(dictionary, key, out bool exists);
        string before = $"exists {exists}, read {slot}";
        slot += add;
        return before;
    }

    /// <summary>Takes an enumerator, steps once, applies <paramref name="change"/>, and reports what the next step does.</summary>
    private static string AfterChange(IEnumerable<KeyValuePair<TKey, int>> dictionary, Action change)
    {
        using IEnumerator<KeyValuePair<TKey, int>> enumerator = dictionary.GetEnumerator();
        enumerator.MoveNext();
        change();
        return Conformance.Outcome(() => enumerator.MoveNext());
    }
}
