using System.Collections;
using Gen0.Collections;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Collections;

/// <summary>
/// The cursor of the <see cref="ChunkedHashSet{T}"/> and <see cref="ChunkedDictionary{TKey, TValue}"/> enumerators
/// (passed by value to the table): the before-first and after-last marks, MoveNext past the end, Reset, and free
/// entries at the start, middle and end of the entry range, against the BCL twins.
/// </summary>
public sealed class ChunkedHashEnumeratorCursorTests
{
    public static TheoryData<int, int[]> Shapes() => new()
    {
        { 0, [] },
        { 1, [] },
        { 1, [0] },
        { 5, [0] },
        { 5, [4] },
        { 5, [2] },
        { 5, [0, 1, 2, 3, 4] },
        { 40, [0, 15, 16, 17, 31, 32, 39] },
    };

    [Theory]
    [MemberData(nameof(Shapes))]
    public void SetCursorMatchesHashSet(int count, int[] removed)
    {
        var expected = new HashSet<int>();
        using var actual = new ChunkedHashSet<int>();
        Fill(count, removed, k => expected.Add(k), k => actual.Add(k), k => expected.Remove(k), k => actual.Remove(k));
        Walk(expected.GetEnumerator(), actual.GetEnumerator(), "set");
    }

    [Theory]
    [MemberData(nameof(Shapes))]
    public void DictionaryCursorsMatchDictionary(int count, int[] removed)
    {
        var expected = new Dictionary<int, int>();
        using var actual = new ChunkedDictionary<int, int>();
        Fill(count, removed, k => expected.Add(k, -k), k => actual.Add(k, -k), k => expected.Remove(k), k => actual.Remove(k));
        Walk(expected.GetEnumerator(), actual.GetEnumerator(), "pairs");
        Walk(expected.Keys.GetEnumerator(), actual.Keys.GetEnumerator(), "keys");
        Walk(expected.Values.GetEnumerator(), actual.Values.GetEnumerator(), "values");
    }

    [Fact]
    public void FreedEntriesReusedAfterRemoveAreEnumeratedInBclOrder()
    {
        var expected = new HashSet<int>();
        using var actual = new ChunkedHashSet<int>();
        Fill(20, [3, 7, 19], k => expected.Add(k), k => actual.Add(k), k => expected.Remove(k), k => actual.Remove(k));
        foreach (int k in new[] { 100, 101, 102, 103 })
        {
            Assert.Equal(expected.Add(k), actual.Add(k));
        }

        Differential.SameSequence(expected, actual, "after reuse");
        Walk(expected.GetEnumerator(), actual.GetEnumerator(), "after reuse");
    }

    private static void Fill(int count, int[] removed, Action<int> addExpected, Action<int> addActual, Func<int, bool> removeExpected, Func<int, bool> removeActual)
    {
        for (int k = 0; k < count; k++)
        {
            addExpected(k);
            addActual(k);
        }

        foreach (int k in removed)
        {
            Assert.Equal(removeExpected(k), removeActual(k));
        }
    }

    private static void Walk<T>(IEnumerator<T> expected, IEnumerator<T> actual, string name)
    {
        using (expected)
        using (actual)
        {
            for (int round = 0; round < 2; round++)
            {
                Differential.Same(() => ((IEnumerator)expected).Current, () => ((IEnumerator)actual).Current, name + " Current before first");
                while (true)
                {
                    bool more = expected.MoveNext();
                    Assert.Equal(more, actual.MoveNext());
                    if (!more)
                    {
                        break;
                    }

                    Assert.Equal(expected.Current, actual.Current);
                    Assert.Equal(((IEnumerator)expected).Current, ((IEnumerator)actual).Current);
                }

                Differential.Same(() => ((IEnumerator)expected).Current, () => ((IEnumerator)actual).Current, name + " Current after last");
                Assert.False(actual.MoveNext());
                Assert.False(actual.MoveNext());
                Assert.False(expected.MoveNext());
                Differential.Same(() => ((IEnumerator)expected).Current, () => ((IEnumerator)actual).Current, name + " Current after extra MoveNext");
                expected.Reset();
                actual.Reset();
            }
        }
    }
}
