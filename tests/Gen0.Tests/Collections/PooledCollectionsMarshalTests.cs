using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Gen0.Buffers;
using Gen0.Collections;
using Gen0.Tests.Collections.Conformance;

namespace Gen0.Tests.Collections;

/// <summary>
/// <see cref="PooledCollectionsMarshal"/> beyond the conformance scripts: seeded random sequences against the BCL's
/// <see cref="CollectionsMarshal"/> (removal-heavy, so freed entries are reused), misuse (null, disposed), and the
/// chunked list's span members over chunk boundaries and over its own storage.
/// </summary>
public class PooledCollectionsMarshalTests
{
    public static TheoryData<string> Dictionaries => ["pooled", "chunked", "chunked, tiny chunks"];

    [Theory]
    [MemberData(nameof(Dictionaries))]
    public void RandomRefAccessMatchesCollectionsMarshal(string kind)
    {
        for (int seed = 1; seed <= 4; seed++)
        {
            Random random = new(seed * 104_729);
            Dictionary<int, long> twin = [];
            IDictionary<int, long> subject = CreateDictionary<long>(kind);
            for (int step = 0; step < 4_000; step++)
            {
                int key = random.Next(-30, 90);
                long add = random.Next(1, 1_000);
                string name = $"{kind} seed {seed} step {step}";
                switch (random.Next(6))
                {
                    case 0:
                    case 1:
                        Conformance.Conformance.Same(Accumulate(twin, key, add), Accumulate(subject, key, add), name + " AddDefault");
                        break;
                    case 2:
                        Conformance.Conformance.Same(Peek(twin, key), Peek(subject, key), name + " NullRef");
                        break;
                    case 3:
                    case 4:
                        Conformance.Conformance.Same(twin.Remove(key).ToString(), subject.Remove(key).ToString(), name + " Remove");
                        break;
                    default:
                        if (random.Next(30) == 0)
                        {
                            twin.Clear();
                            subject.Clear();
                        }

                        break;
                }

                Conformance.Conformance.SameSequence(twin, subject, name + " contents");
            }

            (subject as IDisposable)?.Dispose();
        }
    }

    [Fact]
    public void ReferenceTypeValues_ReadNullInAReusedEntry()
    {
        using PooledDictionary<string, object?> pooled = new();
        using ChunkedDictionary<string, object?> chunked = new();
        foreach (IDictionary<string, object?> dictionary in new IDictionary<string, object?>[] { pooled, chunked })
        {
            dictionary["a"] = "value of a";
            dictionary.Remove("a");
            ref object? slot = ref SpanAccessTwins.GetValueRefOrAddDefault(dictionary, "b", out bool exists);
            Assert.False(exists);
            Assert.Null(slot);
        }
    }

    [Fact]
    public void NullArguments_ThrowArgumentNullException_NamingTheParameter()
    {
        Assert.Equal("dictionary", Assert.Throws<ArgumentNullException>(() => PooledCollectionsMarshal.GetValueRefOrNullRef((PooledDictionary<int, int>)null!, 1)).ParamName);
        Assert.Equal("dictionary", Assert.Throws<ArgumentNullException>(() => PooledCollectionsMarshal.GetValueRefOrAddDefault((ChunkedDictionary<int, int>)null!, 1, out _)).ParamName);
        Assert.Equal("list", Assert.Throws<ArgumentNullException>(() => PooledCollectionsMarshal.SetCount((PooledList<int>)null!, 1)).ParamName);
        Assert.Equal("list", Assert.Throws<ArgumentNullException>(() => PooledCollectionsMarshal.GetChunkSpan((ChunkedList<int>)null!, 0)).ParamName);
        Assert.True(PooledCollectionsMarshal.AsSpan((PooledList<int>?)null).IsEmpty);
        using PooledDictionary<string, int> pooled = new();
        using ChunkedDictionary<string, int> chunked = new();
        Assert.Equal("key", Assert.Throws<ArgumentNullException>(() => PooledCollectionsMarshal.GetValueRefOrAddDefault(pooled, null!, out _)).ParamName);
        Assert.Equal("key", Assert.Throws<ArgumentNullException>(() => PooledCollectionsMarshal.GetValueRefOrNullRef(chunked, null!)).ParamName);
        Assert.Equal(0, pooled.Count + chunked.Count);
    }

