using System.Collections;
using Gen0.Collections;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Collections.Conformance;

/// <summary>
/// <see cref="IList{T}"/> and <see cref="IList"/> conformance, with <see cref="List{T}"/> as the twin: index
/// validation of every member, wrong-typed values through the non-generic surface, and seeded random operation
/// sequences compared with the twin after every step.
/// </summary>
public abstract partial class ListConformance : EnumerableConformance<int>
{
    protected override int Item(int i) => (i * 3) + 1;

    protected override IEnumerable<int> CreateTwin(int count) => new List<int>(Items(count));

    protected override IEnumerable<int> CreateSubject(int count) => Create(Items(count));

    protected override void Modify(IEnumerable<int> collection) => ((IList<int>)collection).Add(-7);

    /// <summary>Creates the subject holding <paramref name="items"/>.</summary>
    protected abstract IList<int> Create(IEnumerable<int> items);

    protected IEnumerable<int> Items(int count) => Enumerable.Range(0, count).Select(Item);

    [Fact]
    public void ListMembersMatchTwin() => ForEachCase((size, name) => Compare(name, size, (c, log) =>
    {
        var list = (IList<int>)c;
        foreach (int index in new[] { int.MinValue, -1, 0, size / 2, size - 1, size, size + 1, int.MaxValue })
        {
            log.Add($"get [{index}]", () => list[index]);
            log.Add($"set [{index}]", () => list[index] = 500 + index);
            log.Add($"Insert({index})", () => list.Insert(index, 600));
            log.Add($"RemoveAt({index})", () => list.RemoveAt(index));
            log.Add("contents", () => list.ToList());
        }

        log.Add("IndexOf present", () => list.IndexOf(Item(size / 2)));
        log.Add("IndexOf absent", () => list.IndexOf(-99));
        log.Add("Insert at end", () => list.Insert(list.Count, 700));
        log.Add("contents", () => list.ToList());
    }));

    [Fact]
    public void NonGenericListMembersMatchTwin() => ForEachCase((size, name) => Compare(name, size, (c, log) =>
    {
        var list = (IList)c;
        object wrong = WrongTypedValue;
        log.Add("IsFixedSize", () => list.IsFixedSize);
        log.Add("IsReadOnly", () => list.IsReadOnly);
        log.Add("get [-1]", () => list[-1]);
        log.Add("get [Count]", () => list[list.Count]);
        log.Add("set [0] wrong type", () => list[0] = wrong);
        log.Add("set [0] null", () => list[0] = null);
        log.Add("set [-1] 5", () => list[-1] = 5);
        log.Add("Add wrong type", () => list.Add(wrong));
        log.Add("Add null", () => list.Add(null));
        log.Add("Add boxed", () => list.Add(801));
        log.Add("Contains wrong type", () => list.Contains(wrong));
        log.Add("Contains null", () => list.Contains(null));
        log.Add("Contains boxed", () => list.Contains(801));
        log.Add("IndexOf wrong type", () => list.IndexOf(wrong));
        log.Add("IndexOf null", () => list.IndexOf(null));
        log.Add("IndexOf boxed", () => list.IndexOf(801));
        log.Add("Insert wrong type", () => list.Insert(0, wrong));
        log.Add("Insert null", () => list.Insert(0, null));
        log.Add("Insert out of range", () => list.Insert(-1, 5));
        log.Add("Insert boxed", () => list.Insert(0, 802));
        log.Add("Remove wrong type", () => list.Remove(wrong));
        log.Add("Remove null", () => list.Remove(null));
        log.Add("Remove boxed", () => list.Remove(801));
        log.Add("contents", () => list.Cast<object>().ToList());
    }));

    [Fact]
    public void RandomOperationsMatchTwin()
    {
        int seeds = Soak.Scale(4, 3, 10);
        foreach (int seed in Seeds.Range(1, seeds))
        {
            Seeds.Run(seed, () =>
            {
                Random random = new(seed * 7_919);
                List<int> twin = [];
                IList<int> subject = Create([]);
                for (int step = 0; step < 3_000; step++)
                {
                    int value = random.Next(-20, 60);
                    int index = random.Next(-2, twin.Count + 3);
                    string name = $"seed {seed} step {step}";
                    switch (random.Next(10))
                    {
                        case 0:
                        case 1:
                        case 2:
                            Conformance.SameOutcome(() => twin.Add(value), () => subject.Add(value), name + " Add");
                            break;
                        case 3:
                            Conformance.SameOutcome(() => twin.Insert(index, value), () => subject.Insert(index, value), name + " Insert");
                            break;
                        case 4:
                            Conformance.SameOutcome(() => twin.RemoveAt(index), () => subject.RemoveAt(index), name + " RemoveAt");
                            break;
                        case 5:
                            Conformance.SameOutcome(() => twin.Remove(value), () => subject.Remove(value), name + " Remove");
                            break;
                        case 6:
                            Conformance.SameOutcome(() => twin[index] = value, () => subject[index] = value, name + " set");
                            break;
                        case 7:
                            Conformance.SameOutcome(() => twin.IndexOf(value), () => subject.IndexOf(value), name + " IndexOf");
                            break;
                        case 8:
                            Conformance.SameOutcome(() => twin.Contains(value), () => subject.Contains(value), name + " Contains");
                            break;
                        default:
                            if (random.Next(20) == 0)
                            {
                                twin.Clear();
                                subject.Clear();
                            }

                            break;
                    }

                    Conformance.SameSequence(twin, subject, name + " contents");
                }

                DisposeSubject(subject);
            });
        }
    }
}

public sealed class ListControl : ListConformance
{
    protected override bool IsControl => true;

    protected override IList<int> Create(IEnumerable<int> items) => new List<int>(items);
}

public sealed class PooledListConformance : ListConformance
{
    protected override bool IsControl => false;

    protected override IList<int> Create(IEnumerable<int> items) => new PooledList<int>(items);
}

public sealed class ChunkedListConformance : ListConformance
{
    protected override bool IsControl => false;

    protected override IList<int> Create(IEnumerable<int> items) => new ChunkedList<int>(items);
}

/// <summary>Four-element chunks and a sixteen-chunk directory: chunk and page boundaries are a few elements away.</summary>
public sealed class ChunkedListTinyChunkConformance : ListConformance
{
    protected override bool IsControl => false;

    protected override int[] Sizes => ConformanceSizes.AcrossTinyChunks;

    protected override IList<int> Create(IEnumerable<int> items)
    {
        ChunkedList<int> list = new(ConformanceSizes.TinyChunkLength, ConformanceSizes.TinyDirectoryLength, null);
        list.AddRange(items);
        return list;
    }
}

/// <summary>The sizes around the tiny chunk length.</summary>
public static class ConformanceSizes
{
    public const int TinyChunkLength = 4;

    /// <summary>Sixteen chunks in the flat directory: past 64 elements the storage pages (up to 16 + 16 × 16 chunks, 1,088 elements).</summary>
    public const int TinyDirectoryLength = 16;

    /// <summary>0, 1, 2, the chunk boundaries -1/0/+1 of the first chunks, the paging boundary (64) -1/0/+1, and 75.</summary>
    public static readonly int[] AcrossTinyChunks = [0, 1, 2, 3, 4, 5, 7, 8, 9, 11, 12, 13, 63, 64, 65, 75];
}
