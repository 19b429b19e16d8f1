using Gen0.Collections;
using Gen0.Tests.Infrastructure;

namespace Gen0.Tests.Collections;

/// <summary>
/// <see cref="ChunkedList{T}"/> against <see cref="List{T}"/>: seeded random operation sequences in seed 004's four
/// regimes (small to small, small to large, large to large, large to small) with 16-element chunks and an 8-chunk
/// directory (so that the paged directory is crossed too), and runs at the real chunk length - 1, exactly and + 1.
/// </summary>
public sealed class ChunkedListDifferentialTests
{
    public static TheoryData<string, int, int> Regimes()
    {
        TheoryData<string, int, int> data = new();
        foreach (string kind in new[] { "byte", "int", "long", "string", "struct24" })
        {
            data.Add(kind, 5, 10);
            data.Add(kind, 5, 400);
            data.Add(kind, 400, 400);
            data.Add(kind, 400, 5);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Regimes))]
    public void RandomOperationsMatchList(string kind, int startSize, int targetSize)
    {
        switch (kind)
        {
            case "byte": Run(ChunkedElementKinds.Byte, startSize, targetSize); break;
            case "int": Run(ChunkedElementKinds.Int, startSize, targetSize); break;
            case "long": Run(ChunkedElementKinds.Long, startSize, targetSize); break;
            case "string": Run(ChunkedElementKinds.String, startSize, targetSize); break;
            default: Run(ChunkedElementKinds.Struct, startSize, targetSize); break;
        }
    }

    [Theory]
    [InlineData("byte")]
    [InlineData("int")]
    [InlineData("long")]
    [InlineData("string")]
    [InlineData("struct24")]
    public void RealChunkBoundariesMatchList(string kind)
    {
        switch (kind)
        {
            case "byte": Boundaries(ChunkedElementKinds.Byte); break;
            case "int": Boundaries(ChunkedElementKinds.Int); break;
            case "long": Boundaries(ChunkedElementKinds.Long); break;
            case "string": Boundaries(ChunkedElementKinds.String); break;
            default: Boundaries(ChunkedElementKinds.Struct); break;
        }
    }

    [Fact]
    public void ChunkLengthIsTheLargestPowerOfTwoBelowTheThreshold()
    {
        // CoreCLR's 85,000 bytes; on Mono, SGen's 8,000 (ChunkedArrayLimit, ChunkedGenerationTests).
        bool sgen = ChunkedArrayLimit.IsSGen;
        Assert.Equal(sgen ? 4_096 : 65_536, new ChunkedList<byte>().ChunkLength);
        Assert.Equal(sgen ? 1_024 : 16_384, new ChunkedList<int>().ChunkLength);
        Assert.Equal(sgen ? 512 : 8_192, new ChunkedList<long>().ChunkLength);
        Assert.Equal(sgen ? 512 : 8_192, new ChunkedList<string>().ChunkLength);
        Assert.Equal(sgen ? 256 : 2_048, new ChunkedList<Struct24>().ChunkLength);
        Assert.False(LargeObjectHeap.IsLarge<long>(new ChunkedList<long>().ChunkLength));
        Assert.True(sgen || LargeObjectHeap.IsLarge<long>(new ChunkedList<long>().ChunkLength * 2));
    }

    [Fact]
    public void DirectoryStaysBoundedAndPagesBeyondIt()
    {
        ChunkedList<int> list = new(chunkLength: 4, directoryLength: 4, pool: null);
        List<int> expected = new();
        for (int i = 0; i < 4 * (4 + (4 * 4)); i++)
        {
            list.Add(i);
            expected.Add(i);
            Assert.True(list.Storage.DirectoryArrayLength <= 4);
            Assert.True(list.Storage.PageDirectoryArrayLength <= 4);
        }

        Assert.Equal(expected, list);
        Assert.Throws<OutOfMemoryException>(() => list.Add(-1));
        list.RemoveRange(4, 70);
        expected.RemoveRange(4, 70);
        list.Insert(3, 99);
        expected.Insert(3, 99);
        Assert.Equal(expected, list);
        list.TrimExcess();
        Assert.Equal(expected, list);
        Assert.Equal(0, list.Storage.PageDirectoryArrayLength);
    }

    [Fact]
    public void DefaultDirectoryNeverReachesTheLoh()
    {
        // The flat directory and every page hold at most this many references, which is below the threshold.
        Assert.False(LargeObjectHeap.IsLarge<long[]>(LargeObjectHeap.MaxPowerOfTwoLength<long[]>()));
    }

    [Fact]
    public void EnumeratorThrowsAfterChangeAndDisposedListThrows()
    {
        ChunkedList<int> list = new(Enumerable.Range(0, 100));
        ChunkedList<int>.Enumerator enumerator = list.GetEnumerator();
        Assert.True(enumerator.MoveNext());
        list[5] = 1;
        Assert.Throws<InvalidOperationException>(() => enumerator.MoveNext());
        list.Dispose();
        list.Dispose();
        Assert.True(list.Count == 0, "a disposed list reads as empty");
        Assert.Throws<ObjectDisposedException>(() => list.Add(1));
        Assert.Throws<ObjectDisposedException>(() => list[0]);
        Assert.Throws<ObjectDisposedException>(() => list.IndexOf(1));
        Assert.Throws<ObjectDisposedException>(() => list.GetEnumerator());
        Assert.Throws<ObjectDisposedException>(() => list.Sort());
    }

    private static void Run<T>(ChunkedElementKind<T> kind, int startSize, int targetSize)
    {
        foreach (int seed in Seeds.Range(1, 2))
        {
            Seeds.Run(seed, () =>
            {
                Random random = new(seed * 7919 + startSize + targetSize);
                int domain = Math.Max(8, targetSize);
                List<T> expected = new();
                ChunkedList<T> actual = new(chunkLength: 16, directoryLength: 8, pool: null);
                for (int i = 0; i < startSize; i++)
                {
                    T value = kind.Make(random, domain);
                    expected.Add(value);
                    actual.Add(value);
                }

                for (int step = 0; step < 500; step++)
                {
                    string name = $"{kind.Name} {startSize}->{targetSize} seed {seed} step {step}";
                    Step(kind, random, domain, targetSize, expected, actual, name);
                    Assert.Equal(expected.Count, actual.Count);
                    if (step % 10 == 0)
                    {
                        Differential.SameSequence(expected, actual, name);
                    }
                }

                Differential.SameSequence(expected, actual, "final");
            });
        }
    }

    private static void Step<T>(ChunkedElementKind<T> kind, Random random, int domain, int targetSize, List<T> expected, ChunkedList<T> actual, string name)
    {
        int count = expected.Count;
        bool grow = count < targetSize;
        int index = random.Next(-1, count + 2);
        int length = random.Next(-1, Math.Max(1, count / 3) + 2);
        T item = kind.Make(random, domain);
        Predicate<T> match = x => kind.TotalOrder.Compare(x, item) < 0;
        switch (random.Next(grow ? 0 : 4, 40))
        {
            case 0: case 1: case 2: case 3:
                expected.Add(item);
                actual.Add(item);
                break;
            case 4:
                Differential.Same(() => expected.Insert(index, item), () => actual.Insert(index, item), name + " Insert");
                break;
            case 5:
                Differential.Same(() => expected.RemoveAt(index), () => actual.RemoveAt(index), name + " RemoveAt");
                break;
            case 6:
                Differential.Same(() => expected.Remove(item), () => actual.Remove(item), name + " Remove");
                break;
            case 7:
                Differential.Same(() => expected.RemoveRange(index, length), () => actual.RemoveRange(index, length), name + " RemoveRange");
                break;
            case 8:
                if (grow)
                {
                    T[] range = Enumerable.Range(0, random.Next(0, 40)).Select(_ => kind.Make(random, domain)).ToArray();
                    switch (random.Next(4))
                    {
                        case 0: Differential.Same(() => expected.InsertRange(index, range), () => actual.InsertRange(index, range), name + " InsertRange[]"); break;
                        case 1: Differential.Same(() => expected.InsertRange(index, range.Where(_ => true)), () => actual.InsertRange(index, range.Where(_ => true)), name + " InsertRange lazy"); break;
                        case 2: Differential.Same(() => expected.AddRange(new List<T>(range)), () => actual.AddRange(new List<T>(range)), name + " AddRange"); break;
                        default:
                            if (count < 200)
                            {
                                Differential.Same(() => expected.InsertRange(index, expected), () => actual.InsertRange(index, actual), name + " InsertRange self");
                            }

                            break;
                    }
                }

                break;
            case 9:
                Differential.Same(() => expected[index], () => actual[index], name + " get");
                break;
            case 10:
                Differential.Same(() => expected[index] = item, () => actual[index] = item, name + " set");
                break;
            case 11:
                Differential.Same(() => expected.IndexOf(item), () => actual.IndexOf(item), name + " IndexOf");
                Differential.Same(() => expected.IndexOf(item, index), () => actual.IndexOf(item, index), name + " IndexOf(i)");
                Differential.Same(() => expected.IndexOf(item, index, length), () => actual.IndexOf(item, index, length), name + " IndexOf(i,n)");
                break;
            case 12:
                Differential.Same(() => expected.LastIndexOf(item), () => actual.LastIndexOf(item), name + " LastIndexOf");
                Differential.Same(() => expected.LastIndexOf(item, index), () => actual.LastIndexOf(item, index), name + " LastIndexOf(i)");
                Differential.Same(() => expected.LastIndexOf(item, index, length), () => actual.LastIndexOf(item, index, length), name + " LastIndexOf(i,n)");
                break;
            case 13:
                Differential.Same(() => expected.Contains(item), () => actual.Contains(item), name + " Contains");
                break;
            case 14:
                Differential.Same(() => expected.Reverse(index, length), () => actual.Reverse(index, length), name + " Reverse");
                break;
            case 15:
                Differential.Same(() => expected.Sort(index, length, kind.TotalOrder), () => actual.Sort(index, length, kind.TotalOrder), name + " Sort range");
                break;
            case 16:
                expected.Sort(kind.TotalOrder.Compare);
                actual.Sort(kind.TotalOrder.Compare);
                Differential.SameSequence(expected, actual, name + " Sort");
                Differential.Same(() => expected.BinarySearch(item, kind.TotalOrder), () => actual.BinarySearch(item, kind.TotalOrder), name + " BinarySearch");
                Differential.Same(() => expected.BinarySearch(index, length, item, kind.TotalOrder), () => actual.BinarySearch(index, length, item, kind.TotalOrder), name + " BinarySearch range");
                break;
            case 17:
                Differential.Same(() => expected.RemoveAll(match), () => actual.RemoveAll(match), name + " RemoveAll");
                break;
            case 18:
                Differential.Same(() => expected.Find(match), () => actual.Find(match), name + " Find");
                Differential.Same(() => expected.FindLast(match), () => actual.FindLast(match), name + " FindLast");
                Differential.Same(() => expected.Exists(match), () => actual.Exists(match), name + " Exists");
                Differential.Same(() => expected.TrueForAll(match), () => actual.TrueForAll(match), name + " TrueForAll");
                break;
            case 19:
                Differential.Same(() => expected.FindIndex(index, match), () => actual.FindIndex(index, match), name + " FindIndex(i)");
                Differential.Same(() => expected.FindIndex(index, length, match), () => actual.FindIndex(index, length, match), name + " FindIndex(i,n)");
                Differential.Same(() => expected.FindLastIndex(index, match), () => actual.FindLastIndex(index, match), name + " FindLastIndex(i)");
                Differential.Same(() => expected.FindLastIndex(index, length, match), () => actual.FindLastIndex(index, length, match), name + " FindLastIndex(i,n)");
                break;
            case 20:
                Differential.Same(() => string.Join(",", expected.GetRange(index, length)), () => string.Join(",", actual.GetRange(index, length)), name + " GetRange");
                Differential.Same(() => string.Join(",", expected.FindAll(match)), () => string.Join(",", actual.FindAll(match)), name + " FindAll");
                Differential.Same(() => string.Join(",", expected.ConvertAll(x => x?.ToString())), () => string.Join(",", actual.ConvertAll(x => x?.ToString())), name + " ConvertAll");
                break;
            case 21:
                {
                    T[] a = new T[count + 3];
                    T[] b = new T[count + 3];
                    int arrayIndex = random.Next(-1, 5);
                    Differential.Same(() => { expected.CopyTo(index, a, arrayIndex, length); return string.Join(",", a); }, () => { actual.CopyTo(index, b, arrayIndex, length); return string.Join(",", b); }, name + " CopyTo range");
                    Differential.Same(() => { expected.CopyTo(a, arrayIndex); return string.Join(",", a); }, () => { actual.CopyTo(b, arrayIndex); return string.Join(",", b); }, name + " CopyTo");
                    Differential.Same(() => string.Join(",", expected.ToArray()), () => string.Join(",", actual.ToArray()), name + " ToArray");
                    break;
                }

            case 22:
                if (random.Next(4) == 0)
                {
                    expected.Clear();
                    actual.Clear();
                }

                break;
            case 23:
                expected.TrimExcess();
                actual.TrimExcess();
                Differential.Same(() => expected.Capacity = count + length, () => actual.Capacity = count + length, name + " Capacity");
                Differential.Same(() => expected.EnsureCapacity(length) >= length, () => actual.EnsureCapacity(length) >= length, name + " EnsureCapacity");
                break;
            case 24:
                {
                    List<T> seenExpected = new();
                    List<T> seenActual = new();
                    expected.ForEach(seenExpected.Add);
                    actual.ForEach(seenActual.Add);
                    Differential.SameSequence(seenExpected, seenActual, name + " ForEach");
                    Differential.Same(() => expected.ForEach(_ => expected.Add(item)), () => actual.ForEach(_ => actual.Add(item)), name + " ForEach changing");
                    break;
                }

            case 25:
                {
                    using List<T>.Enumerator e = expected.GetEnumerator();
                    using ChunkedList<T>.Enumerator f = actual.GetEnumerator();
                    int steps = random.Next(0, count + 2);
                    for (int i = 0; i < steps; i++)
                    {
                        Assert.Equal(e.MoveNext(), f.MoveNext());
                        Assert.Equal(e.Current, f.Current);
                    }

                    if (random.Next(2) == 0 && count > 0)
                    {
                        expected[0] = item;
                        actual[0] = item;
                        Differential.Same(() => e.MoveNext(), () => f.MoveNext(), name + " MoveNext after change");
                    }

                    break;
                }

            case 26:
                {
                    System.Collections.IList e = expected;
                    System.Collections.IList f = actual;
                    Differential.Same(() => e.Add("not a T"), () => f.Add("not a T"), name + " IList.Add wrong type");
                    Differential.Same(() => e.IndexOf(item), () => f.IndexOf(item), name + " IList.IndexOf");
                    Differential.Same(() => e.Contains(item), () => f.Contains(item), name + " IList.Contains");
                    Differential.Same(() => e[index], () => f[index], name + " IList get");
                    break;
                }

            default:
                if (!grow && count > 0)
                {
                    expected.RemoveAt(count - 1);
                    actual.RemoveAt(count - 1);
                }
                else
                {
                    expected.Add(item);
                    actual.Add(item);
                }

                break;
        }
    }

    private static void Boundaries<T>(ChunkedElementKind<T> kind)
    {
        int chunkLength = new ChunkedList<T>().ChunkLength;
        Random random = new(chunkLength);
        foreach (int size in new[] { chunkLength - 1, chunkLength, chunkLength + 1 })
        {
            List<T> expected = new();
            ChunkedList<T> actual = new();
            for (int i = 0; i < size; i++)
            {
                T value = kind.Make(random, 1000);
                expected.Add(value);
                actual.Add(value);
            }

            string name = $"{kind.Name} at {size}";
            Differential.SameSequence(expected, actual, name);
            foreach (int at in new[] { chunkLength - 1, chunkLength, chunkLength + 1, size - 1 })
            {
                Differential.Same(() => expected[at], () => actual[at], name + " get " + at);
            }

            T item = kind.Make(random, 1000);
            expected.Insert(chunkLength - 1, item);
            actual.Insert(chunkLength - 1, item);
            expected.RemoveAt(0);
            actual.RemoveAt(0);
            Differential.Same(() => expected.RemoveRange(chunkLength - 3, 5), () => actual.RemoveRange(chunkLength - 3, 5), name + " RemoveRange");
            Differential.Same(() => expected.IndexOf(expected[^1]), () => actual.IndexOf(actual[^1]), name + " IndexOf");
            Differential.Same(() => expected.LastIndexOf(expected[0]), () => actual.LastIndexOf(actual[0]), name + " LastIndexOf");
            expected.Reverse();
            actual.Reverse();
            expected.InsertRange(chunkLength - 2, expected.GetRange(0, 10));
            actual.InsertRange(chunkLength - 2, actual.GetRange(0, 10));
            Differential.SameSequence(expected, actual, name + " after edits");
            expected.Sort(kind.TotalOrder);
            actual.Sort(kind.TotalOrder);
            Differential.SameSequence(expected, actual, name + " sorted");
            Differential.Same(() => expected.BinarySearch(item, kind.TotalOrder), () => actual.BinarySearch(item, kind.TotalOrder), name + " BinarySearch");
            expected.RemoveRange(10, expected.Count - 20);
            actual.RemoveRange(10, actual.Count - 20);
            actual.TrimExcess();
            Differential.SameSequence(expected, actual, name + " trimmed");
        }
    }
}