    [Fact]
    public void AfterDispose_EveryMemberThrowsObjectDisposed()
    {
        PooledDictionary<int, int> pooled = new() { [1] = 1 };
        ChunkedDictionary<int, int> chunked = new() { [1] = 1 };
        PooledList<int> list = [1, 2];
        ChunkedList<int> chunkedList = [1, 2];
        pooled.Dispose();
        chunked.Dispose();
        list.Dispose();
        chunkedList.Dispose();
        Assert.Throws<ObjectDisposedException>(() => PooledCollectionsMarshal.GetValueRefOrNullRef(pooled, 1));
        Assert.Throws<ObjectDisposedException>(() => PooledCollectionsMarshal.GetValueRefOrAddDefault(pooled, 1, out _));
        Assert.Throws<ObjectDisposedException>(() => PooledCollectionsMarshal.GetValueRefOrNullRef(chunked, 1));
        Assert.Throws<ObjectDisposedException>(() => PooledCollectionsMarshal.GetValueRefOrAddDefault(chunked, 1, out _));
        Assert.Throws<ObjectDisposedException>(() => PooledCollectionsMarshal.AsSpan(list));
        Assert.Throws<ObjectDisposedException>(() => PooledCollectionsMarshal.SetCount(list, 1));
        Assert.Throws<ObjectDisposedException>(() => PooledCollectionsMarshal.SetCount(chunkedList, 1));
        Assert.Throws<ObjectDisposedException>(() => PooledCollectionsMarshal.GetChunkSpan(chunkedList, 0));
        Assert.Throws<ObjectDisposedException>(() => chunkedList.AddRange([1]));
        Assert.Throws<ObjectDisposedException>(() => chunkedList.InsertRange(0, [1]));
        Assert.Throws<ObjectDisposedException>(() => chunkedList.CopyTo(new int[4].AsSpan()));
    }

