namespace Gen0.Tests.Collections.Conformance;

/// <summary>
/// The span members (<c>AddRange</c>/<c>InsertRange</c> of a span, <c>CopyTo(Span)</c>) and
/// <c>CollectionsMarshal.SetCount</c>/<c>AsSpan</c>, against <see cref="List{T}"/> and its span extensions.
/// </summary>
public abstract partial class ListConformance
{
    [Fact]
    public void SpanMembersMatchTwin() => ForEachCase((size, name) => Compare(name, size, (c, log) =>
    {
        var list = (IList<int>)c;
        int[] source = [900, 901, 902, 903, 904, 905, 906];
        log.Add("AddRange empty", () => SpanAccessTwins.AddRange(list, []));
        log.Add("AddRange", () => SpanAccessTwins.AddRange(list, source));
        log.Add("contents", () => list.ToList());
        foreach (int index in new[] { int.MinValue, -1, 0, 1, list.Count / 2, list.Count, list.Count + 1 })
        {
            log.Add($"InsertRange({index})", () => SpanAccessTwins.InsertRange(list, index, source.AsSpan(0, 3)));
            log.Add("contents", () => list.ToList());
        }

        log.Add("InsertRange empty at a bad index", () => SpanAccessTwins.InsertRange(list, -1, []));
        log.Add("CopyTo exact", () =>
        {
            int[] destination = new int[list.Count];
            SpanAccessTwins.CopyTo(list, destination);
            return destination;
        });
        log.Add("CopyTo longer", () =>
        {
            int[] destination = new int[list.Count + 3];
            SpanAccessTwins.CopyTo(list, destination);
            return destination;
        });
        log.Add("CopyTo too short", () => SpanAccessTwins.CopyTo(list, new int[Math.Max(0, list.Count - 1)]));
    }));

    [Fact]
    public void SetCountMatchesTwin() => ForEachCase((size, name) => Compare(name, size, (c, log) =>
    {
        var list = (IList<int>)c;
        log.Add("SetCount -1", () => SpanAccessTwins.SetCount(list, -1));
        log.Add("SetCount same", () => SpanAccessTwins.SetCount(list, list.Count));
        log.Add("contents", () => list.ToList());
        log.Add("SetCount shorter", () => SpanAccessTwins.SetCount(list, list.Count / 2));
        log.Add("contents", () => list.ToList());
        log.Add("SetCount 0", () => SpanAccessTwins.SetCount(list, 0));
        log.Add("Count", () => list.Count);
        log.Add("SetCount longer, then fill", () =>
        {
            SpanAccessTwins.SetCount(list, size + 40);
            for (int i = 0; i < list.Count; i++)
            {
                list[i] = i * 5;
            }
        });
        log.Add("contents", () => list.ToList());
        log.Add("enumerator after SetCount", () =>
        {
            using IEnumerator<int> enumerator = list.GetEnumerator();
            enumerator.MoveNext();
            SpanAccessTwins.SetCount(list, list.Count);
            return Conformance.Outcome(() => enumerator.MoveNext());
        });
        log.Add("read through spans", () => SpanAccessTwins.ReadThroughSpans(list));
        log.Add("write through spans", () =>
        {
            SpanAccessTwins.FillThroughSpans(list, 3);
            return list.ToList();
        });
    }));
}
