using Gen0.Collections;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Collections;

/// <summary>
/// <see cref="ChunkedHashSet{T}"/> against <see cref="HashSet{T}"/>: seeded random operation sequences in the four
/// regimes with 16-entry chunks and an 8-chunk directory, comparing the enumeration order (not just the contents)
/// after every step, and runs across the real entry chunk length.
/// </summary>
public sealed class ChunkedHashSetDifferentialTests
{
    public static TheoryData<string, int, int> Regimes() => ChunkedListDifferentialTests.Regimes();

    [Theory]
    [MemberData(nameof(Regimes))]
    public void RandomOperationsMatchHashSet(string kind, int startSize, int targetSize)
    {
        switch (kind)
        {
            case "byte": Run(ChunkedElementKinds.Byte, null, startSize, targetSize); break;
            case "int": Run(ChunkedElementKinds.Int, null, startSize, targetSize); break;
            case "long": Run(ChunkedElementKinds.Long, null, startSize, targetSize); break;
            case "string": Run(ChunkedElementKinds.String, StringComparer.OrdinalIgnoreCase, startSize, targetSize); break;
            default: Run(ChunkedElementKinds.Struct, null, startSize, targetSize); break;
        }
    }

    [Theory]
    [InlineData("int")]
    [InlineData("long")]
    [InlineData("string")]
    [InlineData("struct24")]
    public void RealChunkBoundariesMatchHashSet(string kind)
    {
        // A byte set holds at most 256 elements: it never reaches a second entry chunk.
        switch (kind)
        {
            case "int": Boundaries(ChunkedElementKinds.Int, LargeObjectHeap.MaxPowerOfTwoLength<ChunkedSetEntry<int>>()); break;
            case "long": Boundaries(ChunkedElementKinds.Long, LargeObjectHeap.MaxPowerOfTwoLength<ChunkedSetEntry<long>>()); break;
            case "string": Boundaries(ChunkedElementKinds.String, LargeObjectHeap.MaxPowerOfTwoLength<ChunkedSetEntry<string>>()); break;
            default: Boundaries(ChunkedElementKinds.Struct, LargeObjectHeap.MaxPowerOfTwoLength<ChunkedSetEntry<Struct24>>()); break;
        }
    }

    [Fact]
    public void EntryChunksAreSizedForTheEntryStruct()
    {
        Assert.Equal(12, System.Runtime.CompilerServices.Unsafe.SizeOf<ChunkedSetEntry<int>>());
        // CoreCLR's 85,000-byte threshold; on Mono, SGen's 8,000 bytes (ChunkedArrayLimit).
        Assert.Equal(ChunkedArrayLimit.IsSGen ? 512 : 4_096, new ChunkedHashSet<int>().Table.EntryStorage.ChunkLength);
        Assert.Equal(ChunkedArrayLimit.IsSGen ? 1_024 : 16_384, new ChunkedHashSet<int>().Table.BucketStorage.ChunkLength);
        Assert.False(LargeObjectHeap.IsLarge<ChunkedSetEntry<Struct24>>(new ChunkedHashSet<Struct24>().Table.EntryStorage.ChunkLength));
    }

    [Fact]
    public void DisposedSetThrows()
    {
        ChunkedHashSet<int> set = new(Enumerable.Range(0, 100));
        ChunkedHashSet<int>.Enumerator enumerator = set.GetEnumerator();
        Assert.True(enumerator.MoveNext());
        set.Add(1000);
        Assert.Throws<InvalidOperationException>(() => enumerator.MoveNext());
        set.Dispose();
        set.Dispose();
        Assert.True(set.Count == 0, "a disposed set reads as empty");
        Assert.Throws<ObjectDisposedException>(() => set.Add(1));
        Assert.Throws<ObjectDisposedException>(() => set.Contains(1));
        Assert.Throws<ObjectDisposedException>(() => set.UnionWith([1]));
    }

