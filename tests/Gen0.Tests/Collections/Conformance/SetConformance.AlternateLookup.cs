namespace Gen0.Tests.Collections.Conformance;

/// <summary><c>GetAlternateLookup</c> against the twin: results, contents in enumeration order, and enumerator invalidation.</summary>
public abstract partial class SetConformance<T>
{
    [Fact]
    public void AlternateLookupMatchesTwin() => ForEachCase((size, name) => Compare(name, size, (c, log) =>
    {
#if NET9_0_OR_GREATER && !GEN0_NETSTANDARD
        log.Add("TryGetAlternateLookup of an unsupported type", () => AlternateLookupTwins.TryGetUnsupportedLookup(c));
        log.Add("GetAlternateLookup", () => AlternateLookupTwins.GetSpanLookup(c).GetType().Name.Split('`')[0]);
        if (c is not ISet<string> set)
        {
            return;
        }

        ISpanSetLookup lookup = AlternateLookupTwins.TryGetSpanLookup(set)!;
        string present = (string)(object)Item(size / 2)! ?? "null";
        string equivalent = (string)(object)EquivalentItemOf(Variant, size / 2)! ?? "null";
        log.Add("Set is the collection", () => ReferenceEquals(lookup.SetObject, c));
        log.Add("Contains present", () => lookup.Contains(present));
        log.Add("Contains equivalent", () => lookup.Contains(equivalent));
        log.Add("Contains absent", () => lookup.Contains("nowhere"));
        log.Add("Contains empty", () => lookup.Contains(string.Empty));
        log.Add("TryGetValue equivalent", () => lookup.TryGetValue(equivalent));
        log.Add("TryGetValue absent", () => lookup.TryGetValue("nowhere"));
        log.Add("Add equivalent", () => lookup.Add(equivalent));
        log.Add("Add new", () => lookup.Add("fresh"));
        log.Add("Add new in other case", () => lookup.Add("FRESH"));
        log.Add("Add empty", () => lookup.Add(string.Empty));
        log.Add("contents", () => set.ToList());
        log.Add("Remove equivalent", () => lookup.Remove(equivalent));
        log.Add("Remove absent", () => lookup.Remove("nowhere"));
        log.Add("Add reuses the freed entry", () => lookup.Add("reused"));
        log.Add("contents after Remove", () => set.ToList());
        log.Add("enumerator after Add of a present element", () => AfterChange(c, () => lookup.Add("fresh")));
        log.Add("enumerator after Add", () => AfterChange(c, () => lookup.Add("later")));
        log.Add("enumerator after Remove", () => AfterChange(c, () => lookup.Remove("later")));
#else
        log.Add("no alternate lookups before .NET 9", () => c.GetType().Name.Length > 0);
#endif
    }));

    private static string AfterChange(IEnumerable<T> set, Action change)
    {
        using IEnumerator<T> enumerator = set.GetEnumerator();
        enumerator.MoveNext();
        change();
        return Conformance.Outcome(() => enumerator.MoveNext());
    }
}