    [Fact]
    public void PooledListSetCount_GrowsFromThePool_AndShrinkingClearsReferences()
    {
        using PooledList<string> list = ["a", "b", "c"];
        PooledCollectionsMarshal.SetCount(list, 1_000);
        Assert.Equal(1_000, list.Count);
        Assert.True(list.Capacity >= 1_000);
        Assert.Equal(["a", "b", "c"], list.Take(3));
        Assert.All(list.Skip(3), Assert.Null);
        PooledCollectionsMarshal.AsSpan(list)[999] = "last";
        PooledCollectionsMarshal.SetCount(list, 2);
        PooledCollectionsMarshal.SetCount(list, 1_000);
        Assert.Null(list[999]);
        Assert.Null(list[2]);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(3)]
    [InlineData(4)]
    [InlineData(5)]
    [InlineData(17)]
    [InlineData(64)]
    public void ChunkSpans_CoverTheListInOrder_AcrossChunkBoundaries(int count)
    {
        using ChunkedList<int> list = new(4, 16, null);
        PooledCollectionsMarshal.SetCount(list, count);
        List<int> lengths = [];
        for (int i = 0; i < list.Count;)
        {
            Span<int> segment = PooledCollectionsMarshal.GetChunkSpan(list, i);
            Assert.False(segment.IsEmpty);
            for (int j = 0; j < segment.Length; j++)
            {
                segment[j] = i + j;
            }

            lengths.Add(segment.Length);
            i += segment.Length;
        }

        Assert.Equal(Enumerable.Range(0, count), list);
        Assert.All(lengths, length => Assert.InRange(length, 1, 4));
        Assert.True(PooledCollectionsMarshal.GetChunkSpan(list, count).IsEmpty);
        Assert.Throws<ArgumentOutOfRangeException>(() => PooledCollectionsMarshal.GetChunkSpan(list, count + 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => PooledCollectionsMarshal.GetChunkSpan(list, -1));
        if (count > 2)
        {
            // From the middle of a chunk: the rest of that chunk only.
            Assert.Equal(Math.Min(4 - 1, count - 1), PooledCollectionsMarshal.GetChunkSpan(list, 1).Length);
        }
    }

    [Fact]
    public void ChunkedListAddRange_OfItsOwnShortFirstChunk_ReadsTheElementsBeforeTheChunkGoesBack()
    {
        // ClearMode.Always clears the replaced first chunk on its way back to the pool: reading the source span after
        // that would copy zeros.
        ArrayPool<int> pool = ArrayPool<int>.Create();
        using ChunkedList<int> list = new(pool, ClearMode.Always) { 1, 2, 3 };
        // The pool's smallest array holds 16: the third doubling (12 to 24) replaces the first chunk.
        for (int i = 0; i < 4; i++)
        {
            list.AddRange(PooledCollectionsMarshal.GetChunkSpan(list, 0));
        }

        Assert.Equal(Enumerable.Repeat(new[] { 1, 2, 3 }, 16).SelectMany(x => x), list);
    }

    [Fact]
    public void ChunkedListInsertRange_OfItsOwnElementsAfterTheIndex_InsertsWhatTheyWereBefore()
    {
        using ChunkedList<int> list = new(4, 16, null) { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 };
        list.InsertRange(2, PooledCollectionsMarshal.GetChunkSpan(list, 6)[..2]);
        Assert.Equal([0, 1, 6, 7, 2, 3, 4, 5, 6, 7, 8, 9], list);
    }

    [Fact]
    public void ChunkedListSpanMembers_MatchListAcrossTinyChunks()
    {
        Random random = new(31_337);
        List<int> twin = [];
        using ChunkedList<int> list = new(4, 16, null);
        for (int step = 0; step < 2_000; step++)
        {
            int[] source = Enumerable.Range(step * 10, random.Next(0, 11)).ToArray();
            int index = random.Next(-1, twin.Count + 2);
            string name = $"step {step}";
            switch (random.Next(4))
            {
                case 0:
                    twin.AddRange(source);
                    list.AddRange(source.AsSpan());
                    break;
                case 1:
                    Conformance.Conformance.SameOutcome(() => twin.InsertRange(index, source.AsSpan()), () => list.InsertRange(index, source.AsSpan()), name + " InsertRange");
                    break;
                case 2:
                    int newCount = random.Next(0, twin.Count + 1);
                    CollectionsMarshal.SetCount(twin, newCount);
                    PooledCollectionsMarshal.SetCount(list, newCount);
                    break;
                default:
                    if (twin.Count > 40)
                    {
                        twin.RemoveRange(0, 20);
                        list.RemoveRange(0, 20);
                    }

                    break;
            }

            int[] copy = new int[twin.Count];
            list.CopyTo(copy.AsSpan());
            Assert.Equal(twin, copy);
            Conformance.Conformance.SameSequence(twin, list, name + " contents");
        }
    }

    private static IDictionary<int, TValue> CreateDictionary<TValue>(string kind) => kind switch
    {
        "pooled" => new PooledDictionary<int, TValue>(),
        "chunked" => new ChunkedDictionary<int, TValue>(),
        _ => new ChunkedDictionary<int, TValue>(null, null, null, 4, 4, 16),
    };

    private static string Accumulate(IDictionary<int, long> dictionary, int key, long add)
    {
        ref long slot = ref SpanAccessTwins.GetValueRefOrAddDefault(dictionary, key, out bool exists);
        string read = $"{exists} {slot}";
        slot += add;
        return read;
    }

    private static string Peek(IDictionary<int, long> dictionary, int key)
    {
        ref long slot = ref SpanAccessTwins.GetValueRefOrNullRef(dictionary, key);
        return Unsafe.IsNullRef(ref slot) ? "null ref" : slot.ToString(System.Globalization.CultureInfo.InvariantCulture);
    }
}