    private static void Run<T>(ChunkedElementKind<T> kind, IEqualityComparer<T>? comparer, int startSize, int targetSize)
    {
        foreach (int seed in Seeds.Range(1, 2))
        {
            Seeds.Run(seed, () =>
            {
                Random random = new(seed * 104_729 + startSize + targetSize);
                int domain = Math.Max(8, targetSize * 2);
                HashSet<T> expected = new(comparer);
                ChunkedHashSet<T> actual = new(comparer, null, null, bucketChunkLength: 16, entryChunkLength: 16, directoryLength: 8);
                for (int i = 0; i < startSize; i++)
                {
                    T value = kind.Make(random, domain);
                    Assert.Equal(expected.Add(value), actual.Add(value));
                }

                for (int step = 0; step < 400; step++)
                {
                    string name = $"{kind.Name} {startSize}->{targetSize} seed {seed} step {step}";
                    Step(kind, random, domain, targetSize, expected, actual, name);
                    Assert.Equal(expected.Count, actual.Count);
                    Differential.SameSequence(expected, actual, name);
                }
            });
        }
    }

    private static void Step<T>(ChunkedElementKind<T> kind, Random random, int domain, int targetSize, HashSet<T> expected, ChunkedHashSet<T> actual, string name)
    {
        bool grow = expected.Count < targetSize;
        T item = kind.Make(random, domain);
        T[] others = Enumerable.Range(0, random.Next(0, 30)).Select(_ => kind.Make(random, domain)).ToArray();
        IEnumerable<T> other = random.Next(4) switch
        {
            0 => others,
            1 => others.Where(_ => true),
            2 => new HashSet<T>(others, expected.Comparer),
            _ => new List<T>(expected.Take(random.Next(expected.Count + 1)).Concat(others)),
        };
        switch (random.Next(grow ? 0 : 3, 24))
        {
            case 0: case 1: case 2:
                Differential.Same(() => expected.Add(item), () => actual.Add(item), name + " Add");
                break;
            case 3: case 4:
                Differential.Same(() => expected.Remove(item), () => actual.Remove(item), name + " Remove");
                break;
            case 5:
                Differential.Same(() => expected.Contains(item), () => actual.Contains(item), name + " Contains");
                Differential.Same(() => expected.TryGetValue(item, out T? e) ? e : default, () => actual.TryGetValue(item, out T? a) ? a : default, name + " TryGetValue");
                break;
            case 6:
                if (grow)
                {
                    expected.UnionWith(other);
                    actual.UnionWith(other);
                }

                break;
            case 7:
                {
                    List<T> keep = other.Concat(expected.Where(_ => random.Next(4) != 0)).ToList();
                    expected.IntersectWith(keep);
                    actual.IntersectWith(keep);
                }
                break;
            case 8:
                expected.ExceptWith(other);
                actual.ExceptWith(other);
                break;
            case 9:
                expected.SymmetricExceptWith(other);
                actual.SymmetricExceptWith(other);
                break;
            case 10:
                Differential.Same(() => expected.IsSubsetOf(other), () => actual.IsSubsetOf(other), name + " IsSubsetOf");
                Differential.Same(() => expected.IsProperSubsetOf(other), () => actual.IsProperSubsetOf(other), name + " IsProperSubsetOf");
                Differential.Same(() => expected.IsSupersetOf(other), () => actual.IsSupersetOf(other), name + " IsSupersetOf");
                Differential.Same(() => expected.IsProperSupersetOf(other), () => actual.IsProperSupersetOf(other), name + " IsProperSupersetOf");
                Differential.Same(() => expected.Overlaps(other), () => actual.Overlaps(other), name + " Overlaps");
                Differential.Same(() => expected.SetEquals(other), () => actual.SetEquals(other), name + " SetEquals");
                break;
            case 11:
                {
                    T[] self = expected.ToArray();
                    Differential.Same(() => expected.IsSubsetOf(self), () => actual.IsSubsetOf(self), name + " IsSubsetOf self");
                    Differential.Same(() => expected.SetEquals(self), () => actual.SetEquals(self), name + " SetEquals self");
                    Differential.Same(() => expected.IsProperSupersetOf(self), () => actual.IsProperSupersetOf(self), name + " IsProperSupersetOf self");
                    break;
                }

            case 12:
                Differential.Same(() => expected.RemoveWhere(x => kind.TotalOrder.Compare(x, item) < 0), () => actual.RemoveWhere(x => kind.TotalOrder.Compare(x, item) < 0), name + " RemoveWhere");
                break;
            case 13:
                if (random.Next(4) == 0)
                {
                    expected.Clear();
                    actual.Clear();
                }

                break;
            case 14:
                expected.TrimExcess();
                actual.TrimExcess();
                break;
            case 15:
                {
                    int capacity = random.Next(-1, expected.Count * 2 + 3);
                    Differential.SameCapacity(() => expected.EnsureCapacity(capacity), () => actual.EnsureCapacity(capacity), capacity, name + " EnsureCapacity");
                    break;
                }

            case 16:
                {
                    T[] a = new T[expected.Count + 3];
                    T[] b = new T[expected.Count + 3];
                    int index = random.Next(-1, 5);
                    int count = random.Next(-1, expected.Count + 2);
                    if (TestPlatform.BclMatchesNet)
                    {
                        Differential.Same(() => { expected.CopyTo(a, index, count); return string.Join(",", a); }, () => { actual.CopyTo(b, index, count); return string.Join(",", b); }, name + " CopyTo");
                    }
                    else
                    {
                        // The twin enumerates in another order (Mono): the first `count` items differ, but each copied item is one of the set's.
                        Differential.Same(() => expected.CopyTo(a, index, count), () => actual.CopyTo(b, index, count), name + " CopyTo");
                        Assert.All(b.Skip(Math.Max(index, 0)).Take(Math.Max(count, 0)), item => Assert.True(expected.Contains(item) || EqualityComparer<T>.Default.Equals(item, default!), $"{name} CopyTo copied {item}"));
                    }
                    break;
                }

            case 17:
                {
                    using HashSet<T>.Enumerator e = expected.GetEnumerator();
                    using ChunkedHashSet<T>.Enumerator f = actual.GetEnumerator();
                    Assert.Equal(e.MoveNext(), f.MoveNext());
                    bool removed = expected.Remove(item);
                    Assert.Equal(removed, actual.Remove(item));
                    Differential.Same(() => e.MoveNext(), () => f.MoveNext(), name + " MoveNext after Remove");
                    expected.Add(item);
                    actual.Add(item);
                    Differential.Same(() => e.MoveNext(), () => f.MoveNext(), name + " MoveNext after Add");
                    break;
                }

            case 18:
                {
                    HashSet<T> same = new(expected, expected.Comparer);
                    ChunkedHashSet<T> sameChunked = new(actual, actual.Comparer);
                    Differential.Same(() => expected.SetEquals(same), () => actual.SetEquals(sameChunked), name + " SetEquals set");
                    Differential.SameSequence(same, sameChunked, name + " copy");
                    break;
                }

            default:
                if (grow)
                {
                    Differential.Same(() => expected.Add(item), () => actual.Add(item), name + " Add");
                }
                else
                {
                    T first = expected.FirstOrDefault()!;
                    Differential.Same(() => expected.Remove(first), () => actual.Remove(first), name + " Remove first");
                }

                break;
        }
    }

    private static void Boundaries<T>(ChunkedElementKind<T> kind, int entryChunkLength)
    {
        Random random = new(entryChunkLength);
        foreach (int size in new[] { entryChunkLength - 1, entryChunkLength, entryChunkLength + 1 })
        {
            HashSet<T> expected = new();
            ChunkedHashSet<T> actual = new();
            while (expected.Count < size)
            {
                T value = kind.Make(random, size * 4);
                Assert.Equal(expected.Add(value), actual.Add(value));
            }

            string name = $"{kind.Name} at {size}";
            Differential.SameSequence(expected, actual, name);
            T[] sample = expected.Where((_, i) => i % 7 == 0).ToArray();
            foreach (T item in sample)
            {
                Assert.Equal(expected.Contains(item), actual.Contains(item));
            }

            expected.ExceptWith(sample);
            actual.ExceptWith(sample);
            expected.UnionWith(sample.Reverse());
            actual.UnionWith(sample.Reverse());
            Differential.SameSequence(expected, actual, name + " after edits");
            expected.TrimExcess();
            actual.TrimExcess();
            Differential.SameSequence(expected, actual, name + " trimmed");
        }
    }
}
